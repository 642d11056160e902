import { describe, expect, it } from 'vitest';
import { readConfig } from './config';

describe('JUDGE_NICE', () => {
  it('runs compiles and runs at nice 10 below the server by default', () => {
    expect(readConfig({}).judgeNice).toBe(10);
  });

  it('takes 0..19, 0 meaning the server’s own priority', () => {
    expect(readConfig({ JUDGE_NICE: '0' }).judgeNice).toBe(0);
    expect(readConfig({ JUDGE_NICE: '19' }).judgeNice).toBe(19);
  });

  it('refuses anything else at start-up', () => {
    for (const bad of ['20', '-1', '2.5', 'low']) expect(() => readConfig({ JUDGE_NICE: bad })).toThrow(/JUDGE_NICE/);
  });
});
