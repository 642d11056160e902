import { useCallback, useEffect, useRef, useState } from 'react';
import { RequireUser } from '../auth/guards';
import './proctoring.css';
import { useCamera } from './use-camera';
import { captureJpeg, postFrame, responseMessage } from './webcam';

const VERIFY_EVERY_MS = 3000; // spec part 2 §9

/** Spec part 2 §8, proctoring test screens. */
export const FACE_TEXT = {
  camera: 'Cannot access webcam',
  enrollFirst: 'Please enroll face first.',
  captureEnroll: 'Could not capture image for enrollment.',
  captureVerify: 'Could not capture image for verification.',
  started: 'Verification started...',
  stopped: 'Verification stopped.',
  verifyFailed: 'Verification failed.',
  network: 'Network or server error during verification.',
};

const VERDICT: Record<string, string> = {
  matched: 'Face matched',
  not_matched: 'Face not matched',
  not_detected: 'No face detected',
};

/** Screen B, 'Face Recognition Live Test' (spec part 2 §2.4): enrol, then verify every 3 s with a coloured verdict. */
export function FacePage() {
  return (
    <RequireUser>
      <FaceScreen />
    </RequireUser>
  );
}

function FaceScreen() {
  const { videoRef, state: camera } = useCamera(320, 240);
  const [enrolled, setEnrolled] = useState(false);
  const [enrolling, setEnrolling] = useState(false);
  const [running, setRunning] = useState(false);
  const [status, setStatus] = useState('');
  const [result, setResult] = useState<{ url: string | null; status: string } | null>(null);
  const busy = useRef(false);
  const urlRef = useRef<string | null>(null);

  const showResult = useCallback((status: string, image: Blob | null) => {
    if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    urlRef.current = image && image.size > 0 ? URL.createObjectURL(image) : null;
    setResult({ url: urlRef.current, status });
  }, []);
  useEffect(
    () => () => {
      if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    },
    [],
  );

  const enroll = async () => {
    const frame = await captureJpeg(videoRef.current);
    if (!frame) return setStatus(FACE_TEXT.captureEnroll);
    setEnrolling(true);
    try {
      const res = await postFrame('/api/face/enroll', frame);
      if (res.ok) {
        setEnrolled(true);
        setStatus('');
      } else {
        setStatus(`Enrollment failed: ${await responseMessage(res, `HTTP ${res.status}`)}`);
      }
    } catch (err) {
      setStatus(`Enrollment failed: ${(err as Error).message || 'Network error'}`);
    } finally {
      setEnrolling(false);
    }
  };

  useEffect(() => {
    if (!running) return;
    let alive = true;
    const verify = async () => {
      if (busy.current) return;
      busy.current = true;
      try {
        const frame = await captureJpeg(videoRef.current);
        if (!alive) return;
        if (!frame) return setStatus(FACE_TEXT.captureVerify);
        const res = await postFrame('/api/face/verify', frame);
        const faceStatus = res.headers.get('x-face-status');
        if (!alive) return;
        if (!faceStatus) {
          setStatus(res.ok ? FACE_TEXT.verifyFailed : await responseMessage(res, FACE_TEXT.verifyFailed));
          return;
        }
        const image = await res.blob();
        if (alive) showResult(faceStatus, image);
      } catch {
        if (alive) setStatus(FACE_TEXT.network);
      } finally {
        busy.current = false;
      }
    };
    void verify();
    const timer = setInterval(verify, VERIFY_EVERY_MS);
    return () => {
      alive = false;
      clearInterval(timer);
    };
  }, [running, videoRef, showResult]);

  const start = () => {
    if (!enrolled) return setStatus(FACE_TEXT.enrollFirst);
    if (running) return;
    setRunning(true);
    setStatus(FACE_TEXT.started);
  };
  const stop = () => {
    setRunning(false);
    setStatus(FACE_TEXT.stopped);
  };

  const verdictKey = result && result.status in VERDICT ? result.status : 'unknown';
  return (
    <main className="container proctoring-screen">
      <h1>Face Recognition Live Test</h1>
      {camera === 'failed' ? (
        <div className="alert alert-error" role="alert">
          {FACE_TEXT.camera}
        </div>
      ) : (
        <video ref={videoRef} width={320} height={240} muted playsInline aria-label="Video preview" />
      )}
      <div className="entry-actions">
        <button
          type="button"
          className="btn btn-primary"
          onClick={enroll}
          disabled={enrolled || enrolling || camera !== 'on'}
        >
          {enrolled ? 'Enrolled' : 'Enroll Face'}
        </button>
        <button type="button" className="btn btn-success" onClick={start} disabled={running}>
          Start Verification
        </button>
        <button type="button" className="btn btn-outline" onClick={stop} disabled={!running}>
          Stop Verification
        </button>
      </div>
      <p className="muted" role="status" data-testid="face-status">
        {status}
      </p>
      {result && (
        <section className="proctoring-result" aria-live="polite">
          {result.url && <img src={result.url} alt="Verification result" width={320} />}
          <p className={`face-verdict face-verdict-${verdictKey}`} data-testid="verdict">
            {VERDICT[result.status] ?? 'Unknown status'}
          </p>
        </section>
      )}
    </main>
  );
}
