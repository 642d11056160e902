import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildCodingTest, createSignedInUser } from '../../../test/factories';
import { useSignedIn, useTestApp } from '../../../test/support';
import { apiTokens, users } from '../../db/schema';

const t = useTestApp();
const admin = useSignedIn(t, { role: 'employer' });

async function createToken(scopes: string[], name = 'ATS') {
  const res = await t.as(admin).post('/api/companies/api-tokens', { name, scopes });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; token: string };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('POST /api/companies/api-tokens', () => {
  it('returns the secret once and stores only its hash', async () => {
    const { id, token } = await createToken(['tests:read']);
    expect(token).toMatch(/^asly_[A-Za-z0-9_-]{40,}$/);
    const [row] = await t.deps.db.select().from(apiTokens).where(eq(apiTokens.id, id));
    expect(row!.tokenHash).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(token);
    const list = await t.as(admin).get('/api/companies/api-tokens');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(token);
    expect(list.json().find((x: { id: string }) => x.id === id)).toMatchObject({ name: 'ATS', scopes: ['tests:read'] });
  });

  it('refuses unknown scopes, empty names, candidates and recruiters', async () => {
    const bad = await t.as(admin).post('/api/companies/api-tokens', { name: 'x', scopes: ['admin:all'] });
    expect(bad.statusCode).toBe(400);
    const noName = await t.as(admin).post('/api/companies/api-tokens', { name: ' ', scopes: ['tests:read'] });
    expect(noName.statusCode).toBe(400);
    const candidate = await createSignedInUser(t.app);
    const res = await t.as(candidate).post('/api/companies/api-tokens', { name: 'x', scopes: ['tests:read'] });
    expect(res.statusCode).toBe(403);
    const anon = await t.as(null).get('/api/companies/api-tokens');
    expect(anon.statusCode).toBe(401);
  });
});

describe('Authorization: Bearer', () => {
  it('acts as the company on routes of its scopes and records the last use', async () => {
    const { test } = await buildCodingTest(t.deps.db, { employer: admin, marks: [50, 50], name: 'Token visible test' });
    const { id, token } = await createToken(['tests:read']);
    const res = await t.as(null).get(`/api/tests/${test.id}`, bearer(token));
    expect(res.statusCode).toBe(200);
    expect(res.json().testName).toBe('Token visible test');
    const list = await t.as(admin).get('/api/companies/api-tokens');
    expect(list.json().find((x: { id: string }) => x.id === id).lastUsedAt).not.toBeNull();
  });

  it('refuses routes outside its scopes with 403', async () => {
    const { test } = await buildCodingTest(t.deps.db, { employer: admin, marks: [50, 50] });
    const { token } = await createToken(['tests:read']);
    const invite = await t
      .as(null)
      .post('/api/invitations', { testId: test.id, emails: ['someone@example.test'] }, bearer(token));
    expect(invite.statusCode).toBe(403);
    const results = await t.as(null).get(`/api/review/tests/${test.id}/results`, bearer(token));
    expect(results.statusCode).toBe(403);
    // A token can never manage tokens, even with every scope.
    const { token: all } = await createToken(['tests:read', 'invitations:write', 'results:read']);
    const mint = await t
      .as(null)
      .post('/api/companies/api-tokens', { name: 'escalate', scopes: ['tests:read'] }, bearer(all));
    expect(mint.statusCode).toBe(403);
    const del = await t.as(null).delete(`/api/tests/${test.id}`, bearer(all));
    expect(del.statusCode).toBe(403);
    const ok = await t.as(null).get(`/api/review/tests/${test.id}/results`, bearer(all));
    expect(ok.statusCode).toBe(200);
  });

  it('invites candidates with invitations:write and reads results with results:read', async () => {
    const { test } = await buildCodingTest(t.deps.db, { employer: admin, marks: [50, 50] });
    const { token } = await createToken(['invitations:write', 'results:read']);
    const invite = await t
      .as(null)
      .post('/api/invitations', { testId: test.id, emails: ['ats.candidate@example.test'] }, bearer(token));
    expect(invite.statusCode).toBe(201);
    const list = await t.as(null).get(`/api/invitations?testId=${test.id}`, bearer(token));
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('ats.candidate@example.test');
    const results = await t.as(null).get(`/api/review/tests/${test.id}/results`, bearer(token));
    expect(results.statusCode).toBe(200);
    // ...but not the tests themselves (tests:read is not among its scopes).
    const read = await t.as(null).get(`/api/tests/${test.id}`, bearer(token));
    expect(read.statusCode).toBe(403);
  });

  it("does not see other companies' tests", async () => {
    const other = await createSignedInUser(t.app, { role: 'employer' });
    const { test } = await buildCodingTest(t.deps.db, { employer: other, marks: [50, 50] });
    const { token } = await createToken(['tests:read']);
    const res = await t.as(null).get(`/api/tests/${test.id}`, bearer(token));
    expect(res.statusCode).toBe(404);
  });

  it('stops working once revoked, and an unknown token is 401 (no cookie fallback)', async () => {
    const { id, token } = await createToken(['tests:read']);
    expect((await t.as(null).get('/api/tests', bearer(token))).statusCode).toBe(200);
    const revoke = await t.as(admin).delete(`/api/companies/api-tokens/${id}`);
    expect(revoke.statusCode).toBe(200);
    const after = await t.as(admin).get('/api/tests', { ...bearer(token) });
    expect(after.statusCode).toBe(401);
    const again = await t.as(admin).delete(`/api/companies/api-tokens/${id}`);
    expect(again.statusCode).toBe(404);
    const forged = await t.as(null).get('/api/tests', bearer('asly_not-a-real-token'));
    expect(forged.statusCode).toBe(401);
  });

  it("leaves other Authorization schemes (a proxy's Basic auth, other Bearer tokens) to the session cookie", async () => {
    for (const authorization of ['Basic dXNlcjpwYXNz', 'Bearer some-health-token', 'Bearer']) {
      const res = await t.as(admin).get('/api/users/me', { authorization });
      expect(res.statusCode, authorization).toBe(200);
      expect(res.json().id).toBe(admin.id);
    }
  });

  it('stops working when its creator loses the admin role or leaves the company', async () => {
    const maker = await createSignedInUser(t.app, { role: 'employer' });
    const made = await t.as(maker).post('/api/companies/api-tokens', { name: 'maker', scopes: ['tests:read'] });
    const { token } = made.json();
    expect((await t.as(null).get('/api/tests', bearer(token))).statusCode).toBe(200);
    await t.deps.db.update(users).set({ companyRole: 'recruiter' }).where(eq(users.id, maker.id));
    expect((await t.as(null).get('/api/tests', bearer(token))).statusCode).toBe(401);
    await t.deps.db.update(users).set({ companyRole: 'owner', companyId: null }).where(eq(users.id, maker.id));
    expect((await t.as(null).get('/api/tests', bearer(token))).statusCode).toBe(401);
  });

  it("another company cannot revoke or list this company's tokens", async () => {
    const { id } = await createToken(['tests:read']);
    const other = await createSignedInUser(t.app, { role: 'employer' });
    const res = await t.as(other).delete(`/api/companies/api-tokens/${id}`);
    expect(res.statusCode).toBe(404);
    const list = await t.as(other).get('/api/companies/api-tokens');
    expect(list.json()).toEqual([]);
  });
});
