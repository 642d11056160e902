/** The whole-screen states of the test pages (spec §2.1): loading, errors, window closed, start, submitted. */
import { SQL_LANGUAGE, type TCandidateSubmission, type TTakeTest } from '@assessly/shared';
import type { ReactNode } from 'react';
import { ResultsSideBySide, ResultTable } from './sql-tables';
import { formatDateTime } from './time';

export function Screen({ children, dark = true }: { children: ReactNode; dark?: boolean }) {
  return (
    <main className="taking-screen" data-theme={dark ? 'dark' : 'light'}>
      <div className="taking-screen-card">{children}</div>
    </main>
  );
}

export function LoadingScreen({ label = 'Loading coding environment...' }: { label?: string }) {
  return (
    <Screen>
      <div role="status" aria-live="polite" className="taking-loading">
        <span className="spinner" aria-hidden="true" /> {label}
      </div>
    </Screen>
  );
}

export function ErrorScreen({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <Screen>
      <h1>Error Loading Data</h1>
      <p className="error-text">{message}</p>
      <p>Please check your Internet connection and try again.</p>
      {onRetry && (
        <button type="button" className="btn btn-primary" onClick={onRetry}>
          Try again
        </button>
      )}
    </Screen>
  );
}

export function NoProblemsScreen() {
  return (
    <Screen>
      <h1>This test is not ready yet</h1>
      <p className="muted">This test has no questions yet. Please contact the test owner.</p>
    </Screen>
  );
}

export function WindowClosedScreen({ take }: { take: TTakeTest }) {
  return (
    <Screen>
      <h1>Test Window Closed</h1>
      <p>
        <strong>{take.test.testName}</strong>
      </p>
      <dl className="taking-window">
        <dt>Start time</dt>
        <dd>{formatDateTime(take.window.startTime)}</dd>
        <dt>End time</dt>
        <dd>{formatDateTime(take.window.endTime)}</dd>
      </dl>
      <p>You cannot access this test at this time.</p>
    </Screen>
  );
}

/** What a start step gets: the test, whether the start is under way, its error, and how to start. */
export interface StartStepProps {
  take: TTakeTest;
  busy: boolean;
  error: string;
  onStart: () => void;
}

export function StartScreen({ take, busy, error, onStart }: StartStepProps) {
  const n = take.test.questionCount;
  const kind =
    take.test.testType === 'CODING' ? (n === 1 ? 'problem' : 'problems') : n === 1 ? 'question' : 'questions';
  const { startTime, endTime } = take.window;
  return (
    <Screen>
      <h1>{take.test.testName}</h1>
      {take.test.description && <p className="muted">{take.test.description}</p>}
      <dl className="taking-window">
        <dt>Duration</dt>
        <dd>{take.test.duration} minutes</dd>
        <dt>Window</dt>
        <dd>
          {startTime || endTime ? `${formatDateTime(startTime)} – ${formatDateTime(endTime)}` : 'Open at any time'}
        </dd>
        <dt>Questions</dt>
        <dd>
          {n} {kind}, {take.test.totalMarks} marks
        </dd>
      </dl>
      <h2 className="taking-h2">During the test we record</h2>
      <ul>
        <li>switching to another tab or window, and coming back;</li>
        <li>attempts to copy, paste or open the context menu (they are blocked);</li>
        {take.proctoring?.required && <li>webcam checks that you are the person in front of the screen.</li>}
      </ul>
      <p className="muted">
        The timer starts when you press Start Test and runs on the server: closing the page does not stop it. Your work
        is saved as you go and submitted when the time is up.
      </p>
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
      {n === 0 ? (
        <p className="alert alert-info" role="status">
          This test is not ready yet: it has no {take.test.testType === 'CODING' ? 'problems' : 'questions'}. Please
          contact the test owner.
        </p>
      ) : (
        <button type="button" className="btn btn-primary" onClick={onStart} disabled={busy}>
          {busy ? 'Starting…' : 'Start Test'}
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
  if (s.status === 'queued' || s.status === 'running') return <p className="muted">Judging…</p>;
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
              Hidden case: {r.passed ? 'passed' : 'failed'}
              {r.verdict ? ` (${r.verdict})` : ''}
            </span>
          ) : (
            <span>
              {sql && r.verdict !== 'Compilation Error' ? (
                // an SQL query's result as tables, beside the expected one when the case shows it (issue 25)
                <>
                  Data: <code>{r.input ?? ''}</code>
                  {typeof r.expectedOutput === 'string' ? (
                    <ResultsSideBySide expected={r.expectedOutput} actual={r.output ?? r.actualOutput ?? ''} />
                  ) : (
                    <ResultTable caption="Your result" text={r.output ?? r.actualOutput ?? ''} />
                  )}
                </>
              ) : (
                <>
                  Input: <code>{r.input ?? ''}</code> · Output: <code>{r.output ?? r.actualOutput ?? ''}</code>
                </>
              )}
              {!r.passed && (
                <strong className="error-text">
                  {' '}
                  (wrong{r.verdict && r.verdict !== 'Wrong Answer' ? `: ${r.verdict}` : ''})
                </strong>
              )}
              {r.stderr && (
                <details>
                  <summary>Standard error</summary>
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
