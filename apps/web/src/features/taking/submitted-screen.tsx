/**
 * "Test Submitted": the total score as the employer sees it (for each problem the best judged submission
 * counts — highest score, the latest on a tie — out of the problem's marks), per problem the counted
 * submission, the others folded below; and what End Test sent. A company that does not show candidates their
 * score (issue 26) gets no marks here: the server sends none, and the page says so.
 */
import type { TCandidateProblem, TCandidateSubmission, TTakeTest } from '@assessly/shared';
import { languageName } from '@assessly/shared';
import { IntegrityAnswers } from '../playback/integrity-answers';
import { ProctoringRecord } from '../proctoring/proctoring-record';
import { Screen, SubmissionCases, SubmissionDetails } from './screens';
import { formatDateTime } from './time';

export const COUNTING_RULE =
  'For each problem your best judged submission counts (highest score; the latest one on a tie), out of the problem’s marks — the same total your employer sees.';
export const SCORE_HIDDEN_NOTE =
  'This company does not show candidates their score. Your submissions were saved and are reviewed by the company.';

const pending = (s: TCandidateSubmission) => s.status === 'queued' || s.status === 'running';

/**
 * The submission that counts for a problem: the best judged one, the latest on a tie. Without marks (a company
 * that does not show scores) the one that passed most cases.
 */
export function countedSubmission(list: TCandidateSubmission[]): TCandidateSubmission | null {
  let best: TCandidateSubmission | null = null;
  const worth = (s: TCandidateSubmission) => s.score ?? s.passedCount;
  for (const s of list) {
    if (s.status !== 'judged') continue;
    if (!best || worth(s) > worth(best) || (worth(s) === worth(best) && s.createdAt >= best.createdAt)) best = s;
  }
  return best;
}

const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2));

function SubmissionLine({ s, problem }: { s: TCandidateSubmission; problem: TCandidateProblem }) {
  return (
    <>
      {new Date(s.createdAt).toLocaleTimeString()} · {languageName(s.language)} · Score: {s.passedCount}/{s.totalCount}
      {s.score === null ? '' : ` (${fmt(s.score)} / ${fmt(problem.marks)} marks)`}
      {pending(s) ? ' · judging…' : ''}
    </>
  );
}

function ProblemSummary({
  problem,
  index,
  submissions,
  scoreHidden,
}: {
  problem: TCandidateProblem;
  index: number;
  submissions: TCandidateSubmission[];
  scoreHidden: boolean;
}) {
  const counted = countedSubmission(submissions);
  const others = submissions.filter((s) => s !== counted).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <li className="submitted-item">
      <h2 className="taking-h2">
        Problem {index + 1}: {problem.title}
        {scoreHidden ? '' : ` — ${fmt(counted?.score ?? 0)} / ${fmt(problem.marks)} marks`}
      </h2>
      {counted ? (
        <>
          <p>
            <strong>{scoreHidden ? 'Best submission' : 'Counted submission'}</strong> (best of {submissions.length}):{' '}
            <span>
              Problem {index + 1} · {languageName(counted.language)} · Score: {counted.passedCount}/{counted.totalCount}
            </span>
          </p>
          <pre className="taking-pre">{counted.code}</pre>
          <SubmissionCases s={counted} />
        </>
      ) : submissions.some(pending) ? (
        <p className="muted">Your submission is being judged…</p>
      ) : (
        <p className="muted">No submission for this problem.</p>
      )}
      {others.length > 0 && (
        <details className="submitted-others">
          <summary>Other submissions ({others.length}) — not counted</summary>
          <ol>
            {others.map((s) => (
              <li key={s.id}>
                <SubmissionDetails s={s} summary={<SubmissionLine s={s} problem={problem} />} />
              </li>
            ))}
          </ol>
        </details>
      )}
    </li>
  );
}

export function SubmittedScreen(props: {
  take: TTakeTest;
  submissions: TCandidateSubmission[] | undefined;
  loading: boolean;
  endMessage?: string;
  onViewCode?: () => void;
}) {
  const { take, submissions } = props;
  const problems = take.problems;
  const byProblem = (p: TCandidateProblem) => (submissions ?? []).filter((s) => s.questionId === p.id);
  // a coding test's written questions (issue 25): their marks count once graded (the attempt's score holds them)
  const written = take.questions;
  const awaiting = written.length > 0 && (take.attempt?.awaitingGrading ?? false);
  const writtenScore = written.length > 0 && !awaiting ? (take.attempt?.score ?? 0) : 0;
  const scoreHidden = take.scoreHidden === true;
  const total = problems.reduce((n, p) => n + (countedSubmission(byProblem(p))?.score ?? 0), 0) + writtenScore;
  const max = problems.reduce((n, p) => n + p.marks, 0) + written.reduce((n, q) => n + q.marks, 0);
  const answered = written.filter((q) => typeof take.answers[q.id] === 'string').length;
  const judging = (submissions ?? []).some(pending);
  return (
    <Screen>
      <h1>Test Submitted</h1>
      {take.attempt?.endReason === 'timeout' && (
        <p className="countdown countdown-over" role="timer" aria-label="Time left">
          Time&apos;s Up!
        </p>
      )}
      {props.endMessage && (
        <p className="alert alert-info" role="status">
          {props.endMessage}
        </p>
      )}
      <p>
        <strong>{take.test.testName}</strong>
      </p>
      <dl className="taking-window">
        <dt>Started</dt>
        <dd>{formatDateTime(take.attempt?.startedAt ?? take.window.startTime)}</dd>
        <dt>Ended</dt>
        <dd>{formatDateTime(take.attempt?.endedAt ?? take.window.endTime)}</dd>
      </dl>
      {props.loading ? (
        <p className="muted">Loading your submissions…</p>
      ) : (
        <>
          {scoreHidden ? (
            <p className="muted" data-testid="score-hidden">
              {SCORE_HIDDEN_NOTE}
            </p>
          ) : (
            <>
              <p className="submitted-total" data-testid="total-score">
                Total score: {fmt(total)} / {fmt(max)}
                {judging ? ' (still judging…)' : ''}
              </p>
              <p className="muted">{COUNTING_RULE}</p>
            </>
          )}
          {written.length > 0 && (
            <p data-testid="written-summary">
              Written questions: you answered {answered} of {written.length}.{' '}
              {awaiting
                ? scoreHidden
                  ? 'A reviewer grades them.'
                  : 'A reviewer grades them; your total follows once they do (until then it counts only your code).'
                : scoreHidden
                  ? 'They have been graded.'
                  : `Their grades: ${fmt(writtenScore)} / ${fmt(written.reduce((n, q) => n + q.marks, 0))} marks.`}
            </p>
          )}
          <ul className="submitted-list">
            {problems.map((p, i) => (
              <ProblemSummary key={p.id} problem={p} index={i} submissions={byProblem(p)} scoreHidden={scoreHidden} />
            ))}
          </ul>
        </>
      )}
      {props.onViewCode && (
        <button type="button" className="btn btn-outline" onClick={props.onViewCode}>
          View my code (read-only)
        </button>
      )}
      <ProctoringRecord testId={take.test.id} />
      {take.test.testType === 'CODING' && <IntegrityAnswers testId={take.test.id} />}
    </Screen>
  );
}
