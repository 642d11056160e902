/** Run the shared code with an input; every participant sees each Run's output (newest first). */
import type { TRoomRun } from '@assessly/shared';
import { useState } from 'react';
import { ErrorAlert } from '../../app/alert';
import { serverMessage } from '../../lib/api';
import { interviewsApi } from './interviews-api';

export interface RunPanelProps {
  interviewId: string;
  token: string | null;
  language: string;
  disabled: boolean;
  runs: TRoomRun[];
  /** A revealed function problem: a Run calls the function with the input as its arguments. */
  takesArguments?: boolean;
  getCode: () => string;
}

/** One wording on both sides: the count, and (for the interviewer, whose copy has it) the first failure's verdict. */
function runTitle(run: TRoomRun): string {
  const failure = run.verdict !== 'Accepted' && run.verdict !== 'Passed' && run.verdict !== 'Failed';
  return run.kind === 'hidden'
    ? `Hidden tests: ${run.passed ?? 0} of ${run.total ?? 0} passed${failure ? ` (${run.verdict})` : ''}`
    : `Run by ${run.runBy}: ${run.verdict}`;
}

/** The live region's sentence: the title's facts, worded apart from the visible title (one text per node). */
function runAnnouncement(run: TRoomRun): string {
  if (run.kind !== 'hidden') return `${run.runBy} ran the code: ${run.verdict}.`;
  const failure = run.verdict !== 'Accepted' && run.verdict !== 'Passed' && run.verdict !== 'Failed';
  return `The hidden tests ran: ${run.passed ?? 0} of ${run.total ?? 0} passed${failure ? `, ${run.verdict}` : ''}.`;
}

function RunResult({ run }: { run: TRoomRun }) {
  const when = new Date(run.createdAt).toLocaleTimeString();
  const title = runTitle(run);
  return (
    <li className="iv-run">
      <p>
        <strong>{title}</strong> <span className="muted">{when}</span>
      </p>
      {run.compileOutput && <pre className="iv-output">{run.compileOutput}</pre>}
      {run.output && <pre className="iv-output">{run.output}</pre>}
      {run.stderr && <pre className="iv-output iv-stderr">{run.stderr}</pre>}
      {run.kind === 'hidden' && run.cases.length > 0 && (
        <ul className="iv-cases">
          {run.cases.map((c) => (
            <li key={c.index}>
              Case {c.index + 1}: {c.passed ? 'passed' : 'failed'}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

export function RunPanel({ interviewId, token, language, disabled, runs, takesArguments, getCode }: RunPanelProps) {
  const [input, setInput] = useState('');
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The room's runs arrive from anyone in it; the newest one's title is what a screen reader hears (issue 46).
  // The list itself is not live: reading every output aloud on each run would drown the sentence that matters.
  // Keyed by the run, so two runs with the same title are still two announcements (a new node, not the same text).
  const newest = runs[runs.length - 1];
  const run = async () => {
    setRunning(true);
    setError(null);
    try {
      await interviewsApi.run(interviewId, token, { language, code: getCode(), input });
    } catch (err) {
      setError(serverMessage(err, 'The run could not be sent. Check your connection.'));
    } finally {
      setRunning(false);
    }
  };
  return (
    <section className="iv-run-panel" aria-label="Run">
      <p className="sr-only" role="status" aria-live="polite" aria-atomic="true" data-testid="run-announcer">
        {newest && <span key={newest.id}>{runAnnouncement(newest)}</span>}
      </p>
      <div className="field">
        <label htmlFor="iv-input">
          {takesArguments ? 'Arguments (one per line, as in the examples)' : 'Input (stdin)'}
        </label>
        <textarea id="iv-input" rows={3} value={input} onChange={(e) => setInput(e.target.value)} />
      </div>
      <button type="button" className="btn btn-primary" onClick={run} disabled={disabled || running}>
        {running ? 'Running…' : 'Run'}
      </button>
      <ErrorAlert message={error} />
      <h2 className="iv-subtitle">Output</h2>
      {runs.length === 0 ? (
        <p className="muted">Nothing has run yet. Press Run to run the shared code; everyone sees the output.</p>
      ) : (
        <ol className="iv-runs">
          {[...runs].reverse().map((r) => (
            <RunResult key={r.id} run={r} />
          ))}
        </ol>
      )}
    </section>
  );
}
