import type { TCodingProblem, TResultItem, TVerdict } from '@assessly/shared';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiError, api } from '../../lib/api';

interface CheckResult {
  verdict: TVerdict;
  passedCount: number;
  totalCount: number;
  compileOutput: string | null;
  results: TResultItem[];
}

const isSaved = (id: string) => !id.startsWith('temp-');

/**
 * "Check solution": judges the saved model solution against every example and hidden case and lists the
 * per-case results (authors see hidden inputs; this is their own problem).
 */
export function SolutionCheckButton({ problemId, dirty }: { problemId: string; dirty: boolean }) {
  const [result, setResult] = useState<CheckResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  if (!isSaved(problemId)) {
    return <p className="field-hint">Save the problem to check its model solution against every test case.</p>;
  }
  const run = async () => {
    setRunning(true);
    setError(null);
    try {
      setResult(await api<CheckResult>(`/api/coding-tests/${problemId}/check`, { method: 'POST' }));
    } catch (err) {
      setResult(null);
      setError(err instanceof ApiError ? err.message : 'The check failed. Please try again.');
    } finally {
      setRunning(false);
    }
  };
  return (
    <div className="solution-check">
      <button
        type="button"
        id={`check-solution-${problemId}`}
        className="btn btn-outline btn-sm"
        onClick={run}
        disabled={running}
      >
        {running ? 'Checking...' : 'Check solution'}
      </button>
      {dirty && <span className="field-hint"> Checks the saved version: save your changes first.</span>}
      {error && (
        <div className="alert alert-error" role="alert">
          {error}
        </div>
      )}
      {result && (
        <div role="status" aria-live="polite">
          <p className={result.verdict === 'Accepted' ? 'badge badge-success' : 'badge badge-danger'}>
            <strong>{result.verdict}</strong>: {result.passedCount} of {result.totalCount} cases passed
          </p>
          {result.compileOutput && <pre className="mono">{result.compileOutput}</pre>}
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Case</th>
                <th scope="col">Verdict</th>
                <th scope="col">Time</th>
                <th scope="col">Expected / got</th>
              </tr>
            </thead>
            <tbody>
              {result.results.map((r) => (
                <tr key={r.index}>
                  <td>
                    {r.hidden ? 'Hidden' : 'Example'} {r.index + 1}
                  </td>
                  <td>{r.verdict}</td>
                  <td>{r.timeMs ?? 0} ms</td>
                  <td className="mono">
                    {r.passed ? '✓' : `${(r.expectedOutput ?? '').slice(0, 80)} / ${(r.output ?? '').slice(0, 80)}`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/** Problems whose model solution is missing, failing, or unchecked since the last edit. */
export function unverifiedProblems<T extends Pick<TCodingProblem, 'title' | 'solutionCheck'>>(problems: readonly T[]) {
  return problems.filter((p) => p.solutionCheck && p.solutionCheck.state !== 'passed');
}

const STATE_TEXT = {
  missing: 'has no model solution',
  unchecked: 'has a model solution that was not checked since the last edit',
  failed: 'has a model solution that fails its own test cases',
  passed: '',
} as const;

/** The editor that opens `problemId` with its "Check solution" button in view (edit-coding-page reads ?check=). */
export function checkSolutionHref(testId: string, problemId: string): string {
  return `/admin/coding-test/edit/${testId}?check=${encodeURIComponent(problemId)}`;
}

/**
 * Shown before a coding test is shared when any model solution is missing or failing. Each problem links to its
 * model solution with "Check solution" beside it; without `testId` (an author who may not edit) there is no link.
 */
export function ShareWarning({
  problems,
  testId,
}: {
  problems: readonly Pick<TCodingProblem, 'id' | 'title' | 'solutionCheck'>[];
  testId?: string;
}) {
  const bad = unverifiedProblems(problems);
  if (bad.length === 0) return null;
  return (
    <div className="alert alert-info share-warning" role="alert">
      <strong>Check before sharing:</strong>
      <ul>
        {bad.map((p) => (
          <li key={p.id}>
            “{p.title}” {STATE_TEXT[p.solutionCheck.state]}.
            {testId && (
              <>
                {' '}
                <Link to={checkSolutionHref(testId, p.id)}>
                  {p.solutionCheck.state === 'missing' ? 'Add' : 'Check'} the solution of “{p.title}”
                </Link>
              </>
            )}
          </li>
        ))}
      </ul>
      A problem whose own solution fails its cases will fail honest candidates too.
    </div>
  );
}
