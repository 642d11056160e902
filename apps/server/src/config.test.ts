import { describe, expect, it } from 'vitest';
import { readConfig } from './config';

describe('FACE_NICE', () => {
  it('runs the face service child below the judge (15) on the embedded database, beside it (10) on a server', () => {
    expect(readConfig({}).faceNice).toBe(15);
    expect(readConfig({ DATABASE_URL: 'postgres://db/assessly' }).faceNice).toBe(10);
    expect(readConfig({ DATABASE_URL: 'postgres://db/assessly', FACE_NICE: '15' }).faceNice).toBe(15);
  });

  it('takes 0..19 when set and refuses anything else', () => {
    expect(readConfig({ FACE_NICE: '0' }).faceNice).toBe(0);
    expect(readConfig({ FACE_NICE: '19' }).faceNice).toBe(19);
    for (const bad of ['20', '-1', '2.5', 'low']) expect(() => readConfig({ FACE_NICE: bad })).toThrow(/FACE_NICE/);
  });
});

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
