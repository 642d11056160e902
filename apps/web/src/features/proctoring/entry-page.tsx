import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { RequireUser } from '../auth/guards';
import './proctoring.css';
import { captureJpeg, hasCameraApi, openCamera, postFrame, responseMessage, stopStream } from './webcam';

/** Spec part 2 §8, entry page. */
export const ENTRY_TEXT = {
  denied: 'Camera access denied.',
  deniedAlert: 'Camera access is required to proceed with the test. Please allow camera permissions and try again.',
  playback: 'Could not start camera playback. Try restarting your browser.',
  capture: 'Could not capture frame.',
  request: 'Enrollment request failed.',
  noFace: 'Please ensure your face is clearly visible before proceeding.',
  success: 'Face verification successful! Proceeding to test...',
};

type Camera = 'inactive' | 'starting' | 'active' | 'denied';
const CAMERA_LABEL: Record<Camera, string> = {
  inactive: 'Inactive',
  starting: 'Starting...',
  active: 'Active',
  denied: 'Permission Denied',
};
const CAPTURE_DELAY_MS = 1000;

const GUIDELINES = [
  ['Face Detection Required', 'Your face must stay clearly visible to the webcam for the whole test.'],
  ['Single Window Policy', 'Stay in the test window. Switching tabs or windows is recorded.'],
  ['No External Help', 'Nobody else may be in front of the camera or help you during the test.'],
  ['Clean Environment', 'Keep phones, notes and other devices away from your desk.'],
] as const;

const REQUIREMENTS = [
  'A stable internet connection',
  'A desktop or laptop computer',
  'Close other applications and browser tabs',
  'Sit 2-3 feet from the camera',
  'Good lighting on your face',
  'No virtual backgrounds or filters',
  'Keep your hands visible',
  'Suspicious activity is flagged and may end the test',
];

export function EntryPage() {
  return (
    <RequireUser>
      <Entry />
    </RequireUser>
  );
}

function Entry() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const runRef = useRef(0); // bumps on start/stop so a late capture or answer of an old run is ignored
  const [camera, setCamera] = useState<Camera>('inactive');
  const [faceDetected, setFaceDetected] = useState(false);
  const [detecting, setDetecting] = useState(false);
  const [error, setError] = useState('');
  const [testId, setTestId] = useState(params.get('testId') ?? '');
  const [proceeding, setProceeding] = useState(false);

  // The camera is released when the page is left.
  useEffect(
    () => () => {
      runRef.current += 1;
      stopStream(streamRef.current);
    },
    [],
  );

  const stopCamera = () => {
    runRef.current += 1;
    stopStream(streamRef.current);
    streamRef.current = null;
    if (videoRef.current) videoRef.current.srcObject = null;
    setCamera('inactive');
    setFaceDetected(false);
    setDetecting(false);
  };

  const enrol = async (run: number) => {
    const frame = await captureJpeg(videoRef.current, 0.9);
    if (run !== runRef.current) return;
    if (!frame) return setError(ENTRY_TEXT.capture);
    setDetecting(true);
    try {
      const res = await postFrame('/api/face/enroll', frame);
      if (run !== runRef.current) return;
      if (res.ok) {
        setFaceDetected(true);
        setError('');
      } else {
        setFaceDetected(false);
        setError(await responseMessage(res, ENTRY_TEXT.request));
      }
    } catch {
      if (run === runRef.current) {
        setFaceDetected(false);
        setError(ENTRY_TEXT.request);
      }
    } finally {
      if (run === runRef.current) setDetecting(false);
    }
  };

  const startVerification = async () => {
    stopStream(streamRef.current);
    const run = ++runRef.current;
    setError('');
    setFaceDetected(false);
    setCamera('starting');
    let stream: MediaStream;
    try {
      if (!hasCameraApi()) throw new Error(ENTRY_TEXT.denied);
      stream = await openCamera(640, 480);
    } catch (err) {
      if (run !== runRef.current) return;
      const e = err as DOMException;
      setCamera(e.name === 'NotAllowedError' || e.name === 'SecurityError' || !hasCameraApi() ? 'denied' : 'inactive');
      setError(e.name === 'NotAllowedError' ? ENTRY_TEXT.denied : e.message || ENTRY_TEXT.denied);
      toast.error(ENTRY_TEXT.deniedAlert);
      return;
    }
    if (run !== runRef.current) return stopStream(stream);
    streamRef.current = stream;
    const video = videoRef.current;
    if (!video) return;
    video.srcObject = stream;
    try {
      await video.play();
    } catch {
      if (run !== runRef.current) return;
      stopStream(stream);
      streamRef.current = null;
      setCamera('inactive');
      setError(ENTRY_TEXT.playback);
      return;
    }
    if (run !== runRef.current) return;
    setCamera('active');
    // One frame about a second after the camera starts (spec §4), sent for enrolment.
    setTimeout(() => {
      if (run === runRef.current) void enrol(run);
    }, CAPTURE_DELAY_MS);
  };

  const proceed = () => {
    if (!faceDetected) return void toast.warn(ENTRY_TEXT.noFace);
    const id = testId.trim();
    if (!id) return setError('Enter the test ID from your invitation to continue.');
    setProceeding(true);
    toast.success(ENTRY_TEXT.success);
    // The coding page sends an aptitude test on to /aptitude/{id} itself.
    navigate(`/code/${encodeURIComponent(id)}`);
  };

  return (
    <main className="container entry">
      <header className="entry-header">
        <h1>Face Verification</h1>
        <p className="muted">Verify your identity with your webcam before you start the test.</p>
      </header>
      <div className="entry-grid">
        <section className="card" aria-labelledby="face-panel-title">
          <h2 id="face-panel-title">Face Verification</h2>
          <div className="entry-video-box">
            <video ref={videoRef} width={640} height={480} muted playsInline aria-label="Camera preview" />
            {camera !== 'active' && (
              <div className="entry-video-placeholder">
                {camera === 'starting' ? 'Starting camera...' : 'Camera preview'}
              </div>
            )}
            <div className="entry-badges" aria-live="polite">
              {camera === 'active' && !faceDetected && <span className="badge badge-warning">Detecting</span>}
              {faceDetected && <span className="badge badge-success">Face Detected</span>}
            </div>
          </div>
          <p className="entry-status">
            <span className="label">Camera status:</span>
            <span
              data-testid="camera-status"
              className={`badge ${camera === 'active' ? 'badge-success' : camera === 'denied' ? 'badge-danger' : ''}`}
            >
              {CAMERA_LABEL[camera]}
            </span>
            {detecting && <span className="muted proctoring-small">Checking your face...</span>}
          </p>
          {error && (
            <div className="alert alert-error" role="alert">
              {error}
            </div>
          )}
          {!params.get('testId') && (
            <div className="field">
              <label htmlFor="entry-test-id">Test ID</label>
              <input
                id="entry-test-id"
                value={testId}
                onChange={(e) => setTestId(e.target.value)}
                placeholder="From your invitation"
              />
            </div>
          )}
          <div className="entry-actions">
            <button
              type="button"
              className="btn btn-primary"
              onClick={startVerification}
              disabled={camera === 'starting'}
            >
              Start Verification
            </button>
            <button type="button" className="btn btn-success" onClick={proceed} disabled={!faceDetected || proceeding}>
              Proceed to Test
            </button>
            <button
              type="button"
              className="btn btn-outline"
              onClick={stopCamera}
              disabled={camera !== 'active' && camera !== 'starting'}
            >
              Stop Camera
            </button>
          </div>
          <h3>Verification tips</h3>
          <ul className="entry-list muted">
            <li>Look straight at the camera with your whole face in the frame.</li>
            <li>Make sure your face is evenly lit; avoid a bright window behind you.</li>
            <li>Remove sunglasses, hats or anything covering your face.</li>
            <li>Be the only person in front of the camera.</li>
          </ul>
        </section>

        <section className="card" aria-labelledby="guidelines-title">
          <h2 id="guidelines-title">Test Guidelines</h2>
          <div className="entry-guidelines">
            {GUIDELINES.map(([title, text]) => (
              <div key={title} className="entry-guideline">
                <h3>{title}</h3>
                <p>{text}</p>
              </div>
            ))}
          </div>
          <h3>Additional requirements</h3>
          <ol className="entry-list">
            {REQUIREMENTS.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ol>
        </section>
      </div>
      <div className="alert alert-info entry-notice" role="note">
        <strong>This session is monitored.</strong> What is recorded: the frame you enrol with; during the test your
        webcam is checked every 10 seconds for faces and phones and your face is compared with your enrolment every 15
        seconds. Frames that raise a flag (no face, several faces, a different face, a phone, a lost camera) are saved
        with the time, together with tab and window switches, for the employer to review. Flags inform a person; they do
        not end your test by themselves.
      </div>
    </main>
  );
}
