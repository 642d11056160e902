/** The fair scheduler's order, held open with gates so the order (not the timing) is what is asserted. */
import { describe, expect, it } from 'vitest';
import { createFairScheduler } from './fair-scheduler';

function gatedTasks() {
  const started: string[] = [];
  const gates = new Map<string, () => void>();
  const task = (name: string) => () =>
    new Promise<string>((resolve) => {
      started.push(name);
      gates.set(name, () => resolve(name));
    });
  const finish = async (name: string) => {
    const open = gates.get(name);
    if (!open) throw new Error(`${name} has not started`);
    open();
    // Let the scheduler's promise chain start the next job.
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  return { started, task, finish };
}

describe('fair scheduler', () => {
  it('serves candidates round-robin: a candidate with many submissions waits its turn behind others', async () => {
    const s = createFairScheduler({ concurrency: 1 });
    const g = gatedTasks();
    void s.schedule('submit', 'flood', g.task('f1'));
    void s.schedule('submit', 'flood', g.task('f2'));
    void s.schedule('submit', 'flood', g.task('f3'));
    void s.schedule('submit', 'b', g.task('b1'));
    void s.schedule('submit', 'c', g.task('c1'));
    expect(g.started).toEqual(['f1']);
    await g.finish('f1');
    await g.finish('b1');
    await g.finish('c1');
    await g.finish('f2');
    expect(g.started).toEqual(['f1', 'b1', 'c1', 'f2', 'f3']);
  });

  it('judges runs before submissions when both wait', async () => {
    const s = createFairScheduler({ concurrency: 1 });
    const g = gatedTasks();
    void s.schedule('submit', 'a', g.task('a-submit'));
    void s.schedule('submit', 'b', g.task('b-submit'));
    void s.schedule('run', 'c', g.task('c-run'));
    await g.finish('a-submit');
    expect(g.started).toEqual(['a-submit', 'c-run']);
  });

  it('never lets a stream of runs starve a waiting submission', async () => {
    const s = createFairScheduler({ concurrency: 1 });
    const g = gatedTasks();
    void s.schedule('submit', 'x', g.task('first'));
    void s.schedule('submit', 'a', g.task('submit-a'));
    for (const k of ['b', 'c', 'd', 'e', 'f']) void s.schedule('run', k, g.task(`run-${k}`));
    for (const name of ['first', 'run-b', 'run-c', 'run-d', 'submit-a']) await g.finish(name);
    expect(g.started).toEqual(['first', 'run-b', 'run-c', 'run-d', 'submit-a', 'run-e']);
  });

  it('keeps one run of a candidate in flight and lets a newer run supersede a waiting one', async () => {
    const s = createFairScheduler({ concurrency: 4 });
    const g = gatedTasks();
    const first = s.schedule('run', 'a', g.task('r1'));
    const second = s.schedule('run', 'a', g.task('r2'));
    const third = s.schedule('run', 'a', g.task('r3'));
    // Four slots, but the candidate's second run waits for its first.
    expect(g.started).toEqual(['r1']);
    await expect(second).rejects.toMatchObject({ code: 'RUN_SUPERSEDED' });
    expect(s.stats().waiting.run).toBe(1);
    await g.finish('r1');
    await expect(first).resolves.toBe('r1');
    expect(g.started).toEqual(['r1', 'r3']);
    await g.finish('r3');
    await expect(third).resolves.toBe('r3');
  });

  it('keeps one submission of a candidate in flight while another candidate uses the free slot', async () => {
    // Three slots: two for submissions, one kept for runs.
    const s = createFairScheduler({ concurrency: 3 });
    const g = gatedTasks();
    void s.schedule('submit', 'a', g.task('a1'));
    void s.schedule('submit', 'a', g.task('a2'));
    void s.schedule('submit', 'b', g.task('b1'));
    expect(g.started).toEqual(['a1', 'b1']);
    expect(s.placeOf('submit', 'a')).toBe(0);
    expect(s.placeOf('submit', 'b')).toBeNull();
  });

  it('keeps a slot for runs: submissions never hold every slot (issue 23)', async () => {
    const s = createFairScheduler({ concurrency: 2 });
    const g = gatedTasks();
    void s.schedule('submit', 'a', g.task('a1'));
    void s.schedule('submit', 'b', g.task('b1'));
    // b's submission waits although a slot is free: that slot is the runs' own.
    expect(g.started).toEqual(['a1']);
    const run = s.schedule('run', 'c', g.task('run-c'));
    expect(g.started).toEqual(['a1', 'run-c']);
    await g.finish('run-c');
    await expect(run).resolves.toBe('run-c');
    expect(g.started).toEqual(['a1', 'run-c']);
    await g.finish('a1');
    expect(g.started).toEqual(['a1', 'run-c', 'b1']);
  });

  it('measures the queue wait of each class and the submissions drained in the last minute', async () => {
    let clock = 1000;
    const s = createFairScheduler({ concurrency: 1, now: () => clock });
    const g = gatedTasks();
    void s.schedule('submit', 'a', g.task('a1'));
    void s.schedule('submit', 'b', g.task('b1'));
    clock += 700;
    await g.finish('a1');
    await g.finish('b1');
    const stats = s.stats();
    expect(stats.wait.submit.count).toBe(2);
    expect(stats.wait.submit.maxMs).toBe(700);
    expect(stats.drainPerSecond).toBeCloseTo(2 / 60);
  });

  it('rejects what still waits when closed', async () => {
    const s = createFairScheduler({ concurrency: 1 });
    const g = gatedTasks();
    void s.schedule('submit', 'a', g.task('a1'));
    const waiting = s.schedule('submit', 'b', g.task('b1'));
    s.close();
    await expect(waiting).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });
});
