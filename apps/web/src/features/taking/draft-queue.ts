/**
 * The coding page's draft autosave: a SaveQueue whose items carry the revision they were written on top of.
 * A successful save moves this tab's revision (and that of any newer unsent edit of the same key) forward;
 * a save refused as stale (another tab or device saved meanwhile) is reported so the page reloads the newer
 * draft instead of overwriting it.
 */
import { DRAFT_GZIP_THRESHOLD, type TDraftInput, type TDraftSaved, type TTakeTest } from '@assessly/shared';
import { type ApiError, api } from '../../lib/api';
import { SaveQueue } from './save-queue';

export type DraftItem = TDraftInput & { baseRevision: number };

/**
 * The body of a draft save: plain JSON, or gzipped (Content-Encoding: gzip) when its JSON is longer than
 * DRAFT_GZIP_THRESHOLD and the browser has CompressionStream. The server inflates it up to the route's limit.
 */
export async function encodeDraftBody(
  item: DraftItem,
): Promise<{ body: Blob | string; headers: Record<string, string> }> {
  const json = JSON.stringify(item);
  if (json.length <= DRAFT_GZIP_THRESHOLD || typeof CompressionStream === 'undefined')
    return { body: json, headers: {} };
  const gzipped = await new Response(new Blob([json]).stream().pipeThrough(new CompressionStream('gzip'))).blob();
  return { body: gzipped, headers: { 'content-encoding': 'gzip' } };
}

export const draftKey = (questionId: string, language: string) => `${questionId}|${language}`;

export class DraftQueue extends SaveQueue<DraftItem> {
  private readonly known: Map<string, number>;

  constructor(
    testId: string,
    attemptId: string,
    drafts: TTakeTest['drafts'],
    onStale: (key: string, err: ApiError) => void,
  ) {
    const known = new Map<string, number>();
    const self: { q?: DraftQueue } = {};
    super(`assessly.drafts.${attemptId}`, async (item, key) => {
      const { body, headers } = await encodeDraftBody(item);
      const res = await api<TDraftSaved>(`/api/attempts/${testId}/drafts`, {
        method: 'PUT',
        encodedBody: body,
        headers,
      });
      known.set(key, res.revision);
      // A newer edit of this key waiting behind this one now builds on the revision just written.
      self.q?.patchPending(key, (it) => ({ ...it, baseRevision: res.revision }));
      return res;
    });
    self.q = this;
    this.known = known;
    for (const d of drafts) {
      this.known.set(draftKey(d.questionId, d.language), d.revision ?? 0);
      this.knownServerSave(d.updatedAt || null);
    }
    this.onRefused = (key, err) => {
      if (err.code === 'DRAFT_STALE') onStale(key, err);
    };
  }

  save(item: TDraftInput) {
    const key = draftKey(item.questionId, item.language);
    this.put(key, { ...item, baseRevision: this.known.get(key) ?? 0 });
  }
}
