/**
 * The one way into a camera-proctored test (issue 17): camera permission, a live preview, the guidelines with
 * what is recorded, where and for how long, enrolment of one face, then Start Test. The attempt's clock starts
 * only when Start Test is pressed after a successful enrolment, so a refused camera costs no time. A face
 * service that is down or overloaded never locks the candidate out: after a few tries Start Test is offered
 * anyway and the server records the gap.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import './proctoring.css';
import type { StartStepProps } from '../taking/screens';
import { type CameraProblem, cameraProblem } from './camera-problem';
import { type LiveStepState, useLiveCheck } from './live-check';
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

export function EntryStep({ take, busy, error, onStart }: StartStepProps) {
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
        if (!frame) return setEnrol({ state: 'failed', message: 'Could not capture a frame from the camera.' });
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
        return setEnrol({ state: 'failed', message: await responseMessage(res, 'Enrolment failed. Try again.') });
      }
    },
    [testId],
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

  const live = useLiveCheck(testId, videoRef, camera === 'on' && enrol.state === 'done');
  // Issue 27: the server must have judged the live sequence done (or the face service be unavailable).
  const liveDone = live.step === 'done' || live.step === 'unavailable';
  const canStart = camera === 'on' && ((enrol.state === 'done' && liveDone) || enrol.state === 'service-down');
  return (
    <main className="container entry entry-step">
      <header className="entry-header">
        <h1>{take.test.testName}</h1>
        <p className="muted">
          This test is camera-proctored. Set up your camera and enrol your face; the {take.test.duration}-minute timer
          starts only when you press Start Test.
        </p>
      </header>
      <div className="entry-grid">
        <section className="card" aria-labelledby="entry-camera-title">
          <h2 id="entry-camera-title">1. Camera and enrolment</h2>
          <div className="entry-video-box">
            <video ref={videoRef} width={640} height={480} muted playsInline aria-label="Camera preview" />
            {camera !== 'on' && (
              <div className="entry-video-placeholder">
                {camera === 'asking' ? 'Waiting for camera permission…' : 'No camera'}
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
          {camera !== 'on' && camera !== 'asking' && <CameraHelp problem={camera} onRetry={startCamera} />}
          {camera === 'on' && enrol.state === 'waiting' && (
            <button type="button" className="btn btn-primary" onClick={takePhoto}>
              Take enrolment photo
            </button>
          )}
          {camera === 'on' && (enrol.state === 'failed' || enrol.state === 'offline' || enrol.state === 'done') && (
            <button type="button" className="btn btn-outline" onClick={takePhoto}>
              {enrol.state === 'done' ? 'Retake enrolment photo' : 'Try again'}
            </button>
          )}
        </section>

        <section className="card" aria-labelledby="entry-rules-title">
          <h2 id="entry-rules-title">2. Guidelines</h2>
          <ul className="entry-list">
            <li>Keep your face clearly visible, well lit, and be the only person in view.</li>
            <li>Keep phones and other devices away from your desk.</li>
            <li>Stay in the test window: switching to another tab or window, and coming back, is recorded.</li>
            <li>Attempts to copy, paste or open the context menu are blocked and recorded.</li>
          </ul>
          <h3>What is recorded, where, and for how long</h3>
          <ul className="entry-list" data-testid="privacy-notice">
            <li>
              <strong>Your enrolment photo</strong> (taken here) and its face descriptor, to check that the same person
              sits the whole test.
            </li>
            <li>
              <strong>During the test</strong> your browser checks the camera for faces and phones on this device;
              nothing is uploaded unless a check raises a flag. At unpredictable times the server asks for one fresh
              frame and compares it with your enrolment: first within two minutes of the start, then about once a
              minute, less often while every check is clean (never more than about two minutes apart), and again within
              seconds after a flag.
            </li>
            <li>
              <strong>Flags</strong> (no face, several faces, a different face, a phone, a lost camera) are stored with
              the time and the frame on the employer's Assessly server, for a person to review. After the test you can
              see your own flags and add a response.
            </li>
            <li>
              <strong>Retention:</strong> frames are deleted after {retentionDays} days.
            </li>
          </ul>
          <p className="muted">Flags inform a reviewer; they never end your test.</p>
          <h3>What the camera checks, and how often it errs</h3>
          <ul className="entry-list" data-testid="fairness-statement">
            <li>
              It counts human faces (each must pass a face-shape check, meant to keep pets, objects and window panes
              from counting), looks for a phone, and compares your face with your enrolment photo.
            </li>
            <li>
              Before the start it asks you to turn your head to one side and then the other: the server checks this on a
              few frames (checked, not kept), so that a photo held to the camera cannot stand in for you.
            </li>
            <li>
              When your face is too small, dark, blurred or turned for a fair comparison, it asks you to fix that
              instead of deciding. A face that looks like a photo or a screen is recorded as its own finding, never as
              "a different person".
            </li>
            <li>
              It makes mistakes. On the public test photos we could check (16 photos of 9 people), it accepted every
              same-person pair and none of 112 different-person pairs; sent as a webcam frame, one photo with a small
              face got "come closer" instead of a comparison. That set is small and not representative of every group of
              people; similar-looking people and poor cameras are where it errs most. Phone detection misses phones and
              can mistake other objects for one; how often has not been measured yet.
            </li>
            <li>
              Every flag is shown to a person with its frame, and you can see your own flags after the test and answer
              each one in writing; a reviewer reads your answer beside the frame.
            </li>
          </ul>
        </section>
      </div>
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
      <div className="entry-actions">
        <button type="button" className="btn btn-primary" onClick={onStart} disabled={!canStart || busy}>
          {busy ? 'Starting…' : 'Start Test'}
        </button>
        {!canStart && (
          <span className="muted">
            {camera !== 'on'
              ? 'Start Test needs a working camera.'
              : enrol.state === 'done'
                ? 'Start Test unlocks once the live check has passed.'
                : 'Start Test unlocks once your enrolment photo is taken.'}
          </span>
        )}
      </div>
    </main>
  );
}

function LiveCheckStatus({ step }: { step: Exclude<LiveStepState, 'off'> }) {
  switch (step) {
    case 'turn_first':
      return <span className="badge badge-warning">Live check: turn your head slowly to one side.</span>;
    case 'turn_other':
      return <span className="badge badge-warning">Live check: now turn your head to the other side.</span>;
    case 'done':
      return <span className="badge badge-success">Live check passed</span>;
    case 'unavailable':
      return (
        <span className="badge badge-warning">
          The live check is unavailable right now; you can start, and the gap is recorded, not held against you.
        </span>
      );
  }
}

function EnrolStatus({ enrol }: { enrol: Enrol }) {
  switch (enrol.state) {
    case 'waiting':
      return <span>Centre your face in good light, read the guidelines, then press Take enrolment photo.</span>;
    case 'checking':
      return <span className="badge badge-warning">Checking your face…</span>;
    case 'done':
      return <span className="badge badge-success">Face enrolled</span>;
    case 'failed':
      return (
        <span className="alert alert-error" role="alert">
          {enrol.message}
        </span>
      );
    case 'offline':
      return (
        <span className="alert alert-warning" role="alert">
          Connection lost — check your network (or sign in again), then press Try again. No test time has been used.
        </span>
      );
    case 'service-down':
      return (
        <span className="alert alert-info" role="status">
          The face check is unavailable right now. You can start the test; the page keeps trying and the gap is recorded
          for the reviewer, not held against you.
        </span>
      );
  }
}

const CAMERA_HELP: Record<CameraProblem, { title: string; fix: string }> = {
  denied: {
    title: 'Camera access was blocked for this site.',
    fix: "Click the camera icon in the address bar (or open the browser's site settings), choose Allow for the camera, then press Try again.",
  },
  'not-found': {
    title: 'No camera was found.',
    fix: 'Connect a webcam (or enable the built-in one), then press Try again.',
  },
  busy: {
    title: 'The camera is in use by another application.',
    fix: 'Close video calls or other apps using the camera, then press Try again.',
  },
  'no-api': {
    title: 'This browser cannot use a camera on this page.',
    fix: 'Use a recent Chrome, Edge, Firefox or Safari, and open the test over https.',
  },
  other: {
    title: 'The camera could not be started.',
    fix: 'Reconnect the camera or restart the browser, then press Try again.',
  },
};

function CameraHelp({ problem, onRetry }: { problem: CameraProblem; onRetry: () => void }) {
  const help = CAMERA_HELP[problem];
  return (
    <div className="alert alert-error" role="alert" data-testid="camera-problem">
      <p>
        <strong>{help.title}</strong> {help.fix}
      </p>
      <p>No test time has been used: the timer starts only when you press Start Test.</p>
      <button type="button" className="btn btn-outline" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
