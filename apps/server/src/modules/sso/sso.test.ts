/**
 * Single sign-on against a real OpenID Connect provider on 127.0.0.1, tested from the attacker's side: the
 * provider is the attacker's (it asserts whatever email it likes), the DNS proof goes through a resolver this
 * file controls, and a browser is a cookie header.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, type SignedInUser, sessionCookie, uniqueEmail } from '../../../test/factories';
import { cookieNamed, signInAtProvider, startOidcProvider, type TestProvider } from '../../../test/fixtures/oidc';
import { joinAs } from '../../../test/fixtures/team';
import { useTestApp } from '../../../test/support';
import { apiTokens, ssoConnections, ssoIdentities, users } from '../../db/schema';

const PUBLIC_URL = 'http://assessly.test';
const STATE = 'assessly_sso_state';

let idp: TestProvider;
let owner: SignedInUser;
let domain: string;
/** The DNS this file controls: TXT records by host name. */
const txt = new Map<string, string[][]>();

beforeAll(async () => {
  idp = await startOidcProvider(PUBLIC_URL);
});
afterAll(() => idp.close());
const t = useTestApp({
  resolveTxt: async (host) => {
    const found = txt.get(host);
    if (!found) throw Object.assign(new Error(`queryTxt ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return found;
  },
});
beforeAll(async () => {
  t.deps.config.publicUrl = PUBLIC_URL;
  t.deps.config.webhookAllowPrivate = true;
  domain = `acme${Date.now().toString(36)}.test`;
  owner = await createSignedInUser(t.app, { role: 'employer', email: `boss@${domain}` });
});

function settings(over: Record<string, unknown> = {}) {
  return {
    issuer: idp.issuer,
    clientId: idp.client.client_id,
    clientSecret: idp.client.client_secret,
    emailDomain: domain,
    currentPassword: owner.password,
    ...over,
  };
}

/** A browser: signs in at the provider as `account` and comes back, carrying the state cookie unless told. */
async function ssoSignIn(email: string, account = email, opts: { carryCookie?: boolean } = {}) {
  const start = await t.as(null).get(`/api/auth/sso/start?email=${encodeURIComponent(email)}`);
  expect(start.statusCode).toBe(302);
  const state = cookieNamed(start, STATE);
  expect(state).not.toBeNull();
  const back = await signInAtProvider(PUBLIC_URL, start.headers.location as string, account);
  expect(back.pathname).toBe('/api/auth/sso/callback');
  const cookie = opts.carryCookie === false ? '' : state!;
  return t.as({ cookie }).get(`${back.pathname}${back.search}`);
}

describe('who may set up single sign-on', () => {
  it('an admin may not point the company at a provider; only the owner', async () => {
    const admin = await joinAs(t, owner, 'admin');
    const res = await t.as(admin).put('/api/companies/sso', settings({ currentPassword: admin.password }));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/Setting up single sign-on needs the owner role/);
    const proof = await t.as(admin).post('/api/companies/sso/verify-domain', {});
    expect(proof.statusCode).toBe(403);
  });

  it('an unverified owner may not, whatever the domain', async () => {
    const d = `fresh${Date.now().toString(36)}.test`;
    const fresh = await createSignedInUser(t.app, { role: 'employer', email: `o@${d}`, verified: false });
    const res = await t
      .as(fresh)
      .put('/api/companies/sso', settings({ emailDomain: d, currentPassword: fresh.password }));
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('EMAIL_NOT_VERIFIED');
  });

  it('needs the password typed again (a stolen session alone is not enough)', async () => {
    const res = await t.as(owner).put('/api/companies/sso', settings({ currentPassword: 'not-my-password' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ currentPassword: 'Not your password' });
    const missing = await t.as(owner).put('/api/companies/sso', { ...settings(), currentPassword: undefined });
    expect(missing.statusCode).toBe(400);
  });

  it('refuses free-mail domains outright, even for an owner whose own address is one', async () => {
    const gmailOwner = await createSignedInUser(t.app, { role: 'employer', email: `o${Date.now()}@gmail.com` });
    const res = await t
      .as(gmailOwner)
      .put('/api/companies/sso', settings({ emailDomain: 'gmail.com', currentPassword: gmailOwner.password }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.emailDomain).toMatch(/own domain/);
    expect((await t.as(owner).put('/api/companies/sso', settings({ emailDomain: 'other.test' }))).statusCode).toBe(400);
  });

  it('refuses a private issuer unless outbound private calls are allowed', async () => {
    t.deps.config.webhookAllowPrivate = false;
    try {
      expect((await t.as(owner).put('/api/companies/sso', settings())).json().code).toBe('SSO_FAILED');
      // A name that resolves to loopback is refused by the connection's own lookup (no second resolution).
      const byName = await t
        .as(owner)
        .put('/api/companies/sso', settings({ issuer: idp.issuer.replace('127.0.0.1', 'localhost') }));
      expect(byName.json()).toMatchObject({ code: 'SSO_FAILED' });
      expect(byName.json().message).toMatch(/private address/);
    } finally {
      t.deps.config.webhookAllowPrivate = true;
    }
  });
});

describe('domain proof', () => {
  it('saves unproven: nobody is redirected until the TXT record is found', async () => {
    const res = await t.as(owner).put('/api/companies/sso', settings());
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(idp.client.client_secret);
    const saved = res.json();
    expect(saved).toMatchObject({ domainVerified: false, domainRecordName: `_assessly-challenge.${domain}` });
    expect((await t.as(null).get(`/api/auth/sso/discover?email=new@${domain}`)).json()).toEqual({ sso: false });
    expect((await t.as(null).get(`/api/auth/sso/start?email=new@${domain}`)).statusCode).toBe(404);

    // A wrong record, then the right one (split in two strings, as DNS may deliver a long value).
    txt.set(saved.domainRecordName, [['assessly-domain-verification=someone-elses']]);
    const wrong = await t.as(owner).post('/api/companies/sso/verify-domain', {});
    expect(wrong.statusCode).toBe(422);
    const value: string = saved.domainRecordValue;
    txt.set(saved.domainRecordName, [['v=spf1 -all'], [value.slice(0, 10), value.slice(10)]]);
    const proven = await t.as(owner).post('/api/companies/sso/verify-domain', {});
    expect(proven.statusCode).toBe(200);
    expect(proven.json().domainVerified).toBe(true);
    expect((await t.as(null).get(`/api/auth/sso/discover?email=new@${domain}`)).json()).toMatchObject({ sso: true });
  });

  it('keeps the proof when the same domain is saved again (only a new domain starts unproven)', async () => {
    const other = `acme-other${Date.now().toString(36)}.test`;
    const mover = await createSignedInUser(t.app, { role: 'employer', email: `m@${other}` });
    const put = (d: string) =>
      t.as(mover).put('/api/companies/sso', settings({ emailDomain: d, currentPassword: mover.password }));
    const first = (await put(other)).json();
    txt.set(first.domainRecordName, [[first.domainRecordValue]]);
    expect((await t.as(mover).post('/api/companies/sso/verify-domain', {})).json().domainVerified).toBe(true);
    expect((await put(other)).json().domainVerified).toBe(true);
  });
});

describe('sign-in from the attacker’s side', () => {
  // Issue 23: discovery and the start of a sign-in answer by domain alone, so they cannot tell that an address
  // has an account outside the company; who is signed in is decided once the provider answered.
  it('discovery and start answer alike for a member, a new address and a candidate of the proven domain', async () => {
    const candidate = await createSignedInUser(t.app, { role: 'candidate', email: `cand.${Date.now()}@${domain}` });
    const fresh = `nobody.${Date.now()}@${domain}`;
    const answers = [];
    for (const email of [candidate.email, fresh, owner.email]) {
      const found = await t.as(null).get(`/api/auth/sso/discover?email=${encodeURIComponent(email)}`);
      expect(found.statusCode).toBe(200);
      const start = await t.as(null).get(`/api/auth/sso/start?email=${encodeURIComponent(email)}`);
      answers.push([found.json().sso, start.statusCode, new URL(start.headers.location as string).origin]);
    }
    expect(answers).toEqual([answers[0], answers[0], answers[0]]);
    expect(answers[0]!.slice(0, 2)).toEqual([true, 302]);
    // The candidate who goes through the provider is not signed in: their account keeps its password.
    const res = await ssoSignIn(candidate.email, `idp:${candidate.email}`);
    expect(res.headers.location).toBe('/login?ssoError=outside_company');
    expect(cookieNamed(res, 'assessly_session')).toBeNull();
    const me = await t.as(candidate).get('/api/users/me');
    expect(me.json().role).toBe('candidate');
    // Another domain is not offered single sign-on at all.
    const other = await t.as(null).get('/api/auth/sso/discover?email=someone%40elsewhere.test');
    expect(other.json()).toEqual({ sso: false });
  });

  it('never links by email: the provider asserting the owner’s address does not sign in as the owner', async () => {
    // The provider's account "evil:boss@…" has its own subject and claims the owner's verified email.
    const res = await ssoSignIn(owner.email, `evil:${owner.email}`);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?ssoError=link_required');
    expect(cookieNamed(res, 'assessly_session')).toBeNull();
  });

  it('a member cannot link a provider account whose email is not their own (issue 42)', async () => {
    const identities = () => t.deps.db.select().from(ssoIdentities).where(eq(ssoIdentities.userId, owner.id));
    const before = (await identities()).length;
    const link = await t.as(owner).post('/api/auth/sso/link', {});
    const state = cookieNamed(link, STATE)!;
    const back = await signInAtProvider(PUBLIC_URL, link.json().url, `idp:colleague.${Date.now()}@${domain}`);
    const done = await t.as({ cookie: `${owner.cookie}; ${state}` }).get(`${back.pathname}${back.search}`);
    expect(done.headers.location).toBe('/login?ssoError=email_mismatch');
    expect((await identities()).length).toBe(before);
  });

  it('a member links their identity from their own session; then the provider signs them in', async () => {
    const link = await t.as(owner).post('/api/auth/sso/link', {});
    expect(link.statusCode).toBe(200);
    const state = cookieNamed(link, STATE)!;
    const back = await signInAtProvider(PUBLIC_URL, link.json().url, `idp:${owner.email}`);
    const done = await t.as({ cookie: `${owner.cookie}; ${state}` }).get(`${back.pathname}${back.search}`);
    expect(done.headers.location).toBe('/admin/settings/sso?linked=1');

    const again = await ssoSignIn(owner.email, `idp:${owner.email}`);
    expect(again.headers.location).toBe('/admin');
    const me = await t.as({ cookie: sessionCookie(again) }).get('/api/users/me');
    expect(me.json()).toMatchObject({ id: owner.id });
    // Another provider account with the same email still gets nothing.
    expect((await ssoSignIn(owner.email, `other:${owner.email}`)).headers.location).toBe(
      '/login?ssoError=link_required',
    );
    const audit = (await t.as(owner).get('/api/companies/audit?pageSize=200')).json();
    expect(audit.entries.some((e: { action: string }) => e.action === 'sso.identity_linked')).toBe(true);
  });

  it('creates a new address just in time, not as a verified sender', async () => {
    const email = `new.member.${Date.now().toString(36)}@${domain}`;
    const res = await ssoSignIn(email);
    expect(res.headers.location).toBe('/admin');
    const member = { cookie: sessionCookie(res) };
    const me = await t.as(member).get('/api/users/me');
    expect(me.json()).toMatchObject({ email, role: 'employer', companyId: owner.companyId, companyRole: 'recruiter' });
    const [row] = await t.deps.db.select().from(users).where(eq(users.email, email));
    expect(row!.emailVerifiedAt).toBeNull();
    const test = await t.as(member).post('/api/tests/create', {
      testName: 'T',
      testType: 'CODING',
      duration: 30,
    });
    const invite = await t.as(member).post('/api/invitations', { testId: test.json().id, emails: [uniqueEmail('c')] });
    expect(invite.statusCode).toBe(403);
    expect(invite.json().code).toBe('EMAIL_NOT_VERIFIED');
    // Signing in again reuses the account, found by (issuer, subject).
    expect((await ssoSignIn(email)).headers.location).toBe('/admin');
    expect(await t.deps.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it('refuses a provider that does not assert email_verified, or says false', async () => {
    const silent = `silent.${Date.now().toString(36)}@${domain}`;
    idp.claims.set(silent, { email_verified: undefined });
    expect((await ssoSignIn(silent)).headers.location).toBe('/login?ssoError=unverified');
    const no = `no.${Date.now().toString(36)}@${domain}`;
    idp.claims.set(no, { email_verified: false });
    expect((await ssoSignIn(no)).headers.location).toBe('/login?ssoError=unverified');
    expect(await t.deps.db.select().from(users).where(eq(users.email, silent))).toHaveLength(0);
  });

  it('binds the callback to the browser that started it (login CSRF) and uses each state once', async () => {
    const email = `csrf.${Date.now().toString(36)}@${domain}`;
    const carried = await ssoSignIn(email, email, { carryCookie: false });
    expect(carried.headers.location).toBe('/login?ssoError=browser');
    expect(cookieNamed(carried, 'assessly_session')).toBeNull();

    const start = await t.as(null).get(`/api/auth/sso/start?email=${encodeURIComponent(email)}`);
    const state = cookieNamed(start, STATE)!;
    const back = await signInAtProvider(PUBLIC_URL, start.headers.location as string, email);
    expect((await t.as({ cookie: state }).get(`${back.pathname}${back.search}`)).headers.location).toBe('/admin');
    const replay = await t.as({ cookie: state }).get(`${back.pathname}${back.search}`);
    expect(replay.headers.location).toBe('/login?ssoError=expired');
  });
});

describe('roles that hold', () => {
  it('an unverified member grants no roles', async () => {
    const d = `unv${Date.now().toString(36)}.test`;
    const unverifiedOwner = await createSignedInUser(t.app, { role: 'employer', email: `o@${d}`, verified: false });
    const res = await t.as(unverifiedOwner).put(`/api/companies/members/${unverifiedOwner.id}`, { role: 'admin' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('EMAIL_NOT_VERIFIED');
  });

  it('a revoked token stays revoked when its creator is promoted again', async () => {
    const admin = await joinAs(t, owner, 'admin');
    const made = await t.as(admin).post('/api/companies/api-tokens', { name: 'ci', scopes: ['tests:read'] });
    expect(made.statusCode).toBe(201);
    const bearer = { authorization: `Bearer ${made.json().token}` };
    expect((await t.app.inject({ method: 'GET', url: '/api/tests', headers: bearer })).statusCode).toBe(200);
    await t.as(owner).put(`/api/companies/members/${admin.id}`, { role: 'reviewer' });
    await t.as(owner).put(`/api/companies/members/${admin.id}`, { role: 'admin' });
    expect((await t.app.inject({ method: 'GET', url: '/api/tests', headers: bearer })).statusCode).toBe(401);
    const [row] = await t.deps.db.select().from(apiTokens).where(eq(apiTokens.createdBy, admin.id));
    expect(row!.revokedAt).not.toBeNull();
  });
});

describe('secrets at rest', () => {
  it('stores the SSO client secret sealed, never as typed', async () => {
    const [row] = await t.deps.db.select().from(ssoConnections).where(eq(ssoConnections.companyId, owner.companyId!));
    expect(row!.clientSecret).not.toContain(idp.client.client_secret);
    expect(row!.clientSecret.startsWith('enc:v1:')).toBe(true);
  });
});
