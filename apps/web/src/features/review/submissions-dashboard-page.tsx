/** /admin/submission: the Test Management Dashboard (spec part 2 §2.6) with real data, employers only (docs/DECISIONS.md §3). */
import type { TDashboardTest } from '@assessly/shared';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PageSpinner } from '../../app/page-spinner';
import { formatDate } from '../../lib/format';
import { useDashboard, useTestSubmissions } from './review-api';
import { ErrorScreen, Pager } from './review-ui';
import { SubmissionCard } from './submission-card';
import './review.css';
import { useCan } from '../auth/use-can';

export function SubmissionsDashboardPage() {
  const [page, setPage] = useState(1);
  const [needsGrading, setNeedsGrading] = useState(false);
  const q = useDashboard(page, needsGrading);
  const mayAuthor = useCan()('tests.author');
  if (q.isPending) return <PageSpinner label="Loading dashboard..." />;
  if (q.isError) return <ErrorScreen message={q.error.message} onRetry={() => q.refetch()} />;
  const d = q.data;
  const name = `${d.user.firstName} ${d.user.lastName}`.trim();
  return (
    <main className="container rv-page">
      <header className="rv-header">
        <div>
          <h1>Test Management Dashboard</h1>
          <p className="muted" style={{ margin: 0 }}>
            {name && <strong style={{ color: 'var(--text)' }}>{name}</strong>} {d.user.email}
          </p>
        </div>
        <nav className="rv-nav" aria-label="Review">
          <Link to="/admin">Admin</Link>
          <Link to="/admin/tests">Tests</Link>
          <Link to="/admin/templates">Email templates</Link>
        </nav>
      </header>
      <section className="grid-4" aria-label="Statistics">
        <Stat label="Total Tests" value={d.stats.totalTests} />
        <Stat label="Total Submissions" value={d.stats.totalSubmissions} />
        <Stat label="Active Tests" value={d.stats.activeTests} />
        <Stat label="Average Score" value={`${d.stats.averageScore.toFixed(1)}%`} />
      </section>
      <label className="row no-print">
        <input
          type="checkbox"
          checked={needsGrading}
          onChange={(e) => {
            setNeedsGrading(e.target.checked);
            setPage(1);
          }}
        />{' '}
        Only tests with written answers that need grading
      </label>
      {d.totalTests === 0 && needsGrading ? (
        <p className="muted">No written answers are waiting for a grade.</p>
      ) : d.totalTests === 0 ? (
        <section className="card rv-empty rv-section">
          <h2>No Tests Created Yet</h2>
          <p className="muted">
            {mayAuthor
              ? 'Create a test, invite candidates, and their submissions appear here.'
              : 'When a colleague creates a test and candidates take it, their submissions appear here.'}
          </p>
          {mayAuthor && (
            <Link to="/admin/tests/create" className="btn btn-primary">
              Create Your First Test
            </Link>
          )}
        </section>
      ) : (
        <>
          <section className="rv-tests" aria-label="Tests">
            {d.tests.map((t) => (
              <TestCard key={t.id} test={t} />
            ))}
          </section>
          <Pager page={page} pageSize={d.pageSize} total={d.totalTests} onPage={setPage} label="Tests pages" />
        </>
      )}
    </main>
  );
}

function Stat({ label, value }: { label: string; value: number | string }) {
  return (
    <div className="card rv-stat">
      <span className="rv-stat-label">{label}</span>
      <span className="rv-stat-value">{value}</span>
    </div>
  );
}

function TestCard({ test }: { test: TDashboardTest }) {
  const [open, setOpen] = useState(false);
  const [page, setPage] = useState(1);
  const subs = useTestSubmissions(test.id, page, open);
  const bodyId = `test-body-${test.id}`;
  return (
    <article className="card rv-test">
      <button
        type="button"
        className="rv-test-toggle"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => setOpen((o) => !o)}
      >
        <span>
          <span className="rv-test-title">{test.testName}</span>
          <span className="rv-test-meta">
            {' '}
            · {test.testType} · {test.isActive ? 'Active' : 'Inactive'} · created {formatDate(test.createdAt)}
          </span>
          <br />
          <span className="rv-test-meta">
            {test.submissionCount} submission{test.submissionCount === 1 ? '' : 's'} · {test.candidateCount} candidate
            {test.candidateCount === 1 ? '' : 's'}
            {test.averageScore != null && ` · average ${test.averageScore.toFixed(1)}%`}
            {test.needsGrading > 0 && ` · ${test.needsGrading} need${test.needsGrading === 1 ? 's' : ''} grading`}
          </span>
        </span>
        <span className={`rv-chevron${open ? ' open' : ''}`} aria-hidden="true">
          ▶
        </span>
      </button>
      {open && (
        <div className="rv-test-body" id={bodyId}>
          <div className="row">
            <Link className="btn btn-outline btn-sm" to={`/admin/tests/${test.id}/results`}>
              Results &amp; ranking
            </Link>
            <Link className="btn btn-outline btn-sm" to={`/admin/tests/${test.id}/invite`}>
              Invite candidates
            </Link>
            {test.testType === 'CODING' && (
              <Link className="btn btn-outline btn-sm" to={`/admin/similarity/${test.id}`}>
                Similarity check
              </Link>
            )}
          </div>
          {subs.isPending ? (
            <PageSpinner label="Loading submissions..." />
          ) : subs.isError ? (
            <p className="alert alert-error" role="alert">
              {subs.error.message || 'Something went wrong'}
            </p>
          ) : subs.data.total === 0 ? (
            <p className="muted">
              No submissions yet
              {test.testType === 'APTITUDE' && ' (aptitude answers are scored per candidate: see Results & ranking)'}
            </p>
          ) : (
            <>
              {subs.data.items.map((s) => (
                <SubmissionCard key={s.id} s={s} />
              ))}
              <Pager
                page={page}
                pageSize={subs.data.pageSize}
                total={subs.data.total}
                onPage={setPage}
                label={`${test.testName} submissions pages`}
              />
            </>
          )}
        </div>
      )}
    </article>
  );
}
