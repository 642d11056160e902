import { useRef, useState } from 'react';
import { useDialog } from '../../app/use-dialog';
import { ApiError, api } from '../../lib/api';

interface History {
  version: number;
  outdatedSubmissions: number;
}

/** After a save: the problems that now have submissions judged against an older version. */
export async function findOutdated(
  problems: { id: string; title: string; version: number }[],
  before: Map<string, number>,
) {
  const changed = problems.filter((p) => (before.get(p.id) ?? p.version) < p.version);
  const out: { id: string; title: string; version: number; count: number }[] = [];
  for (const p of changed) {
    const h = await api<History>(`/api/coding-tests/${p.id}/history`);
    if (h.outdatedSubmissions > 0)
      out.push({ id: p.id, title: p.title, version: h.version, count: h.outdatedSubmissions });
  }
  return out;
}

/**
 * Editing a problem with submissions made a new version: ask whether to re-judge the existing submissions
 * against it. Re-judging is explicit and logged; their current results stay visible to reviewers.
 */
export function RejudgePrompt({
  items,
  onDone,
}: {
  items: { id: string; title: string; version: number; count: number }[];
  onDone: (message: string | null) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  useDialog(ref, () => onDone(null));
  const rejudge = async () => {
    setBusy(true);
    setError(null);
    try {
      let n = 0;
      for (const p of items)
        n += (await api<{ submissionCount: number }>(`/api/coding-tests/${p.id}/rejudge`, { method: 'POST' }))
          .submissionCount;
      onDone(`${n} submission(s) queued for re-judging; their earlier results stay in the history.`);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Re-judging failed. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="modal-backdrop">
      <div ref={ref} className="modal" role="dialog" aria-modal="true" aria-labelledby="rejudge-title">
        <h2 id="rejudge-title">Re-judge existing submissions?</h2>
        <p>Your edit created a new version of:</p>
        <ul>
          {items.map((p) => (
            <li key={p.id}>
              “{p.title}” (now version {p.version}): {p.count} submission(s) were judged against an earlier version
            </li>
          ))}
        </ul>
        <p className="muted">
          Those submissions keep their current results and scores unless you re-judge them. A re-judge is logged, and
          the earlier results stay visible.
        </p>
        {error && (
          <div className="alert alert-error" role="alert">
            {error}
          </div>
        )}
        <div className="row" style={{ justifyContent: 'flex-end' }}>
          <button type="button" className="btn btn-outline" onClick={() => onDone(null)} disabled={busy}>
            Keep current results
          </button>
          <button type="button" className="btn btn-primary" onClick={rejudge} disabled={busy}>
            {busy ? 'Re-judging...' : 'Re-judge against the new version'}
          </button>
        </div>
      </div>
    </div>
  );
}
