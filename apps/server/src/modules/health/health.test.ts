import { describe, expect, it } from 'vitest';
import { healthDetails, TEST_HEALTH_TOKEN } from '../../../test/build-test-app';
import { useTestApp } from '../../../test/support';

const t = useTestApp({ healthParts: { judge: () => ({ state: 'ok', isolation: 'test', port: 41234 }) } });
const get = (headers: Record<string, string> = {}) => t.as(null).get('/api/health', headers);

describe('GET /api/health', () => {
  it('answers only the status without a session or token', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.body).not.toContain('41234');
  });

  it('answers only the status with a wrong token, or to a candidate', async () => {
    expect((await get({ 'x-health-token': `${TEST_HEALTH_TOKEN}x` })).json()).toEqual({ status: 'ok' });
    expect((await get({ 'x-health-token': '' })).json()).toEqual({ status: 'ok' });
    expect((await get({ authorization: `Bearer ${TEST_HEALTH_TOKEN}x` })).json()).toEqual({ status: 'ok' });
    const candidate = await t.signIn({ role: 'candidate' });
    expect((await get({ cookie: candidate.cookie })).json()).toEqual({ status: 'ok' });
  });

  it('names the database mode and the state of the parts with HEALTH_TOKEN', async () => {
    const body = await healthDetails(t.app);
    expect(body.status).toBe('ok');
    expect(body.database.mode).toBe(process.env.TEST_DATABASE_URL || process.env.DATABASE_URL ? 'postgres' : 'pglite');
    expect(body.judge).toEqual({ state: 'ok', isolation: 'test', port: 41234 });
    expect(body.face).toEqual({ state: 'not-configured' });
  });

  it('also takes HEALTH_TOKEN as a Bearer token', async () => {
    const body = (await get({ authorization: `Bearer ${TEST_HEALTH_TOKEN}` })).json();
    expect(body.judge).toEqual({ state: 'ok', isolation: 'test', port: 41234 });
  });

  it('reads its own Bearer header: an API-token-like value is not looked up as an API token', async () => {
    const res = await get({ authorization: 'Bearer asly_not-a-token' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('keeps the details from the owner of a verified company: only HEALTH_TOKEN opens them (issue 42)', async () => {
    // An employer who signs up alone is the verified owner of a company of their own: that proves nothing.
    const owner = await t.signIn({ role: 'employer' });
    const res = await get({ cookie: owner.cookie });
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.body).not.toContain('41234');
    const withToken = (await get({ cookie: owner.cookie, 'x-health-token': TEST_HEALTH_TOKEN })).json();
    expect(withToken.judge).toEqual({ state: 'ok', isolation: 'test', port: 41234 });
  });

  it('keeps the details from the owner of an unverified company (issue 23)', async () => {
    const fresh = await t.signIn({ role: 'employer', verified: false });
    const res = await get({ cookie: fresh.cookie });
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.body).not.toContain('41234');
  });
});
