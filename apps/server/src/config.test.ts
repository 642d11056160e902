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

describe('AI_BASE_URL, AI_MODEL, AI_API_KEY (issue 44)', () => {
  it('turns the assistant on only with both the endpoint and the model', () => {
    expect(readConfig({}).ai).toBeNull();
    expect(readConfig({ AI_BASE_URL: 'http://127.0.0.1:11434/v1' }).ai).toBeNull();
    expect(readConfig({ AI_MODEL: 'qwen2.5-coder:7b' }).ai).toBeNull();
    expect(readConfig({ AI_BASE_URL: 'http://127.0.0.1:11434/v1/', AI_MODEL: 'qwen2.5-coder:7b' }).ai).toEqual({
      baseUrl: 'http://127.0.0.1:11434/v1',
      apiKey: 'none',
      model: 'qwen2.5-coder:7b',
      timeoutMs: 60_000,
    });
    const keyed = readConfig({
      AI_BASE_URL: 'https://llm.example/v1',
      AI_MODEL: 'm',
      AI_API_KEY: 'k',
      AI_TIMEOUT_MS: '5000',
    });
    expect(keyed.ai).toMatchObject({ apiKey: 'k', timeoutMs: 5000 });
  });

  it('refuses an endpoint that is not an http(s) URL, and a bad time limit', () => {
    expect(() => readConfig({ AI_BASE_URL: 'file:///etc', AI_MODEL: 'm' })).toThrow(/AI_BASE_URL/);
    expect(() => readConfig({ AI_BASE_URL: 'http://x/v1', AI_MODEL: 'm', AI_TIMEOUT_MS: '0' })).toThrow(
      /AI_TIMEOUT_MS/,
    );
  });
});
