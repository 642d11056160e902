/**
 * The enrolment's live sequence (issue 27): after the face is enrolled, the on-device detector watches for a head
 * turn to each side (LiveSequence from @assessly/shared), which a photo held to the camera cannot do. It runs on
 * the device only: the page shows the result to the candidate; it is not sent to the server (see the face README).
 */
import { LiveSequence, type LiveStep } from '@assessly/shared';
import { type RefObject, useEffect, useState } from 'react';
import { loadDeviceDetector } from './device-detector';

/** off: not running (no enrolment yet, or the device cannot run the detector). */
export type LiveStepState = LiveStep | 'off';

const CHECK_EVERY_MS = 400;

export function useLiveCheck(videoRef: RefObject<HTMLVideoElement | null>, enabled: boolean): { step: LiveStepState } {
  const [step, setStep] = useState<LiveStepState>('off');
  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const seq = new LiveSequence();
    (async () => {
      let detector: Awaited<ReturnType<typeof loadDeviceDetector>>;
      try {
        detector = await loadDeviceDetector();
      } catch {
        return; // no on-device detector: the server's anti-spoofing check still runs on enrolment
      }
      if (cancelled) return;
      setStep(seq.next());
      const tick = async () => {
        const video = videoRef.current;
        if (cancelled) return;
        if (video && video.readyState >= 2) {
          try {
            const next = seq.push(await detector.check(video));
            if (cancelled) return;
            setStep(next);
            if (next === 'done') return;
          } catch {
            // one failed check is not a verdict; try again on the next tick
          }
        }
        timer = setTimeout(tick, CHECK_EVERY_MS);
      };
      void tick();
    })();
    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
    };
  }, [enabled, videoRef]);
  return { step: enabled ? step : 'off' };
}
