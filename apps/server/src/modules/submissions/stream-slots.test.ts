/**
 * Open verdict streams per user across API processes (issue 28, stream-slots.ts): two slot sets on one
 * PostgreSQL database, each with its own memory as two API processes have, give a user at most
 * MAX_STREAMS_PER_USER streams over both; a slot released on one process is free on the other at once; a slot
 * left by a killed process holds until it expires, and a renewal keeps a live one. Needs the PostgreSQL server
 * (TEST_DATABASE_URL, default local) whatever the run's database mode: the rule's subject is the shared database.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { usePostgresDatabase } from '../../../test/support';
import { MAX_STREAMS_PER_USER, STREAM_SLOT_MS, type StreamSlot, streamSlotsFor } from './stream-slots';

/** The file's own database on the PostgreSQL server, whatever the run's mode. */
const server = usePostgresDatabase();

async function rows(user: string) {
  return server.database.query<{ slot: number }>('SELECT slot FROM stream_slots WHERE user_id = $1 ORDER BY slot', [
    user,
  ]);
}

describe('verdict streams per user, across API processes (PostgreSQL)', () => {
  it('counts the streams of both processes together, and not another user', async () => {
    expect(MAX_STREAMS_PER_USER).toBe(3);
    const processA = streamSlotsFor(server.database);
    const processB = streamSlotsFor(server.database);
    const user = randomUUID();
    const onA: StreamSlot[] = [];
    for (let i = 0; i < 2; i++) onA.push((await processA.take(user))!);
    const onB = await processB.take(user);
    expect(onB).not.toBeNull();
    expect(await rows(user)).toEqual([{ slot: 0 }, { slot: 1 }, { slot: 2 }]);
    // a fourth, on either process, is refused; another user is not affected
    expect(await processB.take(user)).toBeNull();
    expect(await processA.take(user)).toBeNull();
    const other = await processB.take(randomUUID());
    expect(other).not.toBeNull();
    // a stream closed on A frees its slot for B at once
    await onA[0]!.release();
    const again = await processB.take(user);
    expect(again).not.toBeNull();
    expect(await processA.take(user)).toBeNull();
    for (const s of [onA[1]!, onB!, again!, other!]) await s.release();
    expect(await rows(user)).toEqual([]);
  });

  it('several processes opening at once never hand out more than the cap', async () => {
    const processes = [
      streamSlotsFor(server.database),
      streamSlotsFor(server.database),
      streamSlotsFor(server.database),
    ];
    const user = randomUUID();
    const got = await Promise.all(processes.flatMap((p) => [p.take(user), p.take(user)]));
    const taken = got.filter((s): s is StreamSlot => s !== null);
    expect(taken).toHaveLength(MAX_STREAMS_PER_USER);
    expect(await rows(user)).toHaveLength(MAX_STREAMS_PER_USER);
    for (const s of taken) await s.release();
  });

  it("a killed process's slots hold until they expire; a renewed slot does not expire", async () => {
    const slots = streamSlotsFor(server.database);
    const user = randomUUID();
    const live = (await slots.take(user))!;
    // what a process killed with two streams open leaves behind
    for (const slot of [1, 2]) {
      await server.database.query(
        `INSERT INTO stream_slots (user_id, slot, token, expires_at)
           VALUES ($1, $2, 'dead-process', clock_timestamp() + $3 * interval '1 millisecond')`,
        [user, slot, STREAM_SLOT_MS],
      );
    }
    expect(await slots.take(user)).toBeNull();
    // their time passes, and the live stream's too, but the live one is renewed
    await server.database.query(
      `UPDATE stream_slots SET expires_at = clock_timestamp() - interval '1 second' WHERE user_id = $1`,
      [user],
    );
    expect(await live.renew()).toBe(true);
    const first = await slots.take(user);
    const second = await slots.take(user);
    expect(first).not.toBeNull();
    expect(second).not.toBeNull();
    expect(await slots.take(user)).toBeNull();
    // a slot taken over by another stream is lost to its old holder: renewing says so
    await server.database.query(`UPDATE stream_slots SET token = 'someone-else' WHERE user_id = $1 AND slot = 0`, [
      user,
    ]);
    expect(await live.renew()).toBe(false);
    for (const s of [live, first!, second!]) await s.release();
  });

  it('keeps the count in memory with PGlite (one process): no row is written', async () => {
    const pglite = { mode: 'pglite' as const, query: () => Promise.reject(new Error('no database call expected')) };
    const slots = streamSlotsFor(pglite);
    const user = randomUUID();
    const taken = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) taken.push(await slots.take(user));
    expect(taken.every((s) => s !== null)).toBe(true);
    expect(await slots.take(user)).toBeNull();
    await taken[0]!.release();
    await taken[0]!.release(); // twice is once
    expect(await slots.take(user)).not.toBeNull();
    expect(await slots.take(user)).toBeNull();
  });
});
