import { useEffect, useRef, useState } from 'react';
import { RequireUser } from '../auth/guards';
import './proctoring.css';
import { useCamera } from './use-camera';
import { captureJpeg, postFrame } from './webcam';

const DETECT_EVERY_MS = 1000; // spec part 2 §9

/** Screen A, violation detection (spec part 2 §2.4): detect once a second; a 200 answer is the flagged frame. */
export function LivePage() {
  return (
    <RequireUser>
      <LiveScreen />
    </RequireUser>
  );
}

const FLAG_TEXT: Record<string, string> = { no_face: 'no face', multiple_faces: 'several faces', phone: 'a phone' };

function LiveScreen() {
  const { videoRef, state } = useCamera(400, 300);
  const [violation, setViolation] = useState<{ url: string; at: string; what: string } | null>(null);
  const busy = useRef(false);

  useEffect(() => {
    if (state !== 'on') return;
    let alive = true;
    const tick = async () => {
      if (busy.current) return;
      busy.current = true;
      try {
        const frame = await captureJpeg(videoRef.current);
        if (!frame) return;
        const res = await postFrame('/api/face/detect', frame);
        if (res.status !== 200) {
          if (res.status !== 204) console.warn(`detect answered ${res.status}`);
          return;
        }
        const image = await res.blob();
        if (!alive) return;
        const flags = (res.headers.get('x-face-flags') ?? '').split(',').filter(Boolean);
        const what = flags.map((f) => FLAG_TEXT[f] ?? f).join(', ');
        setViolation((old) => {
          if (old) URL.revokeObjectURL(old.url);
          return { url: URL.createObjectURL(image), at: new Date().toLocaleTimeString(), what };
        });
      } catch (err) {
        console.warn('detect failed', err); // spec: failures are only logged
      } finally {
        busy.current = false;
      }
    };
    const timer = setInterval(tick, DETECT_EVERY_MS);
    return () => {
      alive = false;
      clearInterval(timer);
    };
  }, [state, videoRef]);

  // Object URLs of flagged frames are freed when replaced and when the page is left.
  const urlRef = useRef<string | null>(null);
  useEffect(() => {
    urlRef.current = violation?.url ?? null;
  }, [violation]);
  useEffect(
    () => () => {
      if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    },
    [],
  );

  return (
    <main className="container proctoring-screen">
      <h1 className="sr-only">Violation detection</h1>
      {state === 'failed' ? (
        <div className="alert alert-error" role="alert">
          Cannot access webcam
        </div>
      ) : (
        <video ref={videoRef} width={400} height={300} muted playsInline aria-label="Live webcam" />
      )}
      <section className="proctoring-result" aria-live="polite">
        <h2>Violations:</h2>
        {violation ? (
          <>
            <img src={violation.url} alt={`Flagged frame: ${violation.what || 'violation'}`} width={400} />
            <p className="muted proctoring-small">
              Flagged at {violation.at}
              {violation.what ? ` (${violation.what})` : ''}
            </p>
          </>
        ) : (
          <p className="muted">None so far.</p>
        )}
      </section>
    </main>
  );
}
