/**
 * The enrolment's live sequence (issue 27): after the face is enrolled the candidate turns the head one way and
 * then the other, which a photo held to the camera cannot do. The server decides: the page sends frames to
 * POST /api/proctoring/{testId}/live and shows the step the server answers; a proctored start needs 'done'.
 * With the on-device detector the page sends only frames that widen the head turn seen so far (LiveSequence),
 * queued so that a slow answer never holds up the next check; without it, one frame every LIVE_POLL_MS.
 */
import { LiveSequence, type LiveStep } from '@assessly/shared';
import { type RefObject, useEffect, useState } from 'react';
import { loadDeviceDetector } from './device-detector';
import { canvasJpeg, postFrame, snapshot } from './webcam';

/** off: not running (no enrolment yet); unavailable: the face service cannot judge it now (start is allowed). */
export type LiveStepState = LiveStep | 'off' | 'unavailable';

const CHECK_EVERY_MS = 400;
/** Without the on-device detector: one frame this often (the route allows 30 a minute). */
const LIVE_POLL_MS = 2500;
/** Face-service failures in a row before the page stops asking (the server records the outage). */
const SERVICE_TRIES = 3;

export function useLiveCheck(
  testId: string,
  videoRef: RefObject<HTMLVideoElement | null>,
  enabled: boolean,
): { step: LiveStepState; message: string | null } {
  const [state, setState] = useState<{ step: LiveStepState; message: string | null }>({
    step: 'turn_first',
    message: null,
  });
  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    const seq = new LiveSequence();
    setState({ step: 'turn_first', message: null });

    /** Sends one frame; returns false once the sequence is over (done, or the service is unavailable). */
    const send = async (frame: Blob): Promise<boolean> => {
      if (cancelled) return false;
      let res: Response;
      try {
        res = await postFrame(`/api/proctoring/${testId}/live`, frame);
      } catch {
        return true; // network blip: the next frame tries again
      }
      if (cancelled) return false;
      if (res.status === 503 || res.status >= 500) {
        failures++;
        if (failures >= SERVICE_TRIES) {
          setState({ step: 'unavailable', message: null });
          return false;
        }
        return true;
      }
      if (!res.ok) return true; // 429 or a refused frame: keep going at the same pace
      failures = 0;
      const body = (await res.json().catch(() => ({}))) as { step?: LiveStep; message?: string };
      if (!body.step) return true;
      setState({ step: body.step, message: body.message ?? null });
      return body.step !== 'done';
    };

    // Frames waiting for the server, oldest first; one request at a time.
    const queue: Blob[] = [];
    let sending = false;
    let over = false;
    const drain = async () => {
      if (sending) return;
      sending = true;
      while (queue.length && !cancelled && !over) over = !(await send(queue.shift()!));
      sending = false;
    };

    (async () => {
      const detector = await loadDeviceDetector().catch(() => null);
      if (cancelled) return;
      const tick = async () => {
        const video = videoRef.current;
        if (cancelled || over) return;
        if (video && video.readyState >= 2) {
          try {
            // The frame the server judges is the very frame the device checked (the head keeps moving).
            const still = snapshot(video);
            if (still && (!detector || seq.observe(await detector.check(still)).widened)) {
              const frame = await canvasJpeg(still, 0.9);
              if (frame && queue.length < 6) queue.push(frame);
              if (detector) void drain();
              else await drain();
            }
          } catch {
            // one failed check is not a verdict; try again on the next tick
          }
        }
        if (!cancelled && !over) timer = setTimeout(tick, detector ? CHECK_EVERY_MS : LIVE_POLL_MS);
      };
      void tick();
    })();
    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
    };
  }, [enabled, testId, videoRef]);
  return enabled ? state : { step: 'off', message: null };
}
