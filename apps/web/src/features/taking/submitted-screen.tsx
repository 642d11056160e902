/**
 * "Test Submitted": the total score as the employer sees it (for each problem the best judged submission
 * counts — highest score, the latest on a tie — out of the problem's marks), per problem the counted
 * submission, the others folded below; and what End Test sent. A company that does not show candidates their
 * score (issue 26) gets no marks here: the server sends none, and the page says so.
 */
import type { TCandidateProblem, TCandidateSubmission, TTakeTest } from '@assessly/shared';
import { languageName } from '@assessly/shared';
import { useT } from '../../i18n/candidate-intl';
import { IntegrityAnswers } from '../playback/integrity-answers';
import { ProctoringRecord } from '../proctoring/proctoring-record';
import { FollowUps } from './follow-ups';
import { Screen, SubmissionCases, SubmissionDetails } from './screens';
import { useFormatDateTime } from './time';

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

/** A score as text: whole numbers as they are, others to two decimals, in the page's locale (issue 46). */
function useFmt() {
  const { num, locale } = useT();
  return (n: number) =>
    locale === 'en'
      ? Number.isInteger(n)
        ? String(n)
        : n.toFixed(2)
      : num(n, Number.isInteger(n) ? {} : { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

function SubmissionLine({ s, problem }: { s: TCandidateSubmission; problem: TCandidateProblem }) {
  const { t, locale } = useT();
  const fmt = useFmt();
  return (
    <>
      {new Date(s.createdAt).toLocaleTimeString(locale === 'en' ? undefined : locale)} · {languageName(s.language)} ·{' '}
      {t('submitted.score', { passed: fmt(s.passedCount), total: fmt(s.totalCount) })}
      {s.score === null ? '' : ` (${t('submitted.marksOf', { score: fmt(s.score), max: fmt(problem.marks) })})`}
      {pending(s) ? ` · ${t('tabs.judging')}` : ''}
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
  const { t } = useT();
  const fmt = useFmt();
  const counted = countedSubmission(submissions);
  const others = submissions.filter((s) => s !== counted).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <li className="submitted-item">
      <h2 className="taking-h2">
        {t('submitted.problem', { n: fmt(index + 1), title: problem.title })}
        {scoreHidden
          ? ''
          : ` — ${t('submitted.marksOf', { score: fmt(counted?.score ?? 0), max: fmt(problem.marks) })}`}
      </h2>
      {counted ? (
        <>
          <p>
            <strong>{t(scoreHidden ? 'submitted.best' : 'submitted.counted')}</strong>{' '}
            {t('submitted.bestOf', { n: submissions.length })}{' '}
            <span>
              {t('submitted.problemN', { n: fmt(index + 1) })} · {languageName(counted.language)} ·{' '}
              {t('submitted.score', { passed: fmt(counted.passedCount), total: fmt(counted.totalCount) })}
            </span>
          </p>
          <pre className="taking-pre">{counted.code}</pre>
          <SubmissionCases s={counted} />
        </>
      ) : submissions.some(pending) ? (
        <p className="muted">{t('submitted.beingJudged')}</p>
      ) : (
        <p className="muted">{t('submitted.none')}</p>
      )}
      {others.length > 0 && (
        <details className="submitted-others">
          <summary>{t('submitted.others', { n: others.length })}</summary>
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
  const { t } = useT();
  const fmt = useFmt();
  const formatDateTime = useFormatDateTime();
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
  // a mixed test (issue 46) has choice questions here too: any saved answer counts as answered
  const anyChoice = written.some((q) => q.kind !== 'text');
  const answered = written.filter((q) =>
    anyChoice ? take.answers[q.id] !== undefined : typeof take.answers[q.id] === 'string',
  ).length;
  const judging = (submissions ?? []).some(pending);
  return (
    <Screen>
      <h1>{t('submitted.title')}</h1>
      {take.attempt?.endReason === 'timeout' && (
        <p className="countdown countdown-over" role="timer" aria-label={t('timer.label')}>
          {t('timer.up')}
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
        <dt>{t('submitted.started')}</dt>
        <dd>{formatDateTime(take.attempt?.startedAt ?? take.window.startTime)}</dd>
        <dt>{t('submitted.ended')}</dt>
        <dd>{formatDateTime(take.attempt?.endedAt ?? take.window.endTime)}</dd>
      </dl>
      {props.loading ? (
        <p className="muted">{t('submitted.loading')}</p>
      ) : (
        <>
          {scoreHidden ? (
            <p className="muted" data-testid="score-hidden">
              {t('submitted.scoreHidden')}
            </p>
          ) : (
            <>
              <p className="submitted-total" data-testid="total-score">
                {t('submitted.total', { total: fmt(total), max: fmt(max) })}
                {judging ? ` ${t('submitted.stillJudging')}` : ''}
              </p>
              <p className="muted">{t('submitted.countingRule')}</p>
            </>
          )}
          {written.length > 0 && (
            <p data-testid="written-summary">
              {t(anyChoice ? 'submitted.questionsAnswered' : 'submitted.writtenAnswered', {
                answered,
                total: written.length,
              })}{' '}
              {awaiting
                ? anyChoice
                  ? t(scoreHidden ? 'submitted.questionsGrades' : 'submitted.questionsGradesTotal')
                  : t(scoreHidden ? 'submitted.writtenGrades' : 'submitted.writtenGradesTotal')
                : scoreHidden
                  ? anyChoice
                    ? ''
                    : t('submitted.writtenGraded')
                  : t(anyChoice ? 'submitted.questionsScore' : 'submitted.writtenScore', {
                      score: fmt(writtenScore),
                      max: fmt(written.reduce((n, q) => n + q.marks, 0)),
                    })}
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
          {t('submitted.viewCode')}
        </button>
      )}
      <ProctoringRecord testId={take.test.id} />
      {take.test.testType === 'CODING' && <IntegrityAnswers testId={take.test.id} />}
      {take.test.testType === 'CODING' && (
        <FollowUps testId={take.test.id} problems={take.problems} submissions={props.submissions} />
      )}
    </Screen>
  );
}
