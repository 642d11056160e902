/** /admin/interviews — the company's interviews with their status, and scheduling a new one. */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { ErrorAlert } from '../../app/alert';
import { serverMessage } from '../../lib/api';
import { interviewsApi } from './interviews-api';
import { ScheduleForm } from './schedule-form';
import './interviews.css';

const STATUS_TEXT = { scheduled: 'Scheduled', live: 'Live', ended: 'Ended' } as const;

export function InterviewsPage() {
  const list = useQuery({ queryKey: ['interviews'], queryFn: interviewsApi.list });
  return (
    <div className="container">
      <h1>Interviews</h1>
      <ScheduleForm />
      <h2>All interviews</h2>
      {list.isPending && <p className="muted">Loading interviews…</p>}
      {list.isError && <ErrorAlert message={serverMessage(list.error, 'The interviews could not be loaded.')} />}
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
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
