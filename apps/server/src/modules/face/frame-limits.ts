/**
 * Per-candidate limits on the frames the proctoring routes accept (issue 17): one face call at a time per
 * candidate, and frames bounded in bytes and pixels (read from the header, before any decoding or
 * inference). A hostile page sending 4000×4000 frames in parallel is refused at once instead of pushing
 * everyone else's checks back. The rate per minute is the route's rate limit (face.routes.ts).
 */
import { randomUUID } from 'node:crypto';
import { FaceImageError, imageSize } from '@assessly/face';
import type { Database } from '../../db/client';
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
export type OneAtATime = <T>(userId: string, fn: () => Promise<T>) => Promise<T>;

const oneFrameAtATime = () =>
  new AppError('RATE_LIMITED', 'One proctoring frame at a time: wait for the previous check to finish');

/** The rule over the calls of `inFlight` (a set of user ids). */
function inMemory(inFlight: Set<string>): OneAtATime {
  return async (userId, fn) => {
    if (inFlight.has(userId)) throw oneFrameAtATime();
    inFlight.add(userId);
    try {
      return await fn();
    } finally {
      inFlight.delete(userId);
    }
  };
}

/** The rule in this process's memory: enough with PGlite, where one process serves everyone. */
export const oneAtATime: OneAtATime = inMemory(inFlight);

/**
 * How long a lease holds when its process dies mid-call (kill -9, a lost machine): a remote face call gives up
 * after 30 s and is sent once more elsewhere (face-client.remote.ts, face-client.spread.ts), so 65 s outlives
 * every call a live process makes; a process that ends normally deletes its lease at once.
 */
export const FACE_LEASE_MS = 65_000;

/**
 * The rule of this deployment (issue 28). With PostgreSQL, several API processes behind a balancer each see
 * only their own calls, so a page (or a script) sending frames in parallel through different processes would
 * reach the face service several times at once: the call also takes a lease row per user
 * (1041_face_call_leases), refused while another live lease exists. The in-memory check comes first, so a
 * second frame to the same process is refused without a database round trip.
 */
export function oneAtATimeFor(database: Pick<Database, 'mode' | 'query'>): OneAtATime {
  if (database.mode !== 'postgres') return oneAtATime;
  // this process's own calls (one gate per app: the routes of one process share it)
  const local = inMemory(new Set());
  return (userId, fn) =>
    local(userId, async () => {
      const token = randomUUID();
      const taken = await database.query<{ token: string }>(
        `INSERT INTO face_call_leases AS l (user_id, token, expires_at)
           VALUES ($1, $2, clock_timestamp() + $3 * interval '1 millisecond')
         ON CONFLICT (user_id) DO UPDATE SET token = excluded.token, expires_at = excluded.expires_at
           WHERE l.expires_at <= clock_timestamp()
         RETURNING token`,
        [userId, token, FACE_LEASE_MS],
      );
      if (taken.length === 0) throw oneFrameAtATime();
      try {
        return await fn();
      } finally {
        await database
          .query('DELETE FROM face_call_leases WHERE user_id = $1 AND token = $2', [userId, token])
          .catch(() => {}); // a lost connection: the lease expires on its own
      }
    });
}
