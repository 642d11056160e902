import { retrySpread } from '@assessly/shared';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useT } from '../../i18n/candidate-intl';
import { en, type MessageId } from '../../i18n/messages.en';
import { useTakeState } from '../taking/take-api';
import { AdaptiveCadence, isCalm } from './adaptive-cadence';
import { cameraProblem } from './camera-problem';
import { loadDeviceDetector } from './device-detector';
import {
  answerSpotCheck,
  type CallOutcome,
  callsInTurn,
  sendCameraLost,
  sendEnrol,
  sendFlaggedFrame,
  sendHeartbeat,
  sendVerify,
} from './proctoring-calls';
import { checkIntervals, ProctoringContext, type ProctoringState } from './proctoring-context';
import './proctoring.css';
import { canvasJpeg, captureJpeg, hasCameraApi, openCamera, snapshot, stopStream, waitForFrames } from './webcam';

export { useProctoring } from './proctoring-context';

/** A device flag uploads its frame at most this often (the server checks it again and records it). */
const FLAG_UPLOAD_GAP_MS = 10_000;

/** What the candidate reads (message ids, issue 46). Face alerts only for verdicts the server answered (and recorded). */
export const WRAPPER_TEXT = {
  mismatch: 'proctor.mismatch',
  noFace: 'proctor.noFace',
  multipleFaces: 'proctor.multipleFaces',
  phone: 'proctor.phone',
  unclear: 'proctor.unclear',
  liveness: 'proctor.liveness',
  recorded: 'proctor.recorded',
  offline: 'proctor.offline',
  session: 'proctor.session',
  camera: 'proctor.camera',
} as const satisfies Record<string, MessageId>;

/**
 * Wraps a test page. A sitting that is not proctored (test setting off, or the server's face engine off)
 * renders the page with no camera at all. A proctored sitting (issue 17): the camera runs in a hidden video;
 * right after a (re)load one frame is verified against the reference enrolment taken on the entry step, so a
 * swapped person is flagged at once; a heartbeat goes to the server every 10 s and may bring a spot-check
 * challenge, answered at once with a fresh frame. Network trouble shows "Connection lost", never a face alert;
 * a busy face service is retried silently (the server records the gap). Flags never end the test.
 */
export function ProctoringWrapper(props: { testId: string; attemptId: string | null; children: ReactNode }) {
  const take = useTakeState(props.testId).data;
  const active = Boolean(props.attemptId && take?.proctoring?.active);
  if (!active) {
    return (
      <ProctoringContext.Provider value={{ state: 'off', active: false }}>
        <div className="proctoring" data-proctoring-state="off">
          {props.children}
        </div>
      </ProctoringContext.Provider>
    );
  }
  return (
    <ActiveProctoring testId={props.testId} enrolled={Boolean(take?.proctoring?.enrolled)}>
      {props.children}
    </ActiveProctoring>
  );
}

function ActiveProctoring({ testId, enrolled, children }: { testId: string; enrolled: boolean; children: ReactNode }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const enrolledRef = useRef(enrolled);
  const busy = useRef(false);
  const [state, setState] = useState<ProctoringState>('pending');
  const { t } = useT();
  // a message id, or the server's own guidance text (English) for an unclear face
  const say = (s: string) => (s in en ? t(s as MessageId) : s);
  const [alert, setAlert] = useState('');
  const [banner, setBanner] = useState<MessageId | ''>('');
  const [finished, setFinished] = useState(false);
  const [device, setDevice] = useState({ backend: 'loading', checks: 0, faces: -1 });
  const lastUpload = useRef(0);
  // The server takes one face call per candidate at a time and refuses a second at once (429): a device flag sent
  // while a spot-check answer is on its way would be lost, and an answer sent during a flag upload could come too
  // late. The page's own face calls therefore go one after another.
  const [oneAfterAnother] = useState(callsInTurn);

  /** One server answer → what the candidate sees. */
  const handle = useCallback((out: CallOutcome) => {
    switch (out.kind) {
      case 'ok':
      case 'unavailable': // the server records the gap; retry on the next beat
        setBanner('');
        setState((s) => (s === 'alert' || s === 'camera-off' ? s : 'ok'));
        return;
      case 'flag':
        setBanner('');
        setAlert(
          out.status === 'not_matched'
            ? WRAPPER_TEXT.mismatch
            : out.status === 'multiple_faces'
              ? WRAPPER_TEXT.multipleFaces
              : out.status === 'phone'
                ? WRAPPER_TEXT.phone
                : out.status === 'unclear'
                  ? typeof out.body.guidance === 'string'
                    ? out.body.guidance
                    : WRAPPER_TEXT.unclear
                  : out.status === 'liveness'
                    ? WRAPPER_TEXT.liveness
                    : WRAPPER_TEXT.noFace,
        );
        setState('alert');
        return;
      case 'offline':
        setBanner(out.reason === 'session' ? WRAPPER_TEXT.session : WRAPPER_TEXT.offline);
        setState((s) => (s === 'alert' ? s : 'offline'));
        return;
      case 'ended':
        setFinished(true);
        return;
      case 'refused':
        console.warn(`proctoring: ${out.code} ${out.message}`);
    }
  }, []);

  /** A fresh frame for the server: the reload check, a challenge answer, or a late enrolment. */
  const checkFrame = useCallback(
    async (challengeId?: string): Promise<CallOutcome | null> => {
      if (busy.current) return null;
      busy.current = true;
      try {
        // the frame is taken when its turn comes, so a challenge is answered with what the camera sees then
        return await oneAfterAnother(async () => {
          const frame = await captureJpeg(videoRef.current, 0.85);
          if (!frame) return null;
          if (!enrolledRef.current) {
            const out = await sendEnrol(testId, frame);
            if (out.kind === 'ok' || (out.kind === 'refused' && out.code === 'FACE_ALREADY_ENROLLED'))
              enrolledRef.current = true;
            handle(out.kind === 'refused' ? { kind: 'ok', body: {} } : out);
            return out;
          }
          const out = await sendVerify(testId, frame, challengeId);
          handle(out);
          return out;
        });
      } finally {
        busy.current = false;
      }
    },
    [testId, handle, oneAfterAnother],
  );

  const startCamera = useCallback(async (): Promise<boolean> => {
    if (!hasCameraApi()) return false;
    try {
      const stream = await openCamera();
      stopStream(streamRef.current);
      streamRef.current = stream;
      for (const track of stream.getVideoTracks()) {
        track.addEventListener('ended', () => {
          if (streamRef.current !== stream) return;
          setState('camera-off');
          void sendCameraLost(testId, 'the camera track ended');
        });
      }
      const video = videoRef.current;
      if (video) {
        video.srcObject = stream;
        await video.play().catch(() => {});
      }
      return true;
    } catch (err) {
      console.warn(`proctoring: camera ${cameraProblem(err)}`);
      return false;
    }
  }, [testId]);

  // Camera on mount, then at once the reload check against the reference enrolment.
  useEffect(() => {
    let cancelled = false;
    (async () => {
      if (!(await startCamera())) return void (cancelled || setState('camera-off'));
      const video = videoRef.current;
      if (cancelled || !video || !(await waitForFrames(video))) return;
      // a busy face service (a whole drive loading at once) is asked again later, each page at its own time
      if (!cancelled)
        await retrySpread(checkFrame, (out) => out?.kind === 'unavailable', { cancelled: () => cancelled });
    })();
    return () => {
      cancelled = true;
      stopStream(streamRef.current);
      streamRef.current = null;
    };
  }, [startCamera, checkFrame]);

  // Heartbeat (camera alive) with spot-check challenges; a late enrolment retries on it too.
  useEffect(() => {
    if (finished) return;
    const { heartbeatMs } = checkIntervals();
    const beat = async () => {
      if (!streamRef.current) return;
      const out = await sendHeartbeat(testId);
      handle(out.kind === 'ok' ? { kind: 'ok', body: {} } : out);
      const challenge = out.kind === 'ok' ? (out.body.challenge as { id?: string; expiresInMs?: number } | null) : null;
      // a busy face service keeps the challenge open: the answer goes again while it lasts
      if (challenge?.id) {
        const id = challenge.id;
        await answerSpotCheck(() => checkFrame(id), challenge.expiresInMs);
      } else if (!enrolledRef.current) await checkFrame();
    };
    const timer = setInterval(beat, heartbeatMs);
    return () => clearInterval(timer);
  }, [finished, testId, handle, checkFrame]);

  // On-device detection every 2 s while anything changes, slowing down to every 8 s while the scene stays the same
  // (one face, no phone: issue 26 keeps an idle page under a tenth of a core); any change goes back to 2 s. Only a
  // flagged frame goes to the server (which checks it again and records the event with the frame). At most one
  // upload per FLAG_UPLOAD_GAP_MS.
  useEffect(() => {
    if (finished) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const { deviceCheckMs } = checkIntervals();
    const cadence = new AdaptiveCadence(deviceCheckMs);
    (async () => {
      let detector: Awaited<ReturnType<typeof loadDeviceDetector>>;
      try {
        detector = await loadDeviceDetector();
        detector.resetPhoneRule();
      } catch (err) {
        console.warn('proctoring: on-device detection unavailable; server spot checks continue', err);
        if (!cancelled) setDevice((d) => ({ ...d, backend: 'unavailable' }));
        return;
      }
      const tick = async () => {
        const video = videoRef.current;
        if (cancelled) return;
        // the frame uploaded with a flag is the very frame the device checked (a later capture may no longer
        // show what was flagged, and the server would then find nothing to record)
        const still = streamRef.current ? snapshot(video) : null;
        if (still) {
          try {
            const r = await detector.check(still);
            if (cancelled) return;
            setDevice((d) => ({ backend: detector.backend, checks: d.checks + 1, faces: r.faces }));
            cadence.observe(isCalm(r)); // a single phone sighting is not calm (the k-of-n rule decides soon)
            const now = Date.now();
            if ((r.faces !== 1 || r.phone) && now - lastUpload.current >= FLAG_UPLOAD_GAP_MS) {
              lastUpload.current = now;
              // sent after any face call already on its way
              const frame = await canvasJpeg(still, 0.85);
              if (frame && !cancelled) {
                const out = await oneAfterAnother(() =>
                  sendFlaggedFrame(testId, frame, r.phone ? r.phoneEvidence : undefined),
                );
                if (!cancelled) handle(out);
              }
            }
          } catch (err) {
            console.warn('proctoring: on-device check failed', err);
          }
        }
        if (!cancelled) timer = setTimeout(tick, cadence.nextMs());
      };
      void tick();
    })();
    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
    };
  }, [finished, testId, handle, oneAfterAnother]);

  // The browser's own view of the network.
  useEffect(() => {
    const off = () => handle({ kind: 'offline', reason: 'network' });
    const on = () => {
      setBanner('');
      setState((s) => (s === 'offline' ? 'ok' : s));
    };
    window.addEventListener('offline', off);
    window.addEventListener('online', on);
    return () => {
      window.removeEventListener('offline', off);
      window.removeEventListener('online', on);
    };
  }, [handle]);

  const acknowledge = () => {
    setAlert('');
    setState('ok');
  };
  const retryCamera = async () => {
    if (await startCamera()) setState('ok');
  };

  return (
    <ProctoringContext.Provider value={{ state, active: state === 'ok' }}>
      <div
        className="proctoring"
        data-proctoring-state={state}
        data-device-backend={device.backend}
        data-device-checks={device.checks}
        data-device-faces={device.faces}
      >
        <video
          ref={videoRef}
          className="proctoring-video"
          muted
          playsInline
          autoPlay
          aria-hidden="true"
          tabIndex={-1}
        />
        {children}
        {banner && (
          <p className="proctoring-banner alert alert-warning" role="status" data-testid="connection-banner">
            {t(banner)}
          </p>
        )}
        {state === 'camera-off' && !finished && (
          <div className="proctoring-banner alert alert-warning" role="status" data-testid="camera-banner">
            {t(WRAPPER_TEXT.camera)}{' '}
            <button type="button" className="btn btn-outline" onClick={retryCamera}>
              {t('proctor.cameraBack')}
            </button>
          </div>
        )}
        {alert && (
          <div className="modal-backdrop proctoring-alert-backdrop">
            <div
              className="modal proctoring-alert"
              role="alertdialog"
              aria-modal="true"
              aria-labelledby="proctoring-alert-title"
              aria-describedby="proctoring-alert-text"
            >
              <h2 id="proctoring-alert-title">{t('proctor.alertTitle')}</h2>
              <p id="proctoring-alert-text">{say(alert)}</p>
              <p className="muted proctoring-small">{t(WRAPPER_TEXT.recorded)}</p>
              <button type="button" className="btn btn-primary" autoFocus onClick={acknowledge}>
                {t('proctor.understand')}
              </button>
            </div>
          </div>
        )}
        {!finished && (
          <p className="proctoring-notice" role="status">
            <span className={`proctoring-dot ${state === 'ok' ? 'on' : ''}`} aria-hidden="true" />
            {state === 'pending' ? t('proctor.starting') : t('proctor.notice')}
          </p>
        )}
      </div>
    </ProctoringContext.Provider>
  );
}
