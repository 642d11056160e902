import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { checkIntervals, ProctoringContext, type ProctoringState } from './proctoring-context';
import './proctoring.css';
import { captureJpeg, hasCameraApi, openCamera, postFrame, sleep, stopStream, waitForFrames } from './webcam';

export { useProctoring } from './proctoring-context';

/** Spec part 2 §8, proctoring wrapper. */
export const WRAPPER_TEXT = {
  camera: 'Webcam permission denied or not available.',
  enrollment: 'Face enrollment failed. Reload and try again.',
  multipleFaces: 'Multiple faces detected! Please make sure only you are in front of the camera.',
  detectFailed: 'Face detection failed. Check your camera.',
  noFaceMatched: 'No face matched.',
  mismatch: 'Face does not match enrollment. Please make sure only you are in front of the camera.',
  verifyFailed: 'Face verification failed. Check your camera.',
  // Not in the spec: the phone model flags a phone on the periodic detect.
  phone: 'A phone was detected. Please keep phones away from the test area.',
};

const ENROLL_TRIES = 3;

/**
 * Wraps a test page with webcam proctoring (spec part 2 §2.2, §4): a hidden webcam video; enrolment as soon as
 * the page has an attempt; detect every 10 s and verify every 15 s; the Proctoring Alert overlay with I Understand;
 * the Access Denied screen when the camera is refused or enrolment fails. Flags are recorded by the server as
 * proctoring events for a human to review; they never end the test. The page reads { state, active } with
 * useProctoring(); the root element also carries data-proctoring-state.
 */
export function ProctoringWrapper(props: { testId: string; attemptId: string | null; children: ReactNode }) {
  const { testId, attemptId } = props;
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const busy = useRef({ detect: false, verify: false });
  const cameraLost = useRef(false);
  const [camera, setCamera] = useState<'starting' | 'on' | 'off'>('starting');
  const [enrolled, setEnrolled] = useState(false);
  const [finished, setFinished] = useState(false);
  const [state, setState] = useState<ProctoringState>('pending');
  const [blockedMessage, setBlockedMessage] = useState('');
  const [alertMessage, setAlertMessage] = useState('');
  const blocked = state === 'blocked';

  const block = useCallback((message: string) => {
    setBlockedMessage(message);
    setState('blocked');
  }, []);

  const fail = useCallback((kind: 'detect-fail' | 'verify-fail', message: string) => {
    setAlertMessage(message);
    setState((s) => (s === 'blocked' ? s : kind));
  }, []);

  const reportCameraLost = useCallback(
    (detail: string) => {
      if (!attemptId) return;
      fetch(`/api/proctoring/${testId}/camera-lost`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ detail }),
      }).catch(() => {});
    },
    [attemptId, testId],
  );
  const lostRef = useRef<(detail: string) => void>(() => {});

  const startCamera = useCallback(async (cancelled: () => boolean = () => false): Promise<boolean> => {
    if (!hasCameraApi()) return false;
    try {
      const stream = await openCamera();
      // The page was left while the browser asked: release this stream without touching the current one.
      if (cancelled()) {
        stopStream(stream);
        return true;
      }
      stopStream(streamRef.current);
      streamRef.current = stream;
      for (const track of stream.getVideoTracks()) {
        track.addEventListener('ended', () => {
          if (streamRef.current === stream) lostRef.current('the camera track ended');
        });
      }
      const video = videoRef.current;
      if (video) {
        video.srcObject = stream;
        await video.play().catch(() => {});
      }
      cameraLost.current = false;
      setCamera('on');
      return true;
    } catch {
      return false;
    }
  }, []);

  // The camera: asked for on mount, released when the page is left.
  useEffect(() => {
    let cancelled = false;
    startCamera(() => cancelled).then((ok) => {
      if (!ok && !cancelled) {
        setCamera('off');
        block(WRAPPER_TEXT.camera);
      }
    });
    return () => {
      cancelled = true;
      stopStream(streamRef.current);
      streamRef.current = null;
    };
  }, [startCamera, block]);

  // A lost camera is an event of the attempt and an alert; before enrolment it blocks.
  useEffect(() => {
    lostRef.current = (detail: string) => {
      cameraLost.current = true;
      reportCameraLost(detail);
      if (enrolled) fail('detect-fail', WRAPPER_TEXT.detectFailed);
      else block(WRAPPER_TEXT.camera);
    };
  }, [enrolled, reportCameraLost, fail, block]);

  // Enrolment, once the page has started its attempt: a frame about 1 s after the camera runs.
  useEffect(() => {
    if (!attemptId || camera !== 'on' || enrolled || blocked || finished) return;
    let cancelled = false;
    (async () => {
      const video = videoRef.current;
      if (!video || !(await waitForFrames(video))) return void (cancelled || block(WRAPPER_TEXT.camera));
      await sleep(1000);
      for (let i = 0; i < ENROLL_TRIES && !cancelled; i++) {
        if (i > 0) await sleep(1500);
        const frame = await captureJpeg(video);
        if (!frame || cancelled) continue;
        try {
          const res = await postFrame(`/api/proctoring/${testId}/enroll`, frame);
          if (cancelled) return;
          if (res.ok) {
            setEnrolled(true);
            setState('ok');
            return;
          }
          const body = (await res.json().catch(() => ({}))) as { code?: string };
          // The attempt is over: nothing to proctor; the page shows its ended state.
          if (body.code === 'ATTEMPT_ENDED' || body.code === 'DEADLINE_PASSED') return void setFinished(true);
          // Another frame may do for "no face / several faces" and a busy server; anything else will not change.
          if (res.status !== 422 && res.status !== 429 && res.status < 500) break;
        } catch {
          // network: try another frame
        }
      }
      if (!cancelled) block(WRAPPER_TEXT.enrollment);
    })();
    return () => {
      cancelled = true;
    };
  }, [attemptId, camera, enrolled, blocked, finished, testId, block]);

  // Periodic checks while enrolled: detect every 10 s (faces + phone), verify every 15 s.
  useEffect(() => {
    if (!enrolled || blocked || finished) return;
    const { detectMs, verifyMs } = checkIntervals();
    // The server's trouble (busy, rate limit, face service down) is not the candidate's: no alert, try next time.
    const serverTrouble = (res: Response) => {
      if (res.status !== 429 && res.status < 500) return false;
      console.warn(`proctoring check answered ${res.status}`);
      return true;
    };
    const over = async (res: Response) => {
      if (res.status !== 409) return false;
      const body = (await res
        .clone()
        .json()
        .catch(() => ({}))) as { code?: string };
      if (body.code === 'ATTEMPT_ENDED' || body.code === 'ATTEMPT_NOT_STARTED') {
        setFinished(true);
        return true;
      }
      return false;
    };
    const detect = async () => {
      if (busy.current.detect || cameraLost.current) return;
      busy.current.detect = true;
      try {
        const frame = await captureJpeg(videoRef.current);
        if (!frame) return fail('detect-fail', WRAPPER_TEXT.detectFailed);
        const res = await postFrame(`/api/proctoring/${testId}/detect`, frame);
        if (res.status === 204 || serverTrouble(res) || (await over(res))) return;
        if (res.status !== 200) return fail('detect-fail', WRAPPER_TEXT.detectFailed);
        const body = (await res.json().catch(() => ({}))) as { flags?: string[] };
        const flags = body.flags ?? [];
        if (flags.includes('multiple_faces')) fail('detect-fail', WRAPPER_TEXT.multipleFaces);
        else if (flags.includes('no_face')) fail('detect-fail', WRAPPER_TEXT.detectFailed);
        else if (flags.includes('phone')) fail('detect-fail', WRAPPER_TEXT.phone);
      } catch {
        fail('detect-fail', WRAPPER_TEXT.detectFailed);
      } finally {
        busy.current.detect = false;
      }
    };
    const verify = async () => {
      if (busy.current.verify || cameraLost.current) return;
      busy.current.verify = true;
      try {
        const frame = await captureJpeg(videoRef.current);
        if (!frame) return fail('verify-fail', WRAPPER_TEXT.verifyFailed);
        const res = await postFrame(`/api/proctoring/${testId}/verify`, frame);
        const status = res.headers.get('x-face-status');
        if (res.status === 200 || serverTrouble(res) || (await over(res))) return;
        if (res.status === 401 && status === 'not_detected') fail('verify-fail', WRAPPER_TEXT.noFaceMatched);
        else if (res.status === 403 && status === 'not_matched') fail('verify-fail', WRAPPER_TEXT.mismatch);
        else fail('verify-fail', WRAPPER_TEXT.verifyFailed);
      } catch {
        fail('verify-fail', WRAPPER_TEXT.verifyFailed);
      } finally {
        busy.current.verify = false;
      }
    };
    const d = setInterval(detect, detectMs);
    const v = setInterval(verify, verifyMs);
    return () => {
      clearInterval(d);
      clearInterval(v);
    };
  }, [enrolled, blocked, finished, testId, fail]);

  const acknowledge = async () => {
    setAlertMessage('');
    setState('ok');
    if (cameraLost.current && !(await startCamera())) block(WRAPPER_TEXT.camera);
  };

  const alertOpen = state === 'detect-fail' || state === 'verify-fail';
  return (
    <ProctoringContext.Provider value={{ state, active: state === 'ok' }}>
      <div className="proctoring" data-proctoring-state={state}>
        <video
          ref={videoRef}
          className="proctoring-video"
          muted
          playsInline
          autoPlay
          aria-hidden="true"
          tabIndex={-1}
        />
        {blocked ? <AccessDenied message={blockedMessage} /> : props.children}
        {alertOpen && (
          <div className="modal-backdrop proctoring-alert-backdrop">
            <div
              className="modal proctoring-alert"
              role="alertdialog"
              aria-modal="true"
              aria-labelledby="proctoring-alert-title"
              aria-describedby="proctoring-alert-text"
            >
              <h2 id="proctoring-alert-title">Proctoring Alert</h2>
              <p id="proctoring-alert-text">{alertMessage}</p>
              <p className="muted proctoring-small">
                This has been recorded for the employer to review. Your test goes on.
              </p>
              <button type="button" className="btn btn-primary" autoFocus onClick={acknowledge}>
                I Understand
              </button>
            </div>
          </div>
        )}
        {!blocked && !finished && (
          <p className="proctoring-notice" role="status">
            <span className={`proctoring-dot ${state === 'ok' ? 'on' : ''}`} aria-hidden="true" />
            {state === 'pending'
              ? 'Webcam proctoring is starting…'
              : 'Webcam proctoring: a frame is checked for faces and phones every 10 s and compared with your enrolment every 15 s. Only frames that raise a flag are saved, with the time, for the employer to review.'}
          </p>
        )}
      </div>
    </ProctoringContext.Provider>
  );
}

function AccessDenied({ message }: { message: string }) {
  return (
    <main className="proctoring-denied">
      <div className="card proctoring-denied-card" role="alert">
        <h1>Access Denied</h1>
        <p>{message}</p>
        <p className="muted">
          This test is proctored with your webcam. Allow camera access for this site, make sure your face is clearly
          visible, then reload the page.
        </p>
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Reload
        </button>
      </div>
    </main>
  );
}
