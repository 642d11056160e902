/**
 * The coding page's draft autosave: a SaveQueue whose items carry the revision they were written on top of.
 * A successful save moves this tab's revision (and that of any newer unsent edit of the same key) forward;
 * a save refused as stale (another tab or device saved meanwhile) is reported so the page reloads the newer
 * draft instead of overwriting it.
 */
import type { TDraftInput, TDraftSaved, TTakeTest } from '@assessly/shared';
import { type ApiError, api } from '../../lib/api';
import { SaveQueue } from './save-queue';

export type DraftItem = TDraftInput & { baseRevision: number };

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
      const res = await api<TDraftSaved>(`/api/attempts/${testId}/drafts`, { method: 'PUT', body: item });
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
