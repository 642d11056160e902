/**
 * Issue 46: the accommodations candidates asked for on this test, on the test's invitations panel. Owners,
 * admins and recruiters grant or refuse each (extra time with the minutes to grant); reviewers read them.
 * A decision is final once the candidate has started.
 */
import type { TAccommodationKind, TAccommodationRequestRow } from '@assessly/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useCan } from '../auth/use-can';

const KIND_LABEL: Record<TAccommodationKind, string> = {
  extra_time: 'Extra time',
  no_camera: 'No camera',
  screen_reader: 'Screen-reader mode',
};
const STATUS_LABEL = { pending: 'Waiting for you', granted: 'Granted', refused: 'Refused' } as const;
const STATUS_CLASS = { pending: 'badge-warning', granted: 'badge-success', refused: 'badge-danger' } as const;

const requestsKey = (testId: string) => ['review', 'accommodation-requests', testId] as const;

export function AccommodationRequests({ testId }: { testId: string }) {
  const list = useQuery({
    queryKey: requestsKey(testId),
    queryFn: () => api<TAccommodationRequestRow[]>(`/api/tests/${testId}/accommodation-requests`),
  });
  const canDecide = useCan()('invitations.send');
  return (
    <section aria-labelledby="acc-requests-h">
      <h3 id="acc-requests-h">Accommodation requests</h3>
      {list.isPending ? (
        <p className="muted">Loading requests...</p>
      ) : list.isError ? (
        <p className="alert alert-error">{list.error.message}</p>
      ) : list.data.length === 0 ? (
        <p className="muted">No candidate has asked for an accommodation.</p>
      ) : (
        <ul className="acc-requests">
          {list.data.map((r) => (
            <RequestItem key={r.id} r={r} testId={testId} canDecide={canDecide} />
          ))}
        </ul>
      )}
    </section>
  );
}

function RequestItem({ r, testId, canDecide }: { r: TAccommodationRequestRow; testId: string; canDecide: boolean }) {
  const qc = useQueryClient();
  const ids = { minutes: useId(), note: useId() };
  const [minutes, setMinutes] = useState(String(r.grantedMinutes ?? r.extraMinutes ?? ''));
  const [note, setNote] = useState(r.decisionNote ?? '');
  const decide = useMutation({
    mutationFn: (decision: 'granted' | 'refused') =>
      api(`/api/accommodation-requests/${r.id}/decision`, {
        method: 'PUT',
        body: {
          decision,
          ...(decision === 'granted' && r.kinds.includes('extra_time') ? { extraMinutes: Number(minutes) } : {}),
          note: note.trim() || null,
        },
      }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: requestsKey(testId) });
      void qc.invalidateQueries({ queryKey: ['review', 'invitations', testId] });
    },
  });
  const asked = r.kinds.map((k) => (k === 'extra_time' ? `${KIND_LABEL[k]} (${r.extraMinutes} min)` : KIND_LABEL[k]));
  return (
    <li className="acc-request card" aria-label={`Request of ${r.candidateName}`}>
      <p>
        <strong>{r.candidateName}</strong> ({r.email}) asked for {asked.join(', ')} on {formatDateTime(r.createdAt)}.{' '}
        <span className={`badge ${STATUS_CLASS[r.status]}`}>{STATUS_LABEL[r.status]}</span>
        {r.status === 'granted' && r.grantedMinutes ? ` +${r.grantedMinutes} minutes` : ''}
      </p>
      <p className="muted">Reason: {r.reason}</p>
      {r.started ? (
        <p className="muted">The candidate has started: the decision stands.</p>
      ) : (
        canDecide && (
          <div className="acc-decide">
            {r.kinds.includes('extra_time') && (
              <div className="field">
                <label htmlFor={ids.minutes}>Extra minutes to grant</label>
                <input
                  id={ids.minutes}
                  className="input"
                  type="number"
                  min={1}
                  max={600}
                  value={minutes}
                  onChange={(e) => setMinutes(e.target.value)}
                />
              </div>
            )}
            <div className="field">
              <label htmlFor={ids.note}>Note to the candidate (optional)</label>
              <input id={ids.note} className="input" value={note} onChange={(e) => setNote(e.target.value)} />
            </div>
            <button
              type="button"
              className="btn btn-primary btn-sm"
              disabled={decide.isPending}
              onClick={() => decide.mutate('granted')}
            >
              Grant
            </button>{' '}
            <button
              type="button"
              className="btn btn-outline btn-sm"
              disabled={decide.isPending}
              onClick={() => decide.mutate('refused')}
            >
              Refuse
            </button>
            {decide.isError && (
              <p className="alert alert-error" role="alert">
                {decide.error.message}
              </p>
            )}
          </div>
        )
      )}
    </li>
  );
}
