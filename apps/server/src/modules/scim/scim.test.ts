/**
 * SCIM provisioning (issue 45) beyond the replays: access ends at once on deactivation and deletion (a session
 * cookie and an API token of the member answer 401 right after) while what they wrote stays with the company; the
 * token's life (shown once, stored hashed, rotated, revoked); tenancy; the audit trail with source SCIM; the
 * owner role staying manual; a SCIM-made member signing in through a reset link.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestAs } from '../../../test/fixtures/authoring';
import { tokenFromOutbox } from '../../../test/fixtures/companies';
import { type ScimCompany, scimCompany, scimRequest } from '../../../test/fixtures/scim';
import { joinAs } from '../../../test/fixtures/team';
import { useTestApp } from '../../../test/support';
import { auditLog, scimTokens, tests, users } from '../../db/schema';
import { hashToken } from '../../lib/tokens';

const t = useTestApp();
let a: ScimCompany;
let b: ScimCompany;

beforeAll(async () => {
  [a, b] = await Promise.all([scimCompany(t), scimCompany(t)]);
});

const PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const deactivate = { schemas: [PATCH], Operations: [{ op: 'replace', path: 'active', value: false }] };
const get = (cookie: string | null, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...(cookie ? { cookie } : {}), ...headers } });

async function scimIdOf(company: ScimCompany, email: string): Promise<string> {
  const res = await company.scim('GET', `/Users?filter=${encodeURIComponent(`userName eq "${email}"`)}`);
  expect(res.json().totalResults, res.body).toBe(1);
  return res.json().Resources[0].id;
}

describe('deactivation and deletion end access at once', () => {
  for (const how of ['PATCH active=false', 'DELETE'] as const) {
    it(`${how}: the member's session and API token answer 401 right after; their test stays with the company`, async () => {
      const admin = await joinAs(t, a.owner, 'admin');
      const token = (await t.as(admin).post('/api/companies/api-tokens', { name: 'ci', scopes: ['tests:read'] })).json()
        .token as string;
      const test = await createTestAs(t.app, admin, { testName: `Written by ${how}` });
      // both work before
      expect((await get(admin.cookie, '/api/users/me')).statusCode).toBe(200);
      expect((await get(null, '/api/tests', { authorization: `Bearer ${token}` })).statusCode).toBe(200);

      const id = await scimIdOf(a, admin.email);
      const res =
        how === 'DELETE' ? await a.scim('DELETE', `/Users/${id}`) : await a.scim('PATCH', `/Users/${id}`, deactivate);
      expect(res.statusCode, res.body).toBe(how === 'DELETE' ? 204 : 200);

      expect((await get(admin.cookie, '/api/users/me')).statusCode).toBe(401);
      expect((await get(null, '/api/tests', { authorization: `Bearer ${token}` })).statusCode).toBe(401);
      const [row] = await t.deps.db.select().from(tests).where(eq(tests.id, test.id));
      expect(row?.companyId).toBe(a.owner.companyId);
      expect((await t.as(a.owner).get(`/api/tests/${test.id}`)).statusCode).toBe(200);
      // signing in again gives no company
      const login = await t.as(null).post('/api/users/login', { email: admin.email, password: admin.password });
      expect(login.json().companyId ?? null).toBeNull();
    });
  }

  it('a reactivated member gets their role back, not their revoked tokens', async () => {
    const admin = await joinAs(t, a.owner, 'admin');
    const token = (await t.as(admin).post('/api/companies/api-tokens', { name: 'x', scopes: ['tests:read'] })).json()
      .token as string;
    const id = await scimIdOf(a, admin.email);
    await a.scim('PATCH', `/Users/${id}`, deactivate);
    const back = await a.scim('PATCH', `/Users/${id}`, {
      schemas: [PATCH],
      Operations: [{ op: 'replace', value: { active: true } }],
    });
    expect(back.json()).toMatchObject({ active: true, groups: [{ value: 'admin' }] });
    const [u] = await t.deps.db.select().from(users).where(eq(users.id, id));
    expect([u?.companyId, u?.companyRole, u?.role]).toEqual([a.owner.companyId, 'admin', 'employer']);
    expect((await get(null, '/api/tests', { authorization: `Bearer ${token}` })).statusCode).toBe(401);
  });

  it('a demotion through Groups revokes the member’s API tokens', async () => {
    const admin = await joinAs(t, a.owner, 'admin');
    const token = (await t.as(admin).post('/api/companies/api-tokens', { name: 'x', scopes: ['tests:read'] })).json()
      .token as string;
    const res = await a.scim('PATCH', '/Groups/admin', {
      schemas: [PATCH],
      Operations: [{ op: 'remove', path: `members[value eq "${admin.id}"]` }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const [u] = await t.deps.db.select().from(users).where(eq(users.id, admin.id));
    expect(u?.companyRole).toBe('reviewer');
    expect((await get(null, '/api/tests', { authorization: `Bearer ${token}` })).statusCode).toBe(401);
  });
});

describe('the owner role stays manual', () => {
  it('SCIM cannot deactivate, delete, re-address or regroup an owner', async () => {
    const id = a.owner.id;
    const cases = [
      await a.scim('PATCH', `/Users/${id}`, deactivate),
      await a.scim('DELETE', `/Users/${id}`),
      await a.scim('PATCH', `/Users/${id}`, {
        schemas: [PATCH],
        Operations: [{ op: 'replace', path: 'userName', value: 'taken.over@example.test' }],
      }),
      await a.scim('PATCH', '/Groups/reviewer', {
        schemas: [PATCH],
        Operations: [{ op: 'add', path: 'members', value: [{ value: id }] }],
      }),
      await a.scim('PATCH', '/Groups/owner', { schemas: [PATCH], Operations: [{ op: 'remove', path: 'members' }] }),
    ];
    for (const res of cases) expect([res.statusCode, res.json().scimType], res.body).toEqual([400, 'mutability']);
    const [u] = await t.deps.db.select().from(users).where(eq(users.id, id));
    expect([u?.email, u?.companyRole, u?.companyId]).toEqual([a.owner.email, 'owner', a.owner.companyId]);
    expect((await get(a.owner.cookie, '/api/users/me')).statusCode).toBe(200);
  });
});

describe('tenancy and tokens', () => {
  it("another company's user is a 404 SCIM error for every method, and nothing changes", async () => {
    const id = a.owner.id;
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { schemas: [], userName: 'x@example.test' }],
      ['PATCH', deactivate],
      ['DELETE', undefined],
    ] as const) {
      const res = await b.scim(method, `/Users/${id}`, body);
      expect([res.statusCode, res.json().schemas[0], res.json().status], `${method} ${res.body}`).toEqual([
        404,
        'urn:ietf:params:scim:api:messages:2.0:Error',
        '404',
      ]);
    }
    const list = await b.scim('GET', `/Users?filter=${encodeURIComponent(`userName eq "${a.owner.email}"`)}`);
    expect(list.json().totalResults).toBe(0);
    expect((await get(a.owner.cookie, '/api/users/me')).statusCode).toBe(200);
  });

  it('no token, a wrong token, an API token or a session cookie: 401 in the SCIM error shape', async () => {
    const apiToken = (
      await t.as(a.owner).post('/api/companies/api-tokens', { name: 'x', scopes: ['tests:read'] })
    ).json().token as string;
    const answers = [
      await scimRequest(t, null, 'GET', '/Users'),
      await scimRequest(t, 'asly_scim_wrong', 'GET', '/Users'),
      await scimRequest(t, apiToken, 'GET', '/Users'),
      await t.app.inject({ method: 'GET', url: '/scim/v2/Users', headers: { cookie: a.owner.cookie } }),
      await scimRequest(t, null, 'GET', '/ServiceProviderConfig'),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(res.headers['content-type']).toContain('application/scim+json');
      expect(res.headers['www-authenticate']).toContain('Bearer');
      expect(res.json()).toMatchObject({ schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'], status: '401' });
    }
  });

  it('the token is shown once, stored as its SHA-256, rotated (the old one stops) and revoked', async () => {
    const c = await scimCompany(t);
    const settings = await t.as(c.owner).get('/api/companies/scim');
    expect(settings.json()).toMatchObject({ hasToken: true, baseUrl: 'http://localhost:3000/scim/v2' });
    expect(settings.body).not.toContain(c.token);
    const [row] = await t.deps.db.select().from(scimTokens).where(eq(scimTokens.companyId, c.owner.companyId!));
    expect(row?.tokenHash).toBe(hashToken(c.token));

    const rotated = await t.as(c.owner).post('/api/companies/scim/token', {});
    expect(rotated.statusCode).toBe(201);
    expect(rotated.headers['cache-control']).toBe('no-store');
    const fresh = rotated.json().token as string;
    expect(fresh).toMatch(/^asly_scim_/);
    expect((await scimRequest(t, c.token, 'GET', '/Users')).statusCode).toBe(401);
    expect((await scimRequest(t, fresh, 'GET', '/Users')).statusCode).toBe(200);

    expect((await t.as(c.owner).delete('/api/companies/scim/token')).statusCode).toBe(200);
    expect((await scimRequest(t, fresh, 'GET', '/Users')).statusCode).toBe(401);
    expect((await t.as(c.owner).get('/api/companies/scim')).json().hasToken).toBe(false);
    expect((await t.as(c.owner).delete('/api/companies/scim/token')).statusCode).toBe(404);
  });

  it('an admin manages the token; a recruiter, a reviewer and a candidate may not', async () => {
    const admin = await joinAs(t, a.owner, 'admin');
    const recruiter = await joinAs(t, a.owner, 'recruiter');
    const reviewer = await joinAs(t, a.owner, 'reviewer');
    const candidate = await t.signIn();
    expect((await t.as(admin).get('/api/companies/scim')).statusCode).toBe(200);
    for (const who of [recruiter, reviewer, candidate]) {
      expect((await t.as(who).get('/api/companies/scim')).statusCode).toBe(403);
      expect((await t.as(who).post('/api/companies/scim/token', {})).statusCode).toBe(403);
      expect((await t.as(who).delete('/api/companies/scim/token')).statusCode).toBe(403);
    }
    // the company's token still works: nobody above rotated it
    expect((await a.scim('GET', '/Users?count=1')).statusCode).toBe(200);
  });
});

describe('audit and accounts', () => {
  it('every change through SCIM is in the audit log with source scim', async () => {
    const c = await scimCompany(t);
    const made = await c.scim('POST', '/Users', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName: `audited.${Date.now()}@example.test`,
      name: { givenName: 'Au', familyName: 'Dited' },
    });
    const id = made.json().id as string;
    await c.scim('PATCH', `/Users/${id}`, {
      schemas: [PATCH],
      Operations: [{ op: 'replace', path: 'name.givenName', value: 'Audi' }],
    });
    await c.scim('PATCH', '/Groups/recruiter', {
      schemas: [PATCH],
      Operations: [{ op: 'add', path: 'members', value: [{ value: id }] }],
    });
    await c.scim('PATCH', `/Users/${id}`, deactivate);
    await c.scim('PATCH', `/Users/${id}`, {
      schemas: [PATCH],
      Operations: [{ op: 'replace', path: 'active', value: true }],
    });
    await c.scim('DELETE', `/Users/${id}`);
    // a refused change is no change: not on record
    await c.scim('PATCH', `/Users/${c.owner.id}`, deactivate);
    const rows = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, c.owner.companyId!), eq(auditLog.targetId, id)));
    expect(rows.map((r) => r.action).sort()).toEqual(
      [
        'member.deactivated',
        'member.joined',
        'member.reactivated',
        'member.removed',
        'member.role_changed',
        'member.updated',
      ].sort(),
    );
    for (const r of rows) expect(r.detail).toMatchObject({ source: 'scim' });
    const owner = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, c.owner.companyId!), eq(auditLog.targetId, c.owner.id)));
    expect(owner.filter((r) => (r.detail as { source?: string }).source === 'scim')).toEqual([]);
    const page = await t.as(c.owner).get('/api/companies/audit?action=member.joined');
    expect(page.json().entries[0].detail).toMatchObject({ source: 'scim', role: 'reviewer' });
  });

  it('a member made through SCIM has no password and signs in after a reset link', async () => {
    const email = `provisioned.${Date.now()}@example.test`;
    const made = await a.scim('POST', '/Users', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName: email,
      name: { givenName: 'Pro', familyName: 'Visioned' },
      password: 'Passw0rd!x',
    });
    expect(made.statusCode).toBe(201);
    // the password the provider sent is not theirs
    expect((await t.as(null).post('/api/users/login', { email, password: 'Passw0rd!x' })).statusCode).toBe(401);
    await t.as(null).post('/api/users/forgot-password', { email });
    const token = await tokenFromOutbox(t.deps.database.query.bind(t.deps.database), email, '/reset-password');
    expect((await t.as(null).post('/api/users/reset-password', { token, password: 'Chosen-2-self' })).statusCode).toBe(
      200,
    );
    const login = await t.as(null).post('/api/users/login', { email, password: 'Chosen-2-self' });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ companyId: a.owner.companyId, role: 'employer' });
  });

  it('an address that already has an account is not taken over', async () => {
    const candidate = await t.signIn();
    const res = await a.scim('POST', '/Users', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName: candidate.email.toUpperCase(),
    });
    expect([res.statusCode, res.json().scimType]).toEqual([409, 'uniqueness']);
    const [u] = await t.deps.db.select().from(users).where(eq(users.id, candidate.id));
    expect([u?.role, u?.companyId]).toEqual(['candidate', null]);
  });
});
