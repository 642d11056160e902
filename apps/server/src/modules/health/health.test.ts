import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ healthParts: { judge: () => ({ state: 'ok', isolation: 'test' }) } });
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('names the database mode and the state of the parts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('ok');
    expect(body.database.mode).toBe(process.env.TEST_DATABASE_URL || process.env.DATABASE_URL ? 'postgres' : 'pglite');
    expect(body.judge).toEqual({ state: 'ok', isolation: 'test' });
    expect(body.face).toEqual({ state: 'not-configured' });
  });
});
