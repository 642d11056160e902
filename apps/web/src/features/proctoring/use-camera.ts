import { useEffect, useRef, useState } from 'react';
import { hasCameraApi, openCamera, stopStream } from './webcam';

/** Opens the front camera into videoRef on mount and releases it when the page is left. */
export function useCamera(width: number, height: number) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<'starting' | 'on' | 'failed'>('starting');
  useEffect(() => {
    let stream: MediaStream | null = null;
    let cancelled = false;
    (async () => {
      try {
        if (!hasCameraApi()) throw new Error('no camera API');
        stream = await openCamera(width, height);
        if (cancelled) return stopStream(stream);
        const video = videoRef.current;
        if (video) {
          video.srcObject = stream;
          await video.play().catch(() => {});
        }
        setState('on');
      } catch {
        if (!cancelled) setState('failed');
      }
    })();
    return () => {
      cancelled = true;
      stopStream(stream);
    };
  }, [width, height]);
  return { videoRef, state };
}
