import { Link } from 'react-router-dom';
import { PageSpinner } from '../../app/page-spinner';
import { formatDate } from '../../lib/format';
import { useCan } from '../auth/use-can';
import { useStats, useTests } from './admin-api';
import { statBarWidth } from './admin-helpers';
import { TestsLoading } from './editor-parts';

/** Dashboard (/admin): real counts from the server; a failure is shown as an error, never as sample numbers. */
export function AdminDashboardPage() {
  const stats = useStats();
  const tests = useTests();
  const mayAuthor = useCan()('tests.author');
  const cards = stats.data
    ? [
        { label: 'Total Tests', value: stats.data.totalTests },
        { label: 'Aptitude Tests', value: stats.data.aptitudeTests },
        { label: 'Coding Tests', value: stats.data.codingTests },
        { label: 'Candidates', value: stats.data.candidates },
      ]
    : [];
  return (
    <main>
      <div className="admin-page-head">
        <h1>Dashboard</h1>
        {mayAuthor && (
          <Link to="/admin/tests/create" className="btn btn-primary">
            Create New Test
          </Link>
        )}
      </div>
      {stats.isPending && <PageSpinner label="Loading statistics..." />}
      {stats.isError && (
        <div className="alert alert-error" role="alert">
          Failed to load dashboard statistics: {stats.error.message}
        </div>
      )}
      {stats.data && (
        <section className="grid-4" aria-label="Statistics">
          {cards.map((c) => (
            <div className="card stat-card" key={c.label}>
              <span className="muted">{c.label}</span>
              <span className="stat-value" data-testid={`stat-${c.label}`}>
                {c.value}
              </span>
              <div className="stat-bar" aria-hidden="true">
                <span style={{ width: statBarWidth(c.value) }} />
              </div>
            </div>
          ))}
        </section>
      )}
      <section className="card" style={{ marginTop: '1.5rem' }} aria-labelledby="recent-tests">
        <div className="admin-page-head" style={{ marginBottom: '0.5rem' }}>
          <h2 id="recent-tests" style={{ margin: 0 }}>
            Recent Tests
          </h2>
          <Link to="/admin/tests">View all</Link>
        </div>
        <TestsLoading tests={tests} />
        {tests.data && tests.data.length === 0 && <p className="muted">No tests created yet</p>}
        {tests.data && tests.data.length > 0 && (
          <ul className="recent-list">
            {tests.data.slice(0, 5).map((t) => (
              <li key={t.id}>
                <div>
                  <strong>{t.testName}</strong>{' '}
                  <span className={`badge${t.testType === 'CODING' ? ' badge-warning' : ''}`}>
                    {t.testType === 'CODING' ? 'Coding' : 'Aptitude'}
                  </span>
                  <div className="muted" style={{ fontSize: '0.9rem' }}>
                    Created {formatDate(t.createdAt)} by {t.createdByEmail ?? 'Unknown'}
                  </div>
                </div>
                <Link
                  to={`/admin/tests/${t.id}`}
                  className="btn btn-outline btn-sm"
                  aria-label={`View Details of ${t.testName}`}
                >
                  View Details
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}
