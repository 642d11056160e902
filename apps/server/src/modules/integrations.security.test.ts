/**
 * Security matrix of the integration routes (issue 14): every route × every kind of caller — nobody, a
 * candidate, a recruiter of the company, the admin of another company, and an API token holding every scope.
 * Only the company's owners/admins get through; the other company sees 404 for the company's objects.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessionCookie } from '../../test/factories';
import { useSignedIn, useTestApp } from '../../test/support';
import { users } from '../db/schema';

const t = useTestApp();
const admin = useSignedIn(t, { role: 'employer' });
const recruiter = useSignedIn(t, { role: 'employer' });
const rival = useSignedIn(t, { role: 'employer' });
const candidate = useSignedIn(t);
let token: string;
let tokenId: string;
let webhookId: string;

type Caller = 'anonymous' | 'candidate' | 'recruiter' | 'rival' | 'token';

beforeAll(async () => {
  t.deps.config.webhookAllowPrivate = true;
  // The recruiter joins the admin's company.
  await t.deps.db
    .update(users)
    .set({ companyId: admin.companyId, companyRole: 'recruiter' })
    .where(eq(users.id, recruiter.id));
  const login = await t.as(null).post('/api/users/login', { email: recruiter.email, password: recruiter.password });
  recruiter.cookie = sessionCookie(login);
  const created = await t
    .as(admin)
    .post('/api/companies/api-tokens', { name: 'all', scopes: ['tests:read', 'invitations:write', 'results:read'] });
  ({ id: tokenId, token } = created.json());
  const hook = await t
    .as(admin)
    .post('/api/companies/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['attempt.started'] });
  webhookId = hook.json().id;
});

function headers(caller: Caller): Record<string, string> {
  if (caller === 'anonymous') return {};
  if (caller === 'token') return { authorization: `Bearer ${token}` };
  return { cookie: { candidate, recruiter, rival }[caller].cookie };
}

const ROUTES: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: () => string; body?: unknown; owned?: boolean }[] = [
  { method: 'GET', url: () => '/api/companies/audit' },
  { method: 'GET', url: () => '/api/companies/audit.csv' },
  { method: 'GET', url: () => '/api/companies/api-tokens' },
  { method: 'POST', url: () => '/api/companies/api-tokens', body: { name: 'x', scopes: ['tests:read'] } },
  { method: 'DELETE', url: () => `/api/companies/api-tokens/${tokenId}`, owned: true },
  { method: 'GET', url: () => '/api/companies/webhooks' },
  {
    method: 'POST',
    url: () => '/api/companies/webhooks',
    body: { url: 'http://127.0.0.1:9/', events: ['attempt.started'] },
  },
  { method: 'DELETE', url: () => `/api/companies/webhooks/${webhookId}`, owned: true },
  { method: 'GET', url: () => `/api/companies/webhooks/${webhookId}/deliveries`, owned: true },
  { method: 'GET', url: () => '/api/companies/retention' },
  { method: 'PUT', url: () => '/api/companies/retention', body: { framesDays: 1, codeDays: 1, personalDays: 1 } },
  { method: 'DELETE', url: () => `/api/companies/candidates/${candidate.id}/data`, owned: true },
  { method: 'GET', url: () => '/api/companies/sso' },
  { method: 'POST', url: () => '/api/companies/sso/verify-domain', owned: true },
  {
    method: 'PUT',
    url: () => '/api/companies/sso',
    body: { issuer: 'http://127.0.0.1:9/', clientId: 'x', clientSecret: 'y', emailDomain: 'example.test' },
  },
  // SCIM provisioning (issue 45): the rival manages its own company's token
  { method: 'GET', url: () => '/api/companies/scim' },
  { method: 'POST', url: () => '/api/companies/scim/token', body: {} },
  { method: 'DELETE', url: () => '/api/companies/scim/token' },
  // ATS connectors (issue 45): the rival configures its own company's connector
  { method: 'GET', url: () => '/api/companies/ats' },
  { method: 'PUT', url: () => '/api/companies/ats/greenhouse', body: { enabled: true } },
  { method: 'GET', url: () => '/api/companies/ats/deliveries' },
  { method: 'DELETE', url: () => '/api/companies/ats/lever', owned: true },
];

describe('integration routes × callers', () => {
  for (const route of ROUTES) {
    const path = /["'`](.*)["'`]/.exec(route.url.toString())?.[1]?.replace(/\$\{[^}]+\}/g, ':id');
    it(`${route.method} ${path}`, async () => {
      const expected: Record<Caller, number[]> = {
        anonymous: [401],
        candidate: [403],
        recruiter: [403],
        // Another company's admin passes the role gate, but never reaches this company's objects.
        rival: route.owned ? [404] : [200, 201, 400, 401],
        token: [403],
      };
      for (const caller of Object.keys(expected) as Caller[]) {
        const res = await t.app.inject({
          method: route.method,
          url: route.url(),
          headers: headers(caller),
          ...(route.body ? { payload: route.body } : {}),
        });
        expect(expected[caller], `${caller}: ${res.statusCode} ${res.body.slice(0, 120)}`).toContain(res.statusCode);
      }
    });
  }

  it("the token and webhook are still the admin's after all of that", async () => {
    const tokens = await t.as(admin).get('/api/companies/api-tokens');
    expect(tokens.json().find((x: { id: string }) => x.id === tokenId).revokedAt).toBeNull();
    const hooks = await t.as(admin).get('/api/companies/webhooks');
    expect(hooks.json().map((h: { id: string }) => h.id)).toContain(webhookId);
  });

  it('DELETE /api/users/me refuses API tokens', async () => {
    const res = await t
      .as(null)
      .request('DELETE', '/api/users/me', { password: admin.password }, { authorization: `Bearer ${token}` });
    expect(res.statusCode).toBe(403);
  });
});
