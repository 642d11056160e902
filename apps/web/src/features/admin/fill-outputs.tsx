import type { TCodingProblem } from '@assessly/shared';
import { useState } from 'react';
import { ApiError, api } from '../../lib/api';

/**
 * "Fill outputs from the model solution" (issue 25): the saved model solution is judged on every case and what it
 * returns or prints becomes the expected output; nothing changes unless every case ran.
 */
export function FillOutputsButton({
  problemId,
  dirty,
  onFilled,
}: {
  problemId: string;
  dirty: boolean;
  onFilled: (p: TCodingProblem) => void;
}) {
  const [state, setState] = useState<{ busy: boolean; error: string | null; done: boolean }>({
    busy: false,
    error: null,
    done: false,
  });
  if (problemId.startsWith('temp-')) return null;
  const run = async () => {
    setState({ busy: true, error: null, done: false });
    try {
      onFilled(await api<TCodingProblem>(`/api/coding-tests/${problemId}/fill-outputs`, { method: 'POST', body: {} }));
      setState({ busy: false, error: null, done: true });
    } catch (err) {
      setState({
        busy: false,
        error: err instanceof ApiError ? err.message : 'Filling the outputs failed. Please try again.',
        done: false,
      });
    }
  };
  return (
    <div className="solution-check">
      <button type="button" className="btn btn-outline btn-sm" onClick={run} disabled={state.busy || dirty}>
        {state.busy ? 'Filling...' : 'Fill outputs from the model solution'}
      </button>
      {dirty && <span className="field-hint"> Save your changes first: the saved solution and cases are used.</span>}
      {state.error && (
        <div className="alert alert-error" role="alert">
          {state.error}
        </div>
      )}
      {state.done && (
        <p className="alert alert-success" role="status">
          Every expected output now holds the model solution’s answer.
        </p>
      )}
    </div>
  );
}
