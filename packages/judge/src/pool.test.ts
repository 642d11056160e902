import { describe, expect, it } from 'vitest';
import { Pool } from './pool';
import { JudgeQueueFullError } from './types';

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('Pool', () => {
  it('runs at most `concurrency` tasks at once and queues the rest', async () => {
    const pool = new Pool(2, 10);
    let active = 0;
    let peak = 0;
    const task = async () => {
      active++;
      peak = Math.max(peak, active);
      await wait(20);
      active--;
      return 1;
    };
    const results = await Promise.all(Array.from({ length: 6 }, () => pool.run(task)));
    expect(results).toEqual([1, 1, 1, 1, 1, 1]);
    expect(peak).toBe(2);
    expect(pool.stats()).toMatchObject({ running: 0, queued: 0 });
  });

  it('rejects with JudgeQueueFullError while the queue is full, without waiting for a slot', async () => {
    const pool = new Pool(1, 1);
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const first = pool.run(() => gate);
    const second = pool.run(async () => 2);
    const third = pool.run(async () => 3);
    // Rejected while the first task still holds the only slot (release() has not been called yet).
    await expect(third).rejects.toBeInstanceOf(JudgeQueueFullError);
    await third.catch((e: JudgeQueueFullError) => expect(e.retryAfterSeconds).toBeGreaterThanOrEqual(1));
    release();
    await first;
    expect(await second).toBe(2);
  });

  it('frees the slot when a task throws', async () => {
    const pool = new Pool(1, 0);
    await expect(pool.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await pool.run(async () => 'ok')).toBe('ok');
  });
});
