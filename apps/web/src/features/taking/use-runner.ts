/**
 * Run, Submit and Run with custom input: the one place the coding page talks to the judge. The result
 * components only render what this hook holds, so how results arrive (one answer, polling, a stream) can
 * change here without touching them.
 */
import type { TCandidateResult } from '@assessly/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useT } from '../../i18n/candidate-intl';
import { type RunState, useVerdictText } from './result-cards';
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
  // What the screen reader hears (issue 46): one short sentence per Run/Submit, in the page's one live region.
  const [announcement, setAnnouncement] = useState('');
  const verdictText = useVerdictText();
  const firstFailure = (res: TCandidateResult[]) => {
    const i = res.findIndex((r) => !r.passed);
    const r = res[i];
    if (!r) return '';
    const verdict = r.verdict ? verdictText(r.verdict) : t('verdict.failed');
    return ` ${t('announce.firstFailure', { n: i + 1, verdict })}`;
  };
  const summaryOf = (res: TCandidateResult[]) =>
    t('announce.run', { passed: res.filter((r) => r.passed).length, total: res.length }) + firstFailure(res);
  // A custom run compares nothing: only a failure to run is news.
  const customSummary = (r: TCandidateResult | undefined) =>
    !r?.verdict || r.verdict === 'Accepted' || r.verdict === 'Wrong Answer'
      ? t('announce.custom')
      : t('announce.customFailed', { verdict: verdictText(r.verdict) });

  const run = async () => {
    setBusy('run');
    setError('');
    setNote('');
    setAnnouncement(t('announce.running'));
    beforeSend();
    try {
      const res = await runCode(payload());
      setResults(res);
      setAnnouncement(summaryOf(res));
    } catch (err) {
      setError(failed('run', err));
      setAnnouncement(''); // the error is an alert of its own
      setResults(null);
    } finally {
      setBusy(null);
    }
  };

  const submit = async () => {
    setBusy('submit');
    setError('');
    setNote('');
    setAnnouncement(t('announce.submitting'));
    beforeSend();
    try {
      const res = await submitCode(payload(), (p) => setNote(submitProgressText(p, t)));
      setResults(res);
      const passed = res.filter((r) => r.passed).length;
      setNote(t('run.submitted', { passed, total: res.length }));
      setAnnouncement(t('announce.submitted', { passed, total: res.length }) + firstFailure(res));
      void qc.invalidateQueries({ queryKey: submissionsKey(testId) });
    } catch (err) {
      setError(failed('submit', err));
      setAnnouncement('');
    } finally {
      setBusy(null);
    }
  };

  const runCustom = async () => {
    setBusy('custom');
    setCustomError('');
    setAnnouncement(t('announce.running'));
    beforeSend();
    try {
      const [r] = await runCode({ ...payload(), stdin });
      setCustom(r ?? null);
      setAnnouncement(customSummary(r));
    } catch (err) {
      setCustomError(failed('run', err));
      setAnnouncement(''); // the error is an alert of its own
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
    setAnnouncement('');
    if (newProblem) setStdin('');
  };

  return {
    results,
    busy,
    error,
    note,
    announcement,
    stdin,
    setStdin,
    custom,
    customError,
    run,
    submit,
    runCustom,
    clear,
  };
}
