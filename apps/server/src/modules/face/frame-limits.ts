/**
 * Per-candidate limits on the frames the proctoring routes accept (issue 17): one face call at a time per
 * candidate, and frames bounded in bytes and pixels (read from the header, before any decoding or
 * inference). A hostile page sending 4000×4000 frames in parallel is refused at once instead of pushing
 * everyone else's checks back. The rate per minute is the route's rate limit (face.routes.ts).
 */
import { FaceImageError, imageSize } from '@assessly/face';
import { AppError } from '../../lib/errors';

/** A webcam frame is 640×480 (~60–120 KB as JPEG q0.9); this leaves room for HD cameras, not for posters. */
export const CANDIDATE_MAX_FRAME_BYTES = 1024 * 1024;
export const CANDIDATE_MAX_FRAME_PIXELS = 2_500_000;

const inFlight = new Set<string>();

export function checkCandidateFrame(image: Buffer): void {
  if (image.length > CANDIDATE_MAX_FRAME_BYTES) {
    throw new AppError(
      'FACE_IMAGE_TOO_LARGE',
      `A proctoring frame may be at most ${CANDIDATE_MAX_FRAME_BYTES / 1024} KiB (webcam frames are far smaller)`,
    );
  }
  let size: { width: number; height: number };
  try {
    size = imageSize(image);
  } catch (err) {
    if (err instanceof FaceImageError) throw new AppError('FACE_BAD_IMAGE', err.message);
    throw err;
  }
  if (size.width * size.height > CANDIDATE_MAX_FRAME_PIXELS) {
    throw new AppError(
      'FACE_IMAGE_TOO_LARGE',
      `A proctoring frame may have at most ${CANDIDATE_MAX_FRAME_PIXELS} pixels; this one is ${size.width}×${size.height}`,
    );
  }
}

/** Runs fn unless this candidate already has a face call in flight (then 429 at once, nothing queued). */
export async function oneAtATime<T>(userId: string, fn: () => Promise<T>): Promise<T> {
  if (inFlight.has(userId)) {
    throw new AppError('RATE_LIMITED', 'One proctoring frame at a time: wait for the previous check to finish');
  }
  inFlight.add(userId);
  try {
    return await fn();
  } finally {
    inFlight.delete(userId);
  }
}
