/**
 * Run, Submit and Run with custom input: the one place the coding page talks to the judge. The result
 * components only render what this hook holds, so how results arrive (one answer, polling, a stream) can
 * change here without touching them.
 */
import type { TCandidateResult } from '@assessly/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { RunState } from './result-cards';
import { type RunPayload, runCode, submissionsKey, submitCode, submitProgressText } from './take-api';

const failed = (what: string, err: unknown) =>
  err instanceof Error ? `Failed to ${what}: ${err.message}` : `Failed to ${what}`;

export function useRunner(testId: string, payload: () => RunPayload, beforeSend: () => void) {
  const qc = useQueryClient();
  const [results, setResults] = useState<TCandidateResult[] | null>(null);
  const [busy, setBusy] = useState<RunState>(null);
  const [error, setError] = useState('');
  const [note, setNote] = useState('');
  const [stdin, setStdin] = useState('');
  const [custom, setCustom] = useState<TCandidateResult | null>(null);
  const [customError, setCustomError] = useState('');

  const run = async () => {
    setBusy('run');
    setError('');
    setNote('');
    beforeSend();
    try {
      setResults(await runCode(payload()));
    } catch (err) {
      setError(failed('run code', err));
      setResults(null);
    } finally {
      setBusy(null);
    }
  };

  const submit = async () => {
    setBusy('submit');
    setError('');
    setNote('');
    beforeSend();
    try {
      const res = await submitCode(payload(), (p) => setNote(submitProgressText(p)));
      setResults(res);
      setNote(`Submitted! Passed ${res.filter((r) => r.passed).length} / ${res.length} test cases.`);
      void qc.invalidateQueries({ queryKey: submissionsKey(testId) });
    } catch (err) {
      setError(failed('submit code', err));
    } finally {
      setBusy(null);
    }
  };

  const runCustom = async () => {
    setBusy('custom');
    setCustomError('');
    beforeSend();
    try {
      const [r] = await runCode({ ...payload(), stdin });
      setCustom(r ?? null);
    } catch (err) {
      setCustomError(failed('run code', err));
      setCustom(null);
    } finally {
      setBusy(null);
    }
  };

  /** Switching problem or language clears what was shown (spec §4). */
  const clear = (all = true) => {
    setResults(null);
    setError('');
    setNote('');
    if (all) setCustom(null);
  };

  return { results, busy, error, note, stdin, setStdin, custom, customError, run, submit, runCustom, clear };
}
