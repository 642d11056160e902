import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJudgeProcess } from './judge-process';
import type { Judge } from './types';
import { JudgeQueueFullError } from './types';

let judge: Judge;
beforeAll(async () => {
  judge = await startJudgeProcess({ concurrency: 1, maxQueue: 1 });
});
afterAll(() => judge?.close());

describe('startJudgeProcess', () => {
  it('judges in a child process with the same answers as createJudge', async () => {
    expect(judge.isolation().sandbox).toBe('bubblewrap');
    const r = await judge.judge({
      language: 'python',
      code: 'a, b = map(int, input().split())\nprint(a + b)\n',
      cases: [
        { input: '1 2\n', expectedOutput: '3\n' },
        { input: '2 2\n', expectedOutput: '5\n' },
      ],
    });
    expect(r.verdict).toBe('Wrong Answer');
    expect(r.cases.map((c) => c.verdict)).toEqual(['Accepted', 'Wrong Answer']);
    expect((await judge.languages()).find((l) => l.id === 'python')?.available).toBe(true);
  });

  it('warms up every language when called without a list', async () => {
    await expect(judge.warmup()).resolves.toBeUndefined();
  });

  it('passes the queue-full rejection through as JudgeQueueFullError', async () => {
    const slow = {
      language: 'python' as const,
      code: 'import time\ntime.sleep(0.5)\n',
      cases: [{ input: '', expectedOutput: '' }],
    };
    const results = await Promise.allSettled([judge.judge(slow), judge.judge(slow), judge.judge(slow)]);
    const rejected = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
    expect(rejected.length).toBeGreaterThanOrEqual(1);
    expect(rejected[0]!.reason).toBeInstanceOf(JudgeQueueFullError);
    expect(judge.stats().running).toBe(0);
  });
});
