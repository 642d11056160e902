/** The candidate's own tests and hiring statuses, shown on /profile. */
import { Link } from 'react-router-dom';
import { formatDate } from '../../lib/format';
import { useMe } from '../auth/use-auth';
import { useMyTests } from './review-api';
import { HiringBadge } from './review-ui';
import './review.css';

const STATE_LABEL = { invited: 'Invited', in_progress: 'In progress', completed: 'Completed' } as const;

export function MyTests() {
  const me = useMe();
  // Employers have no tests of their own to take; their review lives on /admin/submission.
  if (me.data?.role !== 'candidate') return null;
  return <MyTestsTable />;
}

function MyTestsTable() {
  const q = useMyTests();
  return (
    <section className="card rv-mytests" aria-labelledby="my-tests-h">
      <h2 id="my-tests-h" style={{ marginTop: 0 }}>
        My Tests
      </h2>
      {q.isPending ? (
        <p className="muted">Loading your tests...</p>
      ) : q.isError ? (
        <p className="alert alert-error">{q.error.message}</p>
      ) : q.data.length === 0 ? (
        <p className="muted">You have not taken or been invited to any test yet.</p>
      ) : (
        <div className="rv-table-wrap">
          <table className="table" aria-label="My tests">
            <thead>
              <tr>
                <th>Test</th>
                <th>Dates</th>
                <th>Progress</th>
                <th>Score</th>
                <th>Hiring status</th>
              </tr>
            </thead>
            <tbody>
              {q.data.map((t) => (
                <tr key={t.testId}>
                  <td>
                    <strong>{t.testName}</strong>
                    <br />
                    <span className="muted">
                      {t.companyName ?? ''} · {t.testType === 'CODING' ? 'Coding' : 'Aptitude'}
                    </span>
                  </td>
                  <td>
                    {t.startedAt
                      ? `Started ${formatDate(t.startedAt)}`
                      : t.endTime
                        ? `Closes ${formatDate(t.endTime)}`
                        : '—'}
                    {t.endedAt && (
                      <>
                        <br />
                        Finished {formatDate(t.endedAt)}
                      </>
                    )}
                  </td>
                  <td>
                    {STATE_LABEL[t.state]}
                    {t.state !== 'completed' && (
                      <>
                        {' '}
                        <Link to={t.takePath}>{t.state === 'invited' ? 'Start' : 'Continue'}</Link>
                      </>
                    )}
                  </td>
                  <td>{t.score != null && t.maxScore != null ? `${t.score} / ${t.maxScore}` : '—'}</td>
                  <td>{t.state === 'completed' ? <HiringBadge status={t.hiringStatus} /> : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
