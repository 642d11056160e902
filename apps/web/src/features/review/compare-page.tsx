/** /admin/tests/:testId/compare?attemptIds=a,b[,c]: two or three candidates side by side. */
import { languageName, type TProblemScore } from '@assessly/shared';
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
                  return <td key={c.attemptId}>{mine ? problemCell(mine) : '—'}</td>;
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
      {problems.map((p, i) => {
        // a written question shows each answer (issue 46); a choice question its chosen options; a problem its code
        const what = p.written ? 'answer' : p.choice ? 'choice' : 'code';
        return (
          <section key={p.questionId} className="card rv-section" aria-label={`${cap(what)} for ${p.title}`}>
            <h2>
              {p.title}: {what}
            </h2>
            <div className="rv-side">
              {candidates.map((c) => {
                const mine = c.problems[i];
                return (
                  <div key={c.attemptId}>
                    <h3>
                      {c.name} <span className="muted">({mine ? sideNote(mine) : 'no answer'})</span>
                    </h3>
                    {mine?.written ? (
                      mine.written.answer === null ? (
                        <p className="muted">Not answered</p>
                      ) : (
                        <blockquote className="rv-response" aria-label={`Answer of ${c.name}`}>
                          {mine.written.answer}
                        </blockquote>
                      )
                    ) : mine?.choice ? (
                      <p>{chosenText(mine.choice)}</p>
                    ) : (
                      <CodeBlock code={mine?.code ?? '(no submission)'} label={`Code of ${c.name}`} />
                    )}
                  </div>
                );
              })}
            </div>
          </section>
        );
      })}
    </main>
  );
}

const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);

/** One question's figure: a problem's score and cases, a written answer's grade or "awaiting grading". */
function problemCell(p: TProblemScore): string {
  if (p.written) {
    if (p.written.answer === null) return `${p.score}/${p.marks} · not answered`;
    return p.written.grade ? `${p.score}/${p.marks} · graded` : `Awaiting grading (of ${p.marks})`;
  }
  if (p.choice) return `${p.score}/${p.marks} · ${choiceState(p)}`;
  if (p.submissionCount === 0) return `${p.score}/${p.marks} · not attempted`;
  return `${p.score}/${p.marks} · ${p.passed}/${p.total} cases`;
}

function choiceState(p: TProblemScore): string {
  if (!p.choice || p.choice.chosen.length === 0) return 'not answered';
  return p.score >= p.marks ? 'correct' : p.score > 0 ? 'partly right' : 'wrong';
}

function sideNote(p: TProblemScore): string {
  if (p.written) return p.written.answer === null ? 'no answer' : p.written.grade ? 'graded' : 'awaiting grading';
  if (p.choice) return choiceState(p);
  return p.language ? languageName(p.language) : 'no submission';
}

function chosenText(c: NonNullable<TProblemScore['choice']>): string {
  const names = (ids: number[]) => ids.map((i) => `“${c.options[i] ?? `Option ${i + 1}`}”`).join(', ');
  return c.chosen.length === 0
    ? `Not answered · correct: ${names(c.correct)}`
    : `Chose ${names(c.chosen)} · correct: ${names(c.correct)}`;
}
