/** /admin/interviews — the company's interviews with their status, and scheduling a new one. */
import type { TInterviewSummary } from '@assessly/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { ErrorAlert } from '../../app/alert';
import { serverMessage } from '../../lib/api';
import { useCan } from '../auth/use-can';
import { interviewsApi } from './interviews-api';
import { ScheduleForm } from './schedule-form';
import './interviews.css';

const STATUS_TEXT = { scheduled: 'Scheduled', live: 'Live', ended: 'Ended' } as const;

export function InterviewsPage() {
  const list = useQuery({ queryKey: ['interviews'], queryFn: interviewsApi.list });
  const mayErase = useCan()('interviews.erase');
  const queryClient = useQueryClient();
  const erase = useMutation({
    mutationFn: (i: TInterviewSummary) => interviewsApi.erase(i.id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['interviews'] }),
  });
  const confirmErase = (i: TInterviewSummary) => {
    const question = `Delete "${i.title}" with ${i.candidateEmail}: its code, notes, runs and scorecard? This cannot be undone.`;
    if (window.confirm(question)) erase.mutate(i);
  };
  return (
    <main className="container">
      <h1>Interviews</h1>
      <ScheduleForm />
      <h2>All interviews</h2>
      {list.isPending && <p className="muted">Loading interviews…</p>}
      {list.isError && <ErrorAlert message={serverMessage(list.error, 'The interviews could not be loaded.')} />}
      {erase.isError && <ErrorAlert message={serverMessage(erase.error, 'The interview could not be deleted.')} />}
      {list.data && list.data.length === 0 && <p className="muted">No interviews yet. Schedule one above.</p>}
      {list.data && list.data.length > 0 && (
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Title</th>
              <th scope="col">Candidate</th>
              <th scope="col">Status</th>
              <th scope="col">Scorecard</th>
              <th scope="col">Open</th>
              {mayErase && <th scope="col">Delete</th>}
            </tr>
          </thead>
          <tbody>
            {list.data.map((i) => (
              <tr key={i.id}>
                <td>{i.title}</td>
                <td>{i.candidateEmail}</td>
                <td>{STATUS_TEXT[i.status]}</td>
                <td>{i.hasScorecard ? 'Filled in' : '—'}</td>
                <td>
                  {i.status === 'ended' ? (
                    <Link to={`/admin/interviews/${i.id}`}>Record and replay</Link>
                  ) : (
                    <a href={`/interview/${i.id}`}>Open room</a>
                  )}
                </td>
                {mayErase && (
                  <td>
                    <button
                      type="button"
                      className="btn btn-danger btn-sm"
                      onClick={() => confirmErase(i)}
                      disabled={erase.isPending}
                      aria-label={`Delete interview ${i.title} with ${i.candidateEmail}`}
                    >
                      Delete
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </main>
  );
}
