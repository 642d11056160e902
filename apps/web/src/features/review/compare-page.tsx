import { languageName } from '@assessly/shared';
/** /admin/tests/:testId/compare?attemptIds=a,b[,c]: two or three candidates side by side. */
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { PageSpinner } from '../../app/page-spinner';
import { eventLabel, formatDuration, useCompare, useStageLabel } from './review-api';
import { CodeBlock, ErrorScreen, HiringBadge } from './review-ui';
import './review.css';

export function ComparePage() {
  const { testId = '' } = useParams();
  const [params] = useSearchParams();
  const ids = (params.get('attemptIds') ?? '').split(',').filter(Boolean);
  const q = useCompare(ids);
  const stageName = useStageLabel();
  const back = <Link to={`/admin/tests/${testId}/results`}>← Results</Link>;
  if (ids.length < 2)
    return (
      <main className="container rv-page">
        <p className="rv-nav">{back}</p>
        <p className="alert alert-info">Choose two or three candidates on the results page to compare them.</p>
      </main>
    );
  if (q.isPending) return <PageSpinner label="Loading the comparison..." />;
  if (q.isError) return <ErrorScreen message={q.error.message} onRetry={() => q.refetch()} />;
  const { test, candidates } = q.data;
  const problems = candidates[0]?.problems ?? [];
  return (
    <main className="container rv-page rv-compare">
      <p className="rv-nav">{back}</p>
      <h1>Compare candidates: {test.testName}</h1>
      <div className="rv-table-wrap">
        <table className="table" aria-label="Comparison">
          <thead>
            <tr>
              <th scope="col">
                <span className="sr-only">Measure</span>
              </th>
              {candidates.map((c) => (
                <th key={c.attemptId} scope="col">
                  <Link to={`/admin/reports/${c.attemptId}`}>{c.name}</Link>
                  <br />
                  <span className="muted">{c.email}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">Total score</th>
              {candidates.map((c) => (
                <td key={c.attemptId}>
                  {c.score}/{c.maxScore} ({c.percent}%){' '}
                  {c.passed === null ? 'Awaiting grading' : c.passed ? 'Pass' : 'Fail'}
                </td>
              ))}
            </tr>
            {problems.map((p, i) => (
              <tr key={p.questionId}>
                <th scope="row">{p.title}</th>
                {candidates.map((c) => {
                  const mine = c.problems[i];
                  return (
                    <td key={c.attemptId}>
                      {mine ? `${mine.score}/${mine.marks} · ${mine.passed}/${mine.total} cases` : '—'}
                    </td>
                  );
                })}
              </tr>
            ))}
            <tr>
              <th scope="row">Time used</th>
              {candidates.map((c) => (
                <td key={c.attemptId}>
                  {formatDuration(c.timeUsedSeconds)}
                  {c.extraMinutes > 0 && <span className="muted"> (+{c.extraMinutes} min accommodation)</span>}
                </td>
              ))}
            </tr>
            <tr>
              <th scope="row">Integrity events</th>
              {candidates.map((c) => (
                <td key={c.attemptId}>
                  {c.integrity.total === 0
                    ? 'None'
                    : Object.entries(c.integrity.counts)
                        .map(([k, n]) => `${eventLabel(k)} × ${n}`)
                        .join(', ')}
                </td>
              ))}
            </tr>
            <tr>
              <th scope="row">Status</th>
              {candidates.map((c) => (
                <td key={c.attemptId}>
                  <HiringBadge status={c.hiringStatus} label={stageName(c.hiringStatus)} />
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      </div>
      {problems.map((p, i) => (
        <section key={p.questionId} className="card rv-section" aria-label={`Code for ${p.title}`}>
          <h2>{p.title}: code</h2>
          <div className="rv-side">
            {candidates.map((c) => (
              <div key={c.attemptId}>
                <h3>
                  {c.name}{' '}
                  <span className="muted">
                    ({c.problems[i] ? languageName(c.problems[i].language) : 'no submission'})
                  </span>
                </h3>
                <CodeBlock code={c.problems[i]?.code ?? '(no submission)'} label={`Code of ${c.name}`} />
              </div>
            ))}
          </div>
        </section>
      ))}
    </main>
  );
}
