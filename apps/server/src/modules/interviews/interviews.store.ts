/**
 * Storage of room documents: each Yjs update is one row as it arrives; compaction merges the rows of each
 * BUCKET_MS time bucket into one, so a room stores a few rows a minute while its history stays replayable at
 * that resolution (the replay scrubber steps through the rows in time order).
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import * as Y from 'yjs';
import type { Db } from '../../db/client';
import { interviewUpdates } from '../../db/schema';
import type { Clock } from '../../lib/clock';

export type DocName = 'code' | 'notes';
export const BUCKET_MS = 5_000;

export interface UpdateStore {
  /** The whole document as one update, or null when nothing is stored. */
  load(interviewId: string, doc: DocName): Promise<Uint8Array | null>;
  append(interviewId: string, doc: DocName, update: Uint8Array): Promise<void>;
  /** Merges uncompacted rows per time bucket; `all` includes the bucket still filling. */
  compact(interviewId: string, doc: DocName, all: boolean): Promise<void>;
}

export function createUpdateStore(db: Db, clock: Clock): UpdateStore {
  return {
    async load(interviewId, doc) {
      const rows = await db
        .select({ data: interviewUpdates.data })
        .from(interviewUpdates)
        .where(and(eq(interviewUpdates.interviewId, interviewId), eq(interviewUpdates.doc, doc)))
        .orderBy(asc(interviewUpdates.createdAt), asc(interviewUpdates.id));
      if (rows.length === 0) return null;
      return Y.mergeUpdates(rows.map((r) => new Uint8Array(r.data)));
    },

    async append(interviewId, doc, update) {
      await db.insert(interviewUpdates).values({ interviewId, doc, data: update, createdAt: clock.now() });
    },

    async compact(interviewId, doc, all) {
      const rows = await db
        .select({ id: interviewUpdates.id, data: interviewUpdates.data, createdAt: interviewUpdates.createdAt })
        .from(interviewUpdates)
        .where(
          and(
            eq(interviewUpdates.interviewId, interviewId),
            eq(interviewUpdates.doc, doc),
            eq(interviewUpdates.compacted, false),
          ),
        )
        .orderBy(asc(interviewUpdates.createdAt), asc(interviewUpdates.id));
      const current = Math.floor(clock.now().getTime() / BUCKET_MS);
      const buckets = new Map<number, typeof rows>();
      for (const row of rows) {
        const bucket = Math.floor(row.createdAt.getTime() / BUCKET_MS);
        if (!all && bucket >= current) continue;
        const list = buckets.get(bucket) ?? [];
        list.push(row);
        buckets.set(bucket, list);
      }
      for (const list of buckets.values()) {
        const last = list[list.length - 1]!;
        const merged =
          list.length === 1 ? new Uint8Array(last.data) : Y.mergeUpdates(list.map((r) => new Uint8Array(r.data)));
        await db.transaction(async (tx) => {
          await tx.delete(interviewUpdates).where(
            inArray(
              interviewUpdates.id,
              list.map((r) => r.id),
            ),
          );
          await tx
            .insert(interviewUpdates)
            .values({ interviewId, doc, data: merged, compacted: true, createdAt: last.createdAt });
        });
      }
    },
  };
}

/** Every stored row of a document in time order (the replay's steps). */
export async function listUpdates(db: Db, interviewId: string, doc: DocName) {
  return db
    .select({ data: interviewUpdates.data, createdAt: interviewUpdates.createdAt })
    .from(interviewUpdates)
    .where(and(eq(interviewUpdates.interviewId, interviewId), eq(interviewUpdates.doc, doc)))
    .orderBy(asc(interviewUpdates.createdAt), asc(interviewUpdates.id));
}
