/** The whole-screen states of the test pages (spec §2.1): loading, errors, window closed, start, submitted. */
import { SQL_LANGUAGE, type TCandidateSubmission, type TStartAttempt, type TTakeTest } from '@assessly/shared';
import type { ReactNode } from 'react';
import { useT } from '../../i18n/candidate-intl';
import { LanguageSwitcher } from '../../i18n/language-switcher';
import { capitalise, passMarkText } from '../../lib/format';
import { AiEntryNotice } from './ai-entry';
import { ResultsSideBySide, ResultTable } from './sql-tables';
import { useFormatDateTime } from './time';

export function Screen({ children, dark = true }: { children: ReactNode; dark?: boolean }) {
  return (
    <main className="taking-screen" data-theme={dark ? 'dark' : 'light'}>
      <div className="taking-screen-card">
        <div className="language-switcher-bar">
          <LanguageSwitcher />
        </div>
        {children}
      </div>
    </main>
  );
}

export function LoadingScreen({ label }: { label?: string }) {
  const { t } = useT();
  return (
    <Screen>
      <div role="status" aria-live="polite" className="taking-loading">
        <span className="spinner" aria-hidden="true" /> {label ?? t('take.loadingCoding')}
      </div>
    </Screen>
  );
}

export function ErrorScreen({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const { t } = useT();
  return (
    <Screen>
      <h1>{t('take.errorTitle')}</h1>
      <p className="error-text">{message}</p>
      <p>{t('take.errorHint')}</p>
      {onRetry && (
        <button type="button" className="btn btn-primary" onClick={onRetry}>
          {t('common.tryAgain')}
        </button>
      )}
    </Screen>
  );
}

export function NoProblemsScreen() {
  const { t } = useT();
  return (
    <Screen>
      <h1>{t('take.notReadyTitle')}</h1>
      <p className="muted">{t('take.notReadyText')}</p>
    </Screen>
  );
}

export function WindowClosedScreen({ take }: { take: TTakeTest }) {
  const { t } = useT();
  const formatDateTime = useFormatDateTime();
  return (
    <Screen>
      <h1>{t('take.windowClosedTitle')}</h1>
      <p>
        <strong>{take.test.testName}</strong>
      </p>
      <dl className="taking-window">
        <dt>{t('take.startTime')}</dt>
        <dd>{formatDateTime(take.window.startTime)}</dd>
        <dt>{t('take.endTime')}</dt>
        <dd>{formatDateTime(take.window.endTime)}</dd>
      </dl>
      <p>{t('take.windowClosedText')}</p>
    </Screen>
  );
}

/** What a start step gets: the test, whether the start is under way, its error, and how to start. */
export interface StartStepProps {
  take: TTakeTest;
  busy: boolean;
  error: string;
  /** Issue 41: the entry step may ask for the start without the live check (ZStartAttempt). */
  onStart: (options?: TStartAttempt) => void;
  /** Issue 46: the accommodation request panel, shown above the Start button. */
  accommodation?: ReactNode;
}

/** The candidate's own time (issue 46): the test's minutes and, with an accommodation, their extra time. */
export function timerMinutes(take: TTakeTest): number {
  return take.test.duration + (take.test.extraMinutes ?? 0);
}

export function StartScreen({ take, busy, error, onStart, accommodation }: StartStepProps) {
  const { t } = useT();
  const formatDateTime = useFormatDateTime();
  const n = take.test.questionCount;
  const coding = take.test.testType === 'CODING';
  // a mixed test (issue 46): its sections, taken in order
  const sections = take.sections?.length ? take.sections : null;
  const { startTime, endTime } = take.window;
  return (
    <Screen>
      <h1>{take.test.testName}</h1>
      {take.test.description && <p className="muted">{take.test.description}</p>}
      <dl className="taking-window">
        <dt>{t('start.duration')}</dt>
        <dd>
          {(take.test.extraMinutes ?? 0) > 0
            ? t('start.minutesWithExtra', {
                total: timerMinutes(take),
                base: take.test.duration,
                extra: take.test.extraMinutes ?? 0,
              })
            : t('start.minutes', { n: take.test.duration })}
        </dd>
        <dt>{t('start.window')}</dt>
        <dd>
          {startTime || endTime ? `${formatDateTime(startTime)} – ${formatDateTime(endTime)}` : t('start.openAnyTime')}
        </dd>
        <dt>{t('start.questions')}</dt>
        <dd data-testid="start-count">
          {sections
            ? t('start.mixedCount', {
                n: sections.reduce((sum, x) => sum + (x.itemCount ?? x.itemIds.length), 0),
                sections: sections.length,
                marks: take.test.questionMarks ?? take.test.totalMarks,
              })
            : t(coding ? 'start.problemCount' : 'start.questionCount', {
                n,
                marks: take.test.questionMarks ?? take.test.totalMarks,
              })}
        </dd>
        <dt>To pass</dt>
        <dd data-testid="entry-pass-mark">{capitalise(passMarkText(take.test))}</dd>
      </dl>
      {sections && (
        <>
          <h2 className="taking-h2">{t('start.sectionsTitle')}</h2>
          <ol data-testid="start-sections">
            {sections.map((x) => (
              <li key={x.id}>
                {t('start.sectionLine', {
                  title: x.title,
                  kind: x.kind,
                  n: x.itemCount ?? x.itemIds.length,
                  minutes: x.minutes ?? 0,
                })}
              </li>
            ))}
          </ol>
        </>
      )}
      <h2 className="taking-h2">{t('start.recordTitle')}</h2>
      <ul>
        <li>{t('start.recordTabs')}</li>
        <li>{t('start.recordCopy')}</li>
        {take.proctoring?.required && <li>{t('start.recordWebcam')}</li>}
      </ul>
      <AiEntryNotice testId={take.test.id} />
      <p className="muted">{t('start.timerNote')}</p>
      {accommodation}
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
      {n === 0 ? (
        <p className="alert alert-info" role="status">
          {t(coding ? 'start.notReadyProblems' : 'start.notReadyQuestions')}
        </p>
      ) : (
        <button type="button" className="btn btn-primary" onClick={() => onStart()} disabled={busy}>
          {busy ? t('start.starting') : t('start.startTest')}
        </button>
      )}
    </Screen>
  );
}

/** One submission, folded: the summary line, then its code and cases when opened. */
export function SubmissionDetails({ s, summary }: { s: TCandidateSubmission; summary: ReactNode }) {
  return (
    <details>
      <summary>{summary}</summary>
      <pre className="taking-pre">{s.code}</pre>
      <SubmissionCases s={s} />
    </details>
  );
}

export function SubmissionCases({ s }: { s: TCandidateSubmission }) {
  const { t } = useT();
  if (s.status === 'queued' || s.status === 'running') return <p className="muted">{t('cases.judging')}</p>;
  const sql = s.language === SQL_LANGUAGE;
  return (
    <ol className="submitted-cases">
      {s.compileOutput && (
        <li>
          <pre className="taking-pre">{s.compileOutput}</pre>
        </li>
      )}
      {s.results.map((r, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: results are in case order
        <li key={i}>
          {r.hidden ? (
            <span>
              {t(r.passed ? 'cases.hiddenPassed' : 'cases.hiddenFailed')}
              {r.verdict ? ` (${r.verdict})` : ''}
            </span>
          ) : (
            <span>
              {sql && r.verdict !== 'Compilation Error' ? (
                // an SQL query's result as tables, beside the expected one when the case shows it (issue 25)
                <>
                  {t('cases.data')} <code>{r.input ?? ''}</code>
                  {typeof r.expectedOutput === 'string' ? (
                    <ResultsSideBySide expected={r.expectedOutput} actual={r.output ?? r.actualOutput ?? ''} />
                  ) : (
                    <ResultTable caption={t('results.yourResult')} text={r.output ?? r.actualOutput ?? ''} />
                  )}
                </>
              ) : (
                <>
                  {t('cases.input')} <code>{r.input ?? ''}</code> · {t('cases.output')}{' '}
                  <code>{r.output ?? r.actualOutput ?? ''}</code>
                </>
              )}
              {!r.passed && (
                <strong className="error-text">
                  {' '}
                  {r.verdict && r.verdict !== 'Wrong Answer'
                    ? t('cases.wrongVerdict', { verdict: r.verdict })
                    : t('cases.wrong')}
                </strong>
              )}
              {r.stderr && (
                <details>
                  <summary>{t('results.stderr')}</summary>
                  <pre className="taking-pre taking-pre-error">{r.stderr}</pre>
                </details>
              )}
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}
