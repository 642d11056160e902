/**
 * The one way into a camera-proctored test (issue 17): camera permission, a live preview, the guidelines with
 * what is recorded, where and for how long, enrolment of one face, then Start Test. The attempt's clock starts
 * only when Start Test is pressed after a successful enrolment, so a refused camera costs no time. A face
 * service that is down or overloaded never locks the candidate out: after a few tries Start Test is offered
 * anyway and the server records the gap.
 */
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import './proctoring.css';
import { useT } from '../../i18n/candidate-intl';
import { LanguageSwitcher } from '../../i18n/language-switcher';
import type { MessageId } from '../../i18n/messages.en';
import { AiEntryNotice } from '../taking/ai-entry';
import { type StartStepProps, timerMinutes } from '../taking/screens';
import { type CameraProblem, cameraProblem } from './camera-problem';
import { type LiveStepState, useLiveCheck } from './live-check';
import { liveFallbackMs } from './proctoring-context';
import { useStillCamera } from './still-camera';
import {
  captureJpeg,
  hasCameraApi,
  openCamera,
  postFrame,
  responseMessage,
  sleep,
  stopStream,
  waitForFrames,
} from './webcam';

type Enrol =
  | { state: 'waiting' }
  | { state: 'checking' }
  | { state: 'done' }
  | { state: 'failed'; message: string }
  | { state: 'offline' }
  | { state: 'service-down' };

/** Tries against a busy or failing face service before Start Test is offered without an enrolment. */
const SERVICE_TRIES = 3;

export function EntryStep({ take, busy, error, onStart, accommodation }: StartStepProps) {
  const tr = useT();
  const { t, rich } = tr;
  const b = (c: ReactNode[]) => <strong>{c}</strong>;
  const testId = take.test.id;
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const runRef = useRef(0);
  const [camera, setCamera] = useState<'asking' | 'on' | CameraProblem>('asking');
  const [enrol, setEnrol] = useState<Enrol>(take.proctoring?.enrolled ? { state: 'done' } : { state: 'waiting' });
  const retentionDays = take.proctoring?.retentionDays ?? 90;

  const enrolNow = useCallback(
    async (run: number) => {
      const video = videoRef.current;
      if (!video || !(await waitForFrames(video))) return;
      await sleep(800); // let the camera settle its exposure
      let serviceFailures = 0;
      while (run === runRef.current) {
        setEnrol({ state: 'checking' });
        const frame = await captureJpeg(video, 0.9);
        if (run !== runRef.current) return;
        if (!frame) return setEnrol({ state: 'failed', message: tr.t('entry.noFrame') });
        let res: Response;
        try {
          res = await postFrame(`/api/proctoring/${testId}/enroll`, frame);
        } catch {
          return setEnrol({ state: 'offline' });
        }
        if (run !== runRef.current) return;
        if (res.ok) return setEnrol({ state: 'done' });
        if (res.status === 503 || res.status === 429 || res.status >= 500) {
          serviceFailures++;
          if (serviceFailures >= SERVICE_TRIES) return setEnrol({ state: 'service-down' });
          await sleep(1500 * serviceFailures);
          continue;
        }
        if (res.status === 401) return setEnrol({ state: 'offline' });
        return setEnrol({ state: 'failed', message: await responseMessage(res, tr.t('entry.enrolFailed')) });
      }
    },
    [testId, tr],
  );

  const startCamera = useCallback(async () => {
    const run = ++runRef.current;
    stopStream(streamRef.current);
    streamRef.current = null;
    setCamera('asking');
    if (!hasCameraApi()) return setCamera('no-api');
    let stream: MediaStream;
    try {
      stream = await openCamera(640, 480);
    } catch (err) {
      if (run === runRef.current) setCamera(cameraProblem(err));
      return;
    }
    if (run !== runRef.current) return stopStream(stream);
    streamRef.current = stream;
    const video = videoRef.current;
    if (video) {
      video.srcObject = stream;
      await video.play().catch(() => {});
    }
    setCamera('on');
    // No photo yet: it is taken only when the candidate presses the button (issue 26).
  }, []);

  useEffect(() => {
    void startCamera();
    return () => {
      runRef.current++;
      stopStream(streamRef.current);
      streamRef.current = null;
    };
  }, [startCamera]);

  const takePhoto = () => {
    const run = ++runRef.current;
    void enrolNow(run);
  };

  const liveRunning = camera === 'on' && enrol.state === 'done';
  const live = useLiveCheck(testId, videoRef, liveRunning);
  // Issue 27: the server must have judged the live sequence done (or the face service be unavailable).
  const liveDone = live.step === 'done' || live.step === 'unavailable';
  // Issue 41: no dead end. A still picture gets its own guidance; after LIVE_FALLBACK_MS, or when the candidate
  // says they cannot turn their head, Start Test opens without the live check (a reviewer confirms the identity).
  const still = useStillCamera(videoRef, liveRunning && !liveDone);
  const [fallback, setFallback] = useState<'timeout' | 'request' | null>(null);
  useEffect(() => {
    if (!liveRunning || liveDone) return;
    const timer = setTimeout(() => setFallback((f) => f ?? 'timeout'), liveFallbackMs());
    return () => clearTimeout(timer);
  }, [liveRunning, liveDone]);
  const fallbackOpen = liveRunning && !liveDone && fallback !== null;
  const canStart =
    camera === 'on' && ((enrol.state === 'done' && (liveDone || fallbackOpen)) || enrol.state === 'service-down');
  const start = () =>
    fallbackOpen && fallback ? onStart({ liveFallback: fallback, ...(still ? { stillCamera: true } : {}) }) : onStart();
  return (
    <main className="container entry entry-step">
      <div className="language-switcher-bar">
        <LanguageSwitcher />
      </div>
      <header className="entry-header">
        <h1>{take.test.testName}</h1>
        <p className="muted">{t('entry.intro', { minutes: timerMinutes(take) })}</p>
      </header>
      <div className="entry-grid">
        <section className="card" aria-labelledby="entry-camera-title">
          <h2 id="entry-camera-title">{t('entry.cameraTitle')}</h2>
          <div className="entry-video-box">
            <video ref={videoRef} width={640} height={480} muted playsInline aria-label={t('entry.cameraPreview')} />
            {camera !== 'on' && (
              <div className="entry-video-placeholder">
                {camera === 'asking' ? t('entry.waitingCamera') : t('entry.noCamera')}
              </div>
            )}
          </div>
          <p className="entry-status" aria-live="polite" data-testid="enrol-status">
            {camera === 'on' && <EnrolStatus enrol={enrol} />}
          </p>
          {camera === 'on' && enrol.state === 'done' && live.step !== 'off' && (
            <p className="entry-status" aria-live="polite" data-testid="live-check">
              <LiveCheckStatus step={live.step} />
              {live.message && live.step !== 'done' && <span className="muted"> {live.message}</span>}
            </p>
          )}
          {still && (
            <p className="alert alert-warning" role="status" data-testid="still-camera">
              <strong>{t('live.stillTitle')}</strong> {t('live.stillFix')}
            </p>
          )}
          {liveRunning && !liveDone && !fallbackOpen && (
            <button type="button" className="btn btn-outline" onClick={() => setFallback('request')}>
              {t('live.cannotTurn')}
            </button>
          )}
          {fallbackOpen && (
            <p className="alert alert-info" role="status" data-testid="live-fallback">
              {t(fallback === 'timeout' ? 'live.fallbackTimeout' : 'live.fallbackRequest')} {t('live.fallbackReview')}
            </p>
          )}
          {camera !== 'on' && camera !== 'asking' && <CameraHelp problem={camera} onRetry={startCamera} />}
          {camera === 'on' && enrol.state === 'waiting' && (
            <button type="button" className="btn btn-primary" onClick={takePhoto}>
              {t('entry.takePhoto')}
            </button>
          )}
          {camera === 'on' && (enrol.state === 'failed' || enrol.state === 'offline' || enrol.state === 'done') && (
            <button type="button" className="btn btn-outline" onClick={takePhoto}>
              {enrol.state === 'done' ? t('entry.retakePhoto') : t('common.tryAgain')}
            </button>
          )}
        </section>

        <section className="card" aria-labelledby="entry-rules-title">
          <h2 id="entry-rules-title">{t('entry.rulesTitle')}</h2>
          <ul className="entry-list">
            <li>{t('entry.ruleFace')}</li>
            <li>{t('entry.rulePhones')}</li>
            <li>{t('entry.ruleTabs')}</li>
            <li>{t(pasteRule(take.pastePolicy))}</li>
          </ul>
          <AiEntryNotice testId={testId} />
          <h3>{t('entry.privacyTitle')}</h3>
          <ul className="entry-list" data-testid="privacy-notice">
            <li>{rich('entry.privacyPhoto', { b })}</li>
            <li>{rich('entry.privacyDuring', { b })}</li>
            <li>{rich('entry.privacyFlags', { b })}</li>
            <li>{rich('entry.privacyRetention', { b, days: retentionDays })}</li>
          </ul>
          <p className="muted">{t('entry.flagsNote')}</p>
          <h3>{t('entry.fairnessTitle')}</h3>
          <ul className="entry-list" data-testid="fairness-statement">
            <li>{t('entry.fairnessCounts')}</li>
            <li>{t('entry.fairnessTurn')}</li>
            <li>{t('entry.fairnessQuality')}</li>
            {/* Issue 41: the figures of `npm run bench:face-pairs` and `npm run bench:phones` (packages/face/README.md) */}
            <li>
              {t('entry.fairnessErrors', {
                photos: 196,
                people: 50,
                sameAccepted: 278,
                samePairs: 279,
                sameRate: '99.6 %',
                worstRate: '97.6 %',
                worstAccepted: 41,
                worstPairs: 42,
                diffPairs: 18_057,
                hardPairs: 432,
                refused: 4,
                phoneCaught: 1,
                phonePhotos: 4,
                noPhonePhotos: 231,
              })}
            </li>
            <li>{t('entry.fairnessNeeds')}</li>
            <li>{t('entry.fairnessFallback')}</li>
            <li>{t('entry.fairnessReview')}</li>
          </ul>
        </section>
      </div>
      {accommodation}
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
      <div className="entry-actions">
        <button type="button" className="btn btn-primary" onClick={start} disabled={!canStart || busy}>
          {busy ? t('start.starting') : t('start.startTest')}
        </button>
        {!canStart && (
          <span className="muted">
            {camera !== 'on'
              ? t('entry.needsCamera')
              : enrol.state === 'done'
                ? t('entry.needsLive')
                : t('entry.needsPhoto')}
          </span>
        )}
      </div>
    </main>
  );
}

function LiveCheckStatus({ step }: { step: Exclude<LiveStepState, 'off'> }) {
  const { t } = useT();
  switch (step) {
    case 'turn_first':
      return <span className="badge badge-warning">{t('live.turnFirst')}</span>;
    case 'turn_other':
      return <span className="badge badge-warning">{t('live.turnOther')}</span>;
    case 'done':
      return <span className="badge badge-success">{t('live.passed')}</span>;
    case 'unavailable':
      return <span className="badge badge-warning">{t('live.unavailable')}</span>;
  }
}

function EnrolStatus({ enrol }: { enrol: Enrol }) {
  const { t } = useT();
  switch (enrol.state) {
    case 'waiting':
      return <span>{t('enrol.waiting')}</span>;
    case 'checking':
      return <span className="badge badge-warning">{t('enrol.checking')}</span>;
    case 'done':
      return <span className="badge badge-success">{t('enrol.done')}</span>;
    case 'failed':
      return (
        <span className="alert alert-error" role="alert">
          {enrol.message}
        </span>
      );
    case 'offline':
      return (
        <span className="alert alert-warning" role="alert">
          {t('enrol.offline')}
        </span>
      );
    case 'service-down':
      return (
        <span className="alert alert-info" role="status">
          {t('enrol.serviceDown')}
        </span>
      );
  }
}

const CAMERA_HELP: Record<CameraProblem, { title: MessageId; fix: MessageId }> = {
  denied: { title: 'camera.deniedTitle', fix: 'camera.deniedFix' },
  'not-found': { title: 'camera.notFoundTitle', fix: 'camera.notFoundFix' },
  busy: { title: 'camera.busyTitle', fix: 'camera.busyFix' },
  'no-api': { title: 'camera.noApiTitle', fix: 'camera.noApiFix' },
  other: { title: 'camera.otherTitle', fix: 'camera.otherFix' },
};

function CameraHelp({ problem, onRetry }: { problem: CameraProblem; onRetry: () => void }) {
  const { t } = useT();
  const help = CAMERA_HELP[problem];
  return (
    <div className="alert alert-error" role="alert" data-testid="camera-problem">
      <p>
        <strong>{t(help.title)}</strong> {t(help.fix)}
      </p>
      <p>{t('camera.noTimeUsed')}</p>
      <button type="button" className="btn btn-outline" onClick={onRetry}>
        {t('common.tryAgain')}
      </button>
    </div>
  );
}

/**
 * The guideline about pasting says what this test's policy does (issue 46: it said "blocked" on coding tests that
 * allow or record pastes). Tests without a paste policy (aptitude) block copy, paste and the context menu.
 */
function pasteRule(policy: 'allow' | 'record' | 'block' | undefined): MessageId {
  if (policy === 'block') return 'entry.pasteBlock';
  if (policy === 'record') return 'entry.pasteRecord';
  if (policy === 'allow') return 'entry.pasteAllow';
  return 'entry.pasteNone';
}
