/**
 * One face call at a time per user across API processes (issue 28, frame-limits.ts oneAtATimeFor): two gates
 * on one PostgreSQL database, each with its own memory as two API processes have, refuse a user's second call
 * while the first is in the face service, on whichever process it arrives; a lease left by a process killed
 * mid-call holds until it expires, then is taken over. Needs the PostgreSQL server (TEST_DATABASE_URL, default
 * local) whatever the run's database mode: the rule's subject is the shared database.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { usePostgresDatabase } from '../../../test/support';
import { AppError } from '../../lib/errors';
import { FACE_LEASE_MS, oneAtATime, oneAtATimeFor } from './frame-limits';

/** The file's own database on the PostgreSQL server, whatever the run's mode. */
const server = usePostgresDatabase();

/** A face call that stays in the face service until `release()`. */
function held() {
  let release!: () => void;
  const done = new Promise<void>((r) => {
    release = r;
  });
  const call = async () => {
    await done;
    return 'matched';
  };
  return { release, call };
}

async function refusal(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    return `${(err as AppError).code}: ${(err as AppError).message}`;
  }
  throw new Error('the call was not refused');
}

const ONE_AT_A_TIME = 'RATE_LIMITED: One proctoring frame at a time: wait for the previous check to finish';

describe('one face call at a time per user, across API processes (PostgreSQL)', () => {
  it('refuses a second call of the same user on the other process while the first runs, not another user', async () => {
    const processA = oneAtATimeFor(server.database);
    const processB = oneAtATimeFor(server.database);
    const user = randomUUID();
    const first = held();
    const running = processA(user, first.call);
    // the first call holds its lease before it reaches the face service
    await expect.poll(async () => (await leases(user)).length).toBe(1);
    expect(await refusal(processB(user, async () => 'second'))).toBe(ONE_AT_A_TIME);
    expect(await refusal(processA(user, async () => 'again'))).toBe(ONE_AT_A_TIME);
    // someone else is not held up by it, on either process
    expect(await processB(randomUUID(), async () => 'other user')).toBe('other user');
    first.release();
    expect(await running).toBe('matched');
    // the lease is gone with the call: the next frame goes through on the other process
    expect(await leases(user)).toEqual([]);
    expect(await processB(user, async () => 'next frame')).toBe('next frame');
    expect(await leases(user)).toEqual([]);
  });

  it('a call that fails gives its lease back', async () => {
    const gate = oneAtATimeFor(server.database);
    const user = randomUUID();
    await expect(
      gate(user, async () => {
        throw new AppError('FACE_UNAVAILABLE', 'The face service is not reachable. Please try again.');
      }),
    ).rejects.toThrow('not reachable');
    expect(await leases(user)).toEqual([]);
    expect(await gate(user, async () => 'retried')).toBe('retried');
  });

  it('a lease left by a process killed mid-call holds until it expires, then the next call takes it over', async () => {
    const gate = oneAtATimeFor(server.database);
    const user = randomUUID();
    // what a killed process leaves: its lease, still live
    await server.database.query(
      `INSERT INTO face_call_leases (user_id, token, expires_at)
         VALUES ($1, 'dead-process', clock_timestamp() + $2 * interval '1 millisecond')`,
      [user, FACE_LEASE_MS],
    );
    expect(await refusal(gate(user, async () => 'too soon'))).toBe(ONE_AT_A_TIME);
    // the same lease once its time has passed
    await server.database.query(
      `UPDATE face_call_leases SET expires_at = clock_timestamp() - interval '1 second' WHERE user_id = $1`,
      [user],
    );
    expect(await gate(user, async () => 'taken over')).toBe('taken over');
    expect(await leases(user)).toEqual([]);
  });

  it('keeps the rule in memory with PGlite (one process): no lease is written', async () => {
    const pglite = { mode: 'pglite' as const, query: () => Promise.reject(new Error('no database call expected')) };
    const gate = oneAtATimeFor(pglite);
    expect(gate).toBe(oneAtATime);
    const user = randomUUID();
    const first = held();
    const running = gate(user, first.call);
    expect(await refusal(gate(user, async () => 'second'))).toBe(ONE_AT_A_TIME);
    first.release();
    expect(await running).toBe('matched');
  });
});

async function leases(user: string) {
  return server.database.query<{ token: string }>('SELECT token FROM face_call_leases WHERE user_id = $1', [user]);
}
