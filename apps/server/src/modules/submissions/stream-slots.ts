/**
 * How many verdict streams (GET /api/submissions/stream) one user may hold open: a few tabs, not a script pinning
 * sockets. With PGlite one process serves everyone and counts in memory. With PostgreSQL (issue 28) several API
 * processes behind a balancer each see only their own streams, so a user could hold the cap on every one of
 * them: a stream also takes one of the user's slot rows (1091_stream_slots), renewed while it is open and deleted
 * when it closes. A process killed with streams open leaves slots that expire after STREAM_SLOT_MS, so the user
 * gets them back without anyone cleaning up.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/client';

/** Streams one user may hold open at once, over all API processes. */
export const MAX_STREAMS_PER_USER = 3;
/** A slot lives this long without a renewal (a killed process's slot comes free after at most this). */
export const STREAM_SLOT_MS = 30_000;
/** The holder renews its slot this often while the stream is open (three renewals fit in one lifetime). */
export const STREAM_SLOT_RENEW_MS = 10_000;

export interface StreamSlot {
  /** Keeps the slot alive; resolves false when it was lost (expired and taken: the stream should end). */
  renew(): Promise<boolean>;
  release(): Promise<void>;
}

export interface StreamSlots {
  /** A slot for one more stream of this user, or null when all are taken. */
  take(userId: string): Promise<StreamSlot | null>;
}

/** This process's own count (the whole rule with PGlite; the first, free check with PostgreSQL). */
function localSlots(): StreamSlots {
  const open = new Map<string, number>();
  return {
    async take(userId) {
      const n = open.get(userId) ?? 0;
      if (n >= MAX_STREAMS_PER_USER) return null;
      open.set(userId, n + 1);
      let released = false;
      return {
        renew: async () => !released,
        async release() {
          if (released) return;
          released = true;
          const left = (open.get(userId) ?? 1) - 1;
          if (left > 0) open.set(userId, left);
          else open.delete(userId);
        },
      };
    },
  };
}

/** The rule of this deployment: in memory with PGlite, slot rows shared by every API process with PostgreSQL. */
export function streamSlotsFor(database: Pick<Database, 'mode' | 'query'>): StreamSlots {
  const local = localSlots();
  if (database.mode !== 'postgres') return local;
  return {
    async take(userId) {
      const mine = await local.take(userId);
      if (!mine) return null;
      const token = randomUUID();
      // Each slot is a row: taken when free or expired, in one statement, so two processes never share one.
      let slot: number | null = null;
      try {
        for (let s = 0; s < MAX_STREAMS_PER_USER && slot === null; s++) {
          const rows = await database.query<{ slot: number }>(
            `INSERT INTO stream_slots AS l (user_id, slot, token, expires_at)
               VALUES ($1, $2, $3, clock_timestamp() + $4 * interval '1 millisecond')
             ON CONFLICT (user_id, slot) DO UPDATE SET token = excluded.token, expires_at = excluded.expires_at
               WHERE l.expires_at <= clock_timestamp()
             RETURNING slot`,
            [userId, s, token, STREAM_SLOT_MS],
          );
          if (rows.length) slot = s;
        }
      } catch (err) {
        await mine.release();
        throw err;
      }
      if (slot === null) {
        await mine.release();
        return null;
      }
      const taken = slot;
      return {
        async renew() {
          const rows = await database.query(
            `UPDATE stream_slots SET expires_at = clock_timestamp() + $4 * interval '1 millisecond'
              WHERE user_id = $1 AND slot = $2 AND token = $3 RETURNING slot`,
            [userId, taken, token, STREAM_SLOT_MS],
          );
          return rows.length > 0;
        },
        async release() {
          await mine.release();
          await database
            .query('DELETE FROM stream_slots WHERE user_id = $1 AND slot = $2 AND token = $3', [userId, taken, token])
            .catch(() => {}); // a lost connection: the slot expires on its own
        },
      };
    },
  };
}
