/**
 * /admin/reports/:attemptId: a candidate's report on one test, laid out to print (or save as PDF). Roles that may
 * decide move the candidate to any stage of the company's pipeline from here (stage-move.tsx; issue 26).
 */
import { DEFAULT_PIPELINE, languageName, type TProblemScore } from '@assessly/shared';
import { Link, useParams } from 'react-router-dom';
import { PageSpinner } from '../../app/page-spinner';
import { formatDateTime } from '../../lib/format';
import { useCan } from '../auth/use-can';
import { CandidateInterviews } from '../interviews/candidate-interviews';
import { AiUseSection } from './ai-use';
import { IdentityReview } from './identity-review';
import { NotesPanel } from './notes-panel';
import { eventLabel, formatDuration, usePipeline, useReport, useStageLabel } from './review-api';
import { CodeBlock, ErrorScreen, HiringBadge, ProctoringStrip } from './review-ui';
import { StageMenu, useStatusChange } from './stage-move';
import { WrittenAnswers } from './written-grades';
import './review.css';

export function ReportPage() {
  const { attemptId = '' } = useParams();
  const q = useReport(attemptId);
  const stageName = useStageLabel();
  const stages = usePipeline().data?.stages ?? DEFAULT_PIPELINE;
  const mayDecide = useCan()('review.status');
  const change = useStatusChange({ testName: q.data?.test.testName ?? '', stages });
  if (q.isPending) return <PageSpinner label="Loading report..." />;
  if (q.isError) return <ErrorScreen message={q.error.message} onRetry={() => q.refetch()} />;
  const r = q.data;
  const c = r.candidate;
  const name = `${c.firstName} ${c.lastName}`.trim() || c.email;
  const aptitude = r.test.testType === 'APTITUDE';
  return (
    <main className="container rv-page rv-report">
      <div className="row no-print" style={{ justifyContent: 'space-between', marginBottom: '1rem' }}>
        <span className="rv-nav">
          <Link to={`/admin/tests/${r.test.id}/results`}>← Results</Link>
          <Link to="/admin/submission">Dashboard</Link>
          {r.test.testType === 'CODING' && <Link to={`/admin/reports/${attemptId}/playback`}>Code playback</Link>}
        </span>
        <button type="button" className="btn btn-primary" onClick={() => window.print()}>
          Print / Save as PDF
        </button>
      </div>
      <h1>
        {name}: {r.test.testName}
      </h1>
      <p className="muted">
        {c.email} · {r.test.testType} test · <HiringBadge status={r.hiringStatus} label={stageName(r.hiringStatus)} />
      </p>
      {mayDecide && !r.isPreview && (
        <div className="row no-print" style={{ marginBottom: '1rem' }}>
          <StageMenu
            target={{ attemptId: r.attemptId, name, email: c.email, hiringStatus: r.hiringStatus }}
            stages={stages}
            onMove={(status) =>
              change.open({ attemptId: r.attemptId, name, email: c.email, hiringStatus: r.hiringStatus }, status)
            }
          />
        </div>
      )}
      {change.dialog}
      <div className="rv-kv">
        <div>
          <span>Total score</span>
          <strong>
            {r.score} / {r.maxScore} ({r.percent}%)
          </strong>
        </div>
        <div>
          <span>Result</span>
          {r.passed === null ? (
            <strong>Awaiting grading</strong>
          ) : (
            <strong className={r.passed ? 'success-text' : 'error-text'}>{r.passed ? 'Pass' : 'Fail'}</strong>
          )}
          <small className="muted">
            {' '}
            (pass mark {r.test.passingMarks}/{r.test.totalMarks})
          </small>
        </div>
        <div>
          <span>Time taken</span>
          <strong>{formatDuration(r.timeTakenSeconds)}</strong>
        </div>
        <div>
          <span>Language(s)</span>
          <strong>{r.languages.length ? r.languages.map(languageName).join(', ') : '—'}</strong>
        </div>
        <div>
          <span>Integrity events</span>
          <strong>{r.integrity.total}</strong>
        </div>
        <div>
          <span>Similarity flags</span>
          <strong>{r.similarityFlags}</strong>
        </div>
      </div>
      <p className="muted">
        Started {formatDateTime(r.startedAt)} · ended {r.endedAt ? formatDateTime(r.endedAt) : 'not yet'}
      </p>
      {r.isPreview && (
        <p className="alert alert-info" role="note">
          This is a preview by a member of your company: it is not counted anywhere.
        </p>
      )}
      {r.accommodation && (
        <p className="alert alert-info" role="note">
          Accommodation: +{r.accommodation.extraMinutes} minutes included in the deadline
          {r.accommodation.note ? ` (${r.accommodation.note})` : ''}.
          {r.accommodation.cameraWaived &&
            ' No camera, granted on request: this sitting had no camera step or face checks.'}
          {r.accommodation.screenReader &&
            ' Screen-reader mode, granted on request: the editor ran in its accessible mode.'}
        </p>
      )}
      <NotesPanel attemptId={r.attemptId} />

      {r.problems.length > 0 && (
        <section className="card rv-section" aria-labelledby="problems-h">
          <h2 id="problems-h">Per-problem scores</h2>
          <table className="table">
            <thead>
              <tr>
                <th>{aptitude ? 'Question' : 'Problem'}</th>
                <th>Score</th>
                <th>{aptitude ? 'Answer' : 'Cases passed'}</th>
                {!aptitude && <th>Submissions</th>}
              </tr>
            </thead>
            <tbody>
              {r.problems.map((p) => (
                <tr key={p.questionId}>
                  <td>
                    {p.questionNumber + 1}. {p.title}
                  </td>
                  <td>
                    {Math.round(p.score * 10) / 10} / {p.marks}
                  </td>
                  <td>
                    {/* a written question stands in aptitude and coding tests alike (issue 25) */}
                    {p.written ? (
                      p.written.answer === null ? (
                        'Not answered'
                      ) : p.written.grade ? (
                        'Written: graded'
                      ) : (
                        'Written: awaiting grading'
                      )
                    ) : p.choice ? (
                      <ChoiceAnswer choice={p.choice} score={p.score} marks={p.marks} />
                    ) : p.submissionCount === 0 ? (
                      'Not attempted'
                    ) : (
                      `${p.passed} / ${p.total}`
                    )}
                  </td>
                  {!aptitude && <td>{p.written ? '—' : p.submissionCount}</td>}
                </tr>
              ))}
            </tbody>
          </table>
          <p className="field-hint">{r.scoringRule}</p>
        </section>
      )}

      <WrittenAnswers attemptId={r.attemptId} problems={r.problems} />

      <AiUseSection
        attemptId={r.attemptId}
        titleOf={(id) => {
          const p = r.problems.find((x) => x.questionId === id);
          return p ? `${p.questionNumber + 1}. ${p.title}` : 'Problem';
        }}
      />

      <section className="card rv-section" aria-labelledby="integrity-h">
        <h2 id="integrity-h">Integrity events</h2>
        <ProctoringStrip events={r.events} proctored={r.proctored} />
        {r.events.length > 0 && (
          <ol>
            {r.events.map((e) => (
              <li key={e.id}>
                {formatDateTime(e.occurredAt)}: {eventLabel(e.kind)}
                {e.source === 'page' && (
                  <>
                    {' '}
                    <span className="badge" title="Sent by the candidate's browser, not observed by the server">
                      reported by the page
                    </span>
                  </>
                )}
                {e.detail && ` (${e.detail})`}
                {e.frameUrl && (
                  <>
                    {' · '}
                    <a href={e.frameUrl} target="_blank" rel="noreferrer">
                      frame
                    </a>
                  </>
                )}
                {e.rule && <span className="field-hint"> Rule: {e.rule}</span>}
                {(e.threshold != null || e.score != null) && (
                  <span className="field-hint">
                    {' '}
                    Threshold {e.threshold ?? '—'} · score {e.score ?? '—'}
                  </span>
                )}
                {e.response && <blockquote className="rv-response">Candidate's response: {e.response}</blockquote>}
                {e.kind === 'live_unconfirmed' && <IdentityReview attemptId={r.attemptId} event={e} />}
              </li>
            ))}
          </ol>
        )}
        {r.test.testType === 'CODING' && (
          <>
            <h3 id="signals-h">Coding integrity signals</h3>
            {r.signals.length === 0 ? (
              <p className="muted">No coding integrity signals: the recording shows nothing that meets a rule.</p>
            ) : (
              <ol aria-labelledby="signals-h">
                {r.signals.map((sg) => (
                  <li key={`${sg.kind}-${sg.at}-${sg.evidence}`}>
                    <strong>{eventLabel(sg.kind)}</strong> at {formatDuration(Math.round(sg.at / 1000))} into the test:{' '}
                    {sg.evidence}.<span className="field-hint"> Rule: {sg.rule}</span>
                  </li>
                ))}
              </ol>
            )}
          </>
        )}
        <p className="field-hint">
          The integrity count is these events (a return to the tab is not one) and the coding signals. Events, signals
          and similarity flags are evidence for a human reviewer, never a verdict.
        </p>
      </section>

      {r.problems.some((p) => p.code) && (
        <section className="rv-section" aria-labelledby="code-h">
          <h2 id="code-h">Code</h2>
          {r.problems
            .filter((p) => p.code)
            .map((p) => (
              <div key={p.questionId} className="card" style={{ marginBottom: '1rem' }}>
                <h3 style={{ marginTop: 0 }}>
                  {p.questionNumber + 1}. {p.title} <span className="muted">({languageName(p.language)})</span>
                </h3>
                <CodeBlock code={p.code!} label={`Code for ${p.title}`} />
              </div>
            ))}
        </section>
      )}
      {!r.isPreview && <CandidateInterviews email={c.email} />}
    </main>
  );
}

/** Which options the candidate chose, and which were correct (issue 46). */
function ChoiceAnswer({
  choice,
  score,
  marks,
}: {
  choice: NonNullable<TProblemScore['choice']>;
  score: number;
  marks: number;
}) {
  const right = score >= marks;
  const names = (ids: number[]) => ids.map((i) => `“${choice.options[i] ?? `Option ${i + 1}`}”`).join(', ');
  if (choice.chosen.length === 0) return <>Not answered · correct: {names(choice.correct)}</>;
  return (
    <>
      <strong className={right ? 'success-text' : 'error-text'}>
        {right ? 'Correct' : score > 0 ? 'Partly right' : 'Wrong'}
      </strong>{' '}
      · chose {names(choice.chosen)}
      {!right && <> · correct: {names(choice.correct)}</>}
    </>
  );
}
