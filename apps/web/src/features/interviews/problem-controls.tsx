/**
 * Interviewer controls for a library problem: reveal one of the company's problems into the room (everyone sees
 * its statement and examples), then "Run hidden tests" on the shared code. The candidate sees that run only as
 * passed/failed per case.
 */
import type { TCodingProblem, TRoomProblem } from '@assessly/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorAlert } from '../../app/alert';
import { api, serverMessage } from '../../lib/api';

export function ProblemControls({
  interviewId,
  language,
  getCode,
  revealedId,
  loadStarter,
}: {
  interviewId: string;
  language: string;
  getCode: () => string;
  revealedId: string | null;
  /** Puts a stub into the shared editor (asks first when the editor holds code). */
  loadStarter: (code: string) => void;
}) {
  const problems = useQuery({
    queryKey: ['coding-problems'],
    queryFn: () => api<TCodingProblem[]>('/api/coding-tests'),
  });
  const [chosen, setChosen] = useState('');
  const [busy, setBusy] = useState<'reveal' | 'hidden' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const act = async (kind: 'reveal' | 'hidden') => {
    setBusy(kind);
    setError(null);
    try {
      if (kind === 'reveal') {
        const problem = await api<TRoomProblem>(`/api/interviews/${interviewId}/reveal`, {
          method: 'POST',
          body: { problemId: chosen },
        });
        const stub = problem.starterCode[language];
        if (stub) loadStarter(stub);
      } else {
        await api(`/api/interviews/${interviewId}/hidden-tests`, {
          method: 'POST',
          body: { language, code: getCode() },
        });
      }
    } catch (err) {
      setError(serverMessage(err, 'That did not reach the server. Check your connection.'));
    } finally {
      setBusy(null);
    }
  };
  return (
    <section aria-labelledby="iv-problem-title">
      <h2 id="iv-problem-title" className="iv-subtitle">
        Problem
      </h2>
      {problems.isPending && <p className="muted">Loading your problems…</p>}
      {problems.isError && <ErrorAlert message={serverMessage(problems.error, 'Your problems could not be loaded.')} />}
      {problems.data && problems.data.length === 0 && (
        <p className="muted">Your library has no coding problems yet; the room works without one.</p>
      )}
      {problems.data && problems.data.length > 0 && (
        <div className="field">
          <label htmlFor="iv-problem">Library problem</label>
          <select id="iv-problem" value={chosen} onChange={(e) => setChosen(e.target.value)}>
            <option value="">Choose…</option>
            {problems.data.map((p) => (
              <option key={p.id} value={p.id}>
                {p.title}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="iv-toolbar">
        <button
          type="button"
          className="btn btn-outline"
          disabled={!chosen || busy !== null}
          onClick={() => act('reveal')}
        >
          {busy === 'reveal' ? 'Revealing…' : 'Reveal to the room'}
        </button>
        <button
          type="button"
          className="btn btn-outline"
          disabled={!revealedId || busy !== null}
          onClick={() => act('hidden')}
        >
          {busy === 'hidden' ? 'Running…' : 'Run hidden tests'}
        </button>
      </div>
      <ErrorAlert message={error} />
    </section>
  );
}
