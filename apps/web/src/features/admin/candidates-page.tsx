import { PageSpinner } from '../../app/page-spinner';
import { formatDate } from '../../lib/format';
import { useCandidates } from './admin-api';

/** Candidates (/admin/candidates): everyone who attempted or submitted to this company's tests. */
export function CandidatesPage() {
  const q = useCandidates();
  return (
    <main>
      <div className="admin-page-head">
        <h1>Candidates</h1>
      </div>
      {q.isPending && <PageSpinner label="Loading candidates..." />}
      {q.isError && (
        <div className="alert alert-error" role="alert">
          Failed to load candidates: {q.error.message}
        </div>
      )}
      {q.data && q.data.length === 0 && (
        <div className="card empty-state">
          <h2>No candidates yet</h2>
          <p>Candidates appear here once they start one of your tests.</p>
        </div>
      )}
      {q.data && q.data.length > 0 && (
        <div className="card" style={{ padding: 0, overflowX: 'auto' }}>
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Tests Taken</th>
                <th scope="col">Last Activity</th>
              </tr>
            </thead>
            <tbody>
              {q.data.map((c) => (
                <tr key={c.id}>
                  <td>{`${c.firstName} ${c.lastName}`.trim() || '—'}</td>
                  <td>{c.email}</td>
                  <td>{c.testsTaken}</td>
                  <td>{formatDate(c.lastActivity)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </main>
  );
}
