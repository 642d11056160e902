/** Webcam helpers shared by the entry page, the proctoring wrapper and the two proctoring screens. */

export function hasCameraApi(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    !!navigator.mediaDevices &&
    typeof navigator.mediaDevices.getUserMedia === 'function'
  );
}

/** Front-facing camera, no audio (spec part 2 §9: 640x480 on the entry page). */
export function openCamera(width = 640, height = 480): Promise<MediaStream> {
  return navigator.mediaDevices.getUserMedia({
    video: { width: { ideal: width }, height: { ideal: height }, facingMode: 'user' },
    audio: false,
  });
}

export function stopStream(stream: MediaStream | null | undefined): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/** The current video frame as a canvas of the video's size, or null when there is no frame yet. */
export function snapshot(video: HTMLVideoElement | null): HTMLCanvasElement | null {
  if (!video || video.readyState < 2 || !video.videoWidth || !video.videoHeight) return null;
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.drawImage(video, 0, 0, canvas.width, canvas.height);
  return canvas;
}

export function canvasJpeg(canvas: HTMLCanvasElement, quality = 0.9): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob((b) => resolve(b), 'image/jpeg', quality));
}

/** The current video frame as a JPEG (quality 0.9 as the spec says), or null when there is no frame yet. */
export function captureJpeg(video: HTMLVideoElement | null, quality = 0.9): Promise<Blob | null> {
  const canvas = snapshot(video);
  return canvas ? canvasJpeg(canvas, quality) : Promise.resolve(null);
}

/** POSTs a frame as the multipart field `image` (the face service contract). Network failures reject. */
export function postFrame(
  url: string,
  frame: Blob,
  signal?: AbortSignal,
  fields: Record<string, string> = {},
): Promise<Response> {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  body.set('image', frame, 'frame.jpg');
  return fetch(url, { method: 'POST', body, credentials: 'same-origin', signal });
}

/** The `message` of the API's error JSON, else the body text, else a fallback. */
export async function responseMessage(res: Response, fallback: string): Promise<string> {
  const text = await res.text().catch(() => '');
  if (!text) return fallback;
  try {
    const data = JSON.parse(text) as { message?: unknown };
    return typeof data.message === 'string' && data.message ? data.message : fallback;
  } catch {
    return text;
  }
}

/** Waits until the video shows frames (or the timeout passes). */
export function waitForFrames(video: HTMLVideoElement, timeoutMs = 5000): Promise<boolean> {
  if (video.readyState >= 2 && video.videoWidth > 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (ok: boolean) => {
      video.removeEventListener('loadeddata', onData);
      clearTimeout(timer);
      resolve(ok);
    };
    const onData = () => done(true);
    const timer = setTimeout(() => done(video.readyState >= 2), timeoutMs);
    video.addEventListener('loadeddata', onData);
  });
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
