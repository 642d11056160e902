/**
 * Issue 41: an attempt that started without the live check carries a live_unconfirmed event with the enrolment
 * photo. The report shows that photo and lets any member of the company (policy review.identity) confirm or
 * reject the identity, with an optional note; the server audits every decision.
 */
import type { TIdentityDecision, TProctoringEvent } from '@assessly/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useCan } from '../auth/use-can';

export function IdentityReview({ attemptId, event }: { attemptId: string; event: TProctoringEvent }) {
  const id = useId();
  const qc = useQueryClient();
  const may = useCan()('review.identity');
  const decided = event.identity ?? null;
  const [note, setNote] = useState(decided?.note ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: TIdentityDecision) => api(`/api/review/attempts/${attemptId}/identity`, { method: 'PUT', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['review', 'report', attemptId] }),
  });
  const decide = async (decision: TIdentityDecision['decision']) => {
    setError(null);
    try {
      await save.mutateAsync({ decision, ...(note.trim() ? { note: note.trim() } : {}) });
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <section className="rv-identity" aria-labelledby={`${id}-h`} data-testid="identity-review">
      <h3 id={`${id}-h`}>Identity to be confirmed</h3>
      <p>
        The candidate started without completing the live check (the head turn). Compare the enrolment photo with the
        frames of the sitting, then confirm or reject the identity.
      </p>
      {event.frameUrl && (
        <img src={event.frameUrl} alt="The candidate at enrolment, before the start" width={320} loading="lazy" />
      )}
      <p data-testid="identity-decision">
        {decided ? (
          <strong>
            Identity {decided.decision} by {decided.decidedBy ?? 'a former member'} on{' '}
            {formatDateTime(decided.decidedAt)}
            {decided.note ? `: ${decided.note}` : ''}
          </strong>
        ) : (
          <strong>Not decided yet.</strong>
        )}
      </p>
      {may && (
        <div className="no-print">
          <label htmlFor={`${id}-note`}>Note (optional)</label>
          <textarea id={`${id}-note`} maxLength={500} rows={2} value={note} onChange={(e) => setNote(e.target.value)} />
          <div className="row">
            <button
              type="button"
              className="btn btn-primary"
              disabled={save.isPending}
              onClick={() => void decide('confirmed')}
            >
              Confirm identity
            </button>
            <button
              type="button"
              className="btn btn-outline"
              disabled={save.isPending}
              onClick={() => void decide('rejected')}
            >
              Reject identity
            </button>
          </div>
          {error && (
            <p className="alert alert-error" role="alert">
              {error}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
