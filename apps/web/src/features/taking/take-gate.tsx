/**
 * What both test pages share before the test itself: load the take state, then show Loading, Error Loading
 * Data, Test Window Closed or the start screen; redirect to the right page for the test type.
 */
import type { TStartAttempt, TTakeTest } from '@assessly/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { CandidateIntl, useT } from '../../i18n/candidate-intl';
import { ApiError } from '../../lib/api';
import { EntryStep } from '../proctoring/entry-step';
import { AccommodationRequest } from './accommodation-request';
import { ErrorScreen, LoadingScreen, StartScreen, WindowClosedScreen } from './screens';
import { restartPreview, startAttempt, takeKey, useTakeState } from './take-api';

export interface OpenTake {
  take: TTakeTest & { attempt: NonNullable<TTakeTest['attempt']> };
  /** Server clock minus device clock. */
  offsetMs: number;
  setTake: (t: TTakeTest) => void;
}

type GateProps = { testId: string; type: 'CODING' | 'APTITUDE'; children: (t: OpenTake) => ReactNode };

/** The test pages in the candidate's language (issue 46): the test's default until the candidate picks one. */
export function TakeGate(props: GateProps) {
  const query = useTakeState(props.testId);
  return (
    <CandidateIntl defaultLocale={query.data?.test.defaultLocale}>
      <Gate {...props} />
    </CandidateIntl>
  );
}

function Gate({ testId, type, children }: GateProps) {
  const qc = useQueryClient();
  const { t } = useT();
  const query = useTakeState(testId);
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState('');
  const setTake = (t: TTakeTest) => qc.setQueryData(takeKey(testId), t);
  const label = type === 'CODING' ? t('take.loadingCoding') : t('take.loadingTest');

  if (query.isPending) return <LoadingScreen label={label} />;
  if (query.isError) {
    const err = query.error;
    const msg = t('take.fetchFailed', {
      reason: err instanceof ApiError && err.status > 0 ? err.message : t('take.networkError'),
    });
    return <ErrorScreen message={msg} onRetry={() => void query.refetch()} />;
  }
  const take = query.data;
  if (take.test.testType !== type) {
    return <Navigate to={`/${take.test.testType === 'CODING' ? 'code' : 'aptitude'}/${testId}`} replace />;
  }
  if (!take.attempt) {
    if (take.window.state === 'out-of-window') return <WindowClosedScreen take={take} />;
    const start = async (options?: TStartAttempt) => {
      setStarting(true);
      setStartError('');
      try {
        setTake(await startAttempt(testId, options));
      } catch (err) {
        if (err instanceof ApiError && err.code === 'WINDOW_CLOSED') await query.refetch();
        setStartError(err instanceof Error ? err.message : t('take.startFailed'));
      } finally {
        setStarting(false);
      }
    };
    const banner = take.preview && <PreviewBanner testId={testId} started={false} />;
    // issue 46: asked before the start, on the entry page with or without the camera step
    const accommodation = take.test.questionCount > 0 && <AccommodationRequest take={take} />;
    // Camera-proctored tests start through the entry step (camera, guidelines, enrolment: issue 17).
    // A test without questions cannot start: the start screen says "This test is not ready yet" (no entry step).
    if (take.proctoring?.required && take.test.questionCount > 0)
      return (
        <>
          {banner}
          <EntryStep take={take} busy={starting} error={startError} onStart={start} accommodation={accommodation} />
        </>
      );
    return (
      <>
        {banner}
        <StartScreen take={take} busy={starting} error={startError} onStart={start} accommodation={accommodation} />
      </>
    );
  }
  const offsetMs = new Date(take.serverNow).getTime() - query.dataUpdatedAt;
  return (
    <>
      {take.attempt.isPreview && <PreviewBanner testId={testId} started />}
      {children({ take: take as OpenTake['take'], offsetMs, setTake })}
    </>
  );
}

/** A member of the owning company takes the test as a preview: counted nowhere, restartable at will. */
function PreviewBanner({ testId, started }: { testId: string; started: boolean }) {
  const { t, rich } = useT();
  const [busy, setBusy] = useState(false);
  const restart = async () => {
    setBusy(true);
    try {
      await restartPreview(testId);
      // A fresh page: no drafts, timers or answers of the old attempt survive in memory.
      window.location.reload();
    } catch {
      setBusy(false);
    }
  };
  return (
    // Before the start it sits in the page's flow: fixed, it covered Start Test on a 1366×900 screen (issue 46).
    <aside
      className={started ? 'preview-banner' : 'preview-banner preview-banner-inline'}
      role="note"
      aria-label={t('preview.label')}
    >
      {rich('preview.text', { b: (c) => <strong>{c}</strong> })}
      {started && (
        <button type="button" className="btn btn-sm btn-outline" onClick={restart} disabled={busy}>
          {busy ? t('preview.restarting') : t('preview.restart')}
        </button>
      )}
    </aside>
  );
}
