/**
 * Run, Submit and Run with custom input: the one place the coding page talks to the judge. The result
 * components only render what this hook holds, so how results arrive (one answer, polling, a stream) can
 * change here without touching them.
 */
import type { TCandidateResult } from '@assessly/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useT } from '../../i18n/candidate-intl';
import type { RunState } from './result-cards';
import { type RunPayload, runCode, submissionsKey, submitCode, submitProgressText } from './take-api';

export function useRunner(testId: string, payload: () => RunPayload, beforeSend: () => void) {
  const qc = useQueryClient();
  const { t } = useT();
  const failed = (what: 'run' | 'submit', err: unknown) =>
    err instanceof Error
      ? t(what === 'run' ? 'run.failedRun' : 'run.failedSubmit', { reason: err.message })
      : t(what === 'run' ? 'run.failedRunPlain' : 'run.failedSubmitPlain');
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
      setError(failed('run', err));
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
      const res = await submitCode(payload(), (p) => setNote(submitProgressText(p, t)));
      setResults(res);
      setNote(t('run.submitted', { passed: res.filter((r) => r.passed).length, total: res.length }));
      void qc.invalidateQueries({ queryKey: submissionsKey(testId) });
    } catch (err) {
      setError(failed('submit', err));
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
      setCustomError(failed('run', err));
      setCustom(null);
    } finally {
      setBusy(null);
    }
  };

  /**
   * Switching problem or language clears what was shown (spec §4), the custom run's result included (issue 46: the
   * previous language's result stayed). A new problem also starts with an empty custom input: another problem's
   * input means nothing to it; a language switch keeps the input the candidate typed for this problem.
   */
  const clear = (newProblem = true) => {
    setResults(null);
    setError('');
    setNote('');
    setCustom(null);
    setCustomError('');
    if (newProblem) setStdin('');
  };

  return { results, busy, error, note, stdin, setStdin, custom, customError, run, submit, runCustom, clear };
}
