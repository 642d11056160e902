import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { buildCodingTest, createSignedInUser, type SignedInUser } from '../../../test/factories';
import { apiTokens, users } from '../../db/schema';

let t: TestApp;
let admin: SignedInUser;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createSignedInUser(t.app, { role: 'employer' });
});
afterAll(async () => t.close());

async function createToken(scopes: string[], name = 'ATS') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/companies/api-tokens',
    headers: { cookie: admin.cookie },
    payload: { name, scopes },
  });
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
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/companies/api-tokens',
      headers: { cookie: admin.cookie },
    });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(token);
    expect(list.json().find((x: { id: string }) => x.id === id)).toMatchObject({ name: 'ATS', scopes: ['tests:read'] });
  });

  it('refuses unknown scopes, empty names, candidates and recruiters', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/companies/api-tokens',
      headers: { cookie: admin.cookie },
      payload: { name: 'x', scopes: ['admin:all'] },
    });
    expect(bad.statusCode).toBe(400);
    const noName = await t.app.inject({
      method: 'POST',
      url: '/api/companies/api-tokens',
      headers: { cookie: admin.cookie },
      payload: { name: ' ', scopes: ['tests:read'] },
    });
    expect(noName.statusCode).toBe(400);
    const candidate = await createSignedInUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/companies/api-tokens',
      headers: { cookie: candidate.cookie },
      payload: { name: 'x', scopes: ['tests:read'] },
    });
    expect(res.statusCode).toBe(403);
    const anon = await t.app.inject({ method: 'GET', url: '/api/companies/api-tokens' });
    expect(anon.statusCode).toBe(401);
  });
});

describe('Authorization: Bearer', () => {
  it('acts as the company on routes of its scopes and records the last use', async () => {
    const { test } = await buildCodingTest(t.deps.db, { employer: admin, marks: [50, 50], name: 'Token visible test' });
    const { id, token } = await createToken(['tests:read']);
    const res = await t.app.inject({ method: 'GET', url: `/api/tests/${test.id}`, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().testName).toBe('Token visible test');
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/companies/api-tokens',
      headers: { cookie: admin.cookie },
    });
    expect(list.json().find((x: { id: string }) => x.id === id).lastUsedAt).not.toBeNull();
  });

  it('refuses routes outside its scopes with 403', async () => {
    const { test } = await buildCodingTest(t.deps.db, { employer: admin, marks: [50, 50] });
    const { token } = await createToken(['tests:read']);
    const invite = await t.app.inject({
      method: 'POST',
      url: '/api/invitations',
      headers: bearer(token),
      payload: { testId: test.id, emails: ['someone@example.test'] },
    });
    expect(invite.statusCode).toBe(403);
    const results = await t.app.inject({
      method: 'GET',
      url: `/api/review/tests/${test.id}/results`,
      headers: bearer(token),
    });
    expect(results.statusCode).toBe(403);
    // A token can never manage tokens, even with every scope.
    const { token: all } = await createToken(['tests:read', 'invitations:write', 'results:read']);
    const mint = await t.app.inject({
      method: 'POST',
      url: '/api/companies/api-tokens',
      headers: bearer(all),
      payload: { name: 'escalate', scopes: ['tests:read'] },
    });
    expect(mint.statusCode).toBe(403);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/tests/${test.id}`, headers: bearer(all) });
    expect(del.statusCode).toBe(403);
    const ok = await t.app.inject({
      method: 'GET',
      url: `/api/review/tests/${test.id}/results`,
      headers: bearer(all),
    });
    expect(ok.statusCode).toBe(200);
  });

  it('invites candidates with invitations:write and reads results with results:read', async () => {
    const { test } = await buildCodingTest(t.deps.db, { employer: admin, marks: [50, 50] });
    const { token } = await createToken(['invitations:write', 'results:read']);
    const invite = await t.app.inject({
      method: 'POST',
      url: '/api/invitations',
      headers: bearer(token),
      payload: { testId: test.id, emails: ['ats.candidate@example.test'] },
    });
    expect(invite.statusCode).toBe(201);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/invitations?testId=${test.id}`,
      headers: bearer(token),
    });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('ats.candidate@example.test');
    const results = await t.app.inject({
      method: 'GET',
      url: `/api/review/tests/${test.id}/results`,
      headers: bearer(token),
    });
    expect(results.statusCode).toBe(200);
    // ...but not the tests themselves (tests:read is not among its scopes).
    const read = await t.app.inject({ method: 'GET', url: `/api/tests/${test.id}`, headers: bearer(token) });
    expect(read.statusCode).toBe(403);
  });

  it("does not see other companies' tests", async () => {
    const other = await createSignedInUser(t.app, { role: 'employer' });
    const { test } = await buildCodingTest(t.deps.db, { employer: other, marks: [50, 50] });
    const { token } = await createToken(['tests:read']);
    const res = await t.app.inject({ method: 'GET', url: `/api/tests/${test.id}`, headers: bearer(token) });
    expect(res.statusCode).toBe(404);
  });

  it('stops working once revoked, and an unknown token is 401 (no cookie fallback)', async () => {
    const { id, token } = await createToken(['tests:read']);
    expect((await t.app.inject({ method: 'GET', url: '/api/tests', headers: bearer(token) })).statusCode).toBe(200);
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/companies/api-tokens/${id}`,
      headers: { cookie: admin.cookie },
    });
    expect(revoke.statusCode).toBe(200);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/tests',
      headers: { ...bearer(token), cookie: admin.cookie },
    });
    expect(after.statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/companies/api-tokens/${id}`,
      headers: { cookie: admin.cookie },
    });
    expect(again.statusCode).toBe(404);
    const forged = await t.app.inject({ method: 'GET', url: '/api/tests', headers: bearer('asly_not-a-real-token') });
    expect(forged.statusCode).toBe(401);
  });

  it("leaves other Authorization schemes (a proxy's Basic auth, other Bearer tokens) to the session cookie", async () => {
    for (const authorization of ['Basic dXNlcjpwYXNz', 'Bearer some-health-token', 'Bearer']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/users/me',
        headers: { authorization, cookie: admin.cookie },
      });
      expect(res.statusCode, authorization).toBe(200);
      expect(res.json().id).toBe(admin.id);
    }
  });

  it('stops working when its creator loses the admin role or leaves the company', async () => {
    const maker = await createSignedInUser(t.app, { role: 'employer' });
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/companies/api-tokens',
      headers: { cookie: maker.cookie },
      payload: { name: 'maker', scopes: ['tests:read'] },
    });
    const { token } = made.json();
    expect((await t.app.inject({ method: 'GET', url: '/api/tests', headers: bearer(token) })).statusCode).toBe(200);
    await t.deps.db.update(users).set({ companyRole: 'recruiter' }).where(eq(users.id, maker.id));
    expect((await t.app.inject({ method: 'GET', url: '/api/tests', headers: bearer(token) })).statusCode).toBe(401);
    await t.deps.db.update(users).set({ companyRole: 'owner', companyId: null }).where(eq(users.id, maker.id));
    expect((await t.app.inject({ method: 'GET', url: '/api/tests', headers: bearer(token) })).statusCode).toBe(401);
  });

  it("another company cannot revoke or list this company's tokens", async () => {
    const { id } = await createToken(['tests:read']);
    const other = await createSignedInUser(t.app, { role: 'employer' });
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/companies/api-tokens/${id}`,
      headers: { cookie: other.cookie },
    });
    expect(res.statusCode).toBe(404);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/companies/api-tokens',
      headers: { cookie: other.cookie },
    });
    expect(list.json()).toEqual([]);
  });
});
