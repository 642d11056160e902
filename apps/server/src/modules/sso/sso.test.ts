/**
 * Single sign-on against a real OpenID Connect provider (oidc-provider) on 127.0.0.1: its development
 * login and consent pages are driven with plain HTTP, exactly as a browser would follow the redirects.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, type SignedInUser, sessionCookie, uniqueEmail } from '../../../test/factories';
import { useTestApp } from '../../../test/support';
import { users } from '../../db/schema';

const PUBLIC_URL = 'http://assessly.test';
const CLIENT = { client_id: 'assessly', client_secret: 'a-long-client-secret-for-tests-0123456789' };

let admin: SignedInUser;
let issuer: string;
let idp: http.Server;
let domain: string;
/** Claims the provider gives each account (the account id is the email). */
const verified = new Map<string, boolean>();

async function startProvider() {
  idp = http.createServer();
  await new Promise<void>((ok) => idp.listen(0, '127.0.0.1', () => ok()));
  issuer = `http://127.0.0.1:${(idp.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        ...CLIENT,
        redirect_uris: [`${PUBLIC_URL}/api/auth/sso/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    findAccount: async (_ctx: unknown, sub: string) => ({
      accountId: sub,
      claims: async () => ({
        sub,
        email: sub,
        email_verified: verified.get(sub) ?? true,
        given_name: 'Sam',
        family_name: 'Sso',
      }),
    }),
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['test-cookie-key-1'] },
  });
  idp.on('request', provider.callback());
}

/** A tiny cookie jar for the provider's interaction cookies. */
class Jar {
  private cookies = new Map<string, string>();
  take(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/** Follows the provider's redirects, logging in as `accountId` and consenting, until it sends us back. */
async function signInAtProvider(authorizationUrl: string, accountId: string): Promise<URL> {
  const jar = new Jar();
  let url = authorizationUrl;
  for (let hop = 0; hop < 12; hop++) {
    if (url.startsWith(PUBLIC_URL)) return new URL(url);
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.take(res);
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get('location')!, url).href;
      continue;
    }
    const html = await res.text();
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    const action = /action="([^"]+)"/.exec(html)?.[1];
    if (!prompt || !action) throw new Error(`unexpected provider page ${res.status}: ${html.slice(0, 200)}`);
    const body = new URLSearchParams({ prompt, login: accountId, password: 'any' });
    const post = await fetch(new URL(action, url), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    jar.take(post);
    url = new URL(post.headers.get('location')!, url).href;
  }
  throw new Error('too many redirects at the provider');
}

beforeAll(startProvider);
afterAll(async () => {
  await new Promise((ok) => idp.close(ok));
});
const t = useTestApp();
beforeAll(async () => {
  t.deps.config.publicUrl = PUBLIC_URL;
  t.deps.config.webhookAllowPrivate = true;
  domain = `acme${Date.now().toString(36)}.test`;
  admin = await createSignedInUser(t.app, { role: 'employer', email: `boss@${domain}` });
});

async function configure(over: Record<string, unknown> = {}) {
  return t.as(admin).put('/api/companies/sso', {
    issuer,
    clientId: CLIENT.client_id,
    clientSecret: CLIENT.client_secret,
    emailDomain: domain,
    ...over,
  });
}

async function ssoSignIn(email: string) {
  const start = await t.as(null).get(`/api/auth/sso/start?email=${encodeURIComponent(email)}`);
  expect(start.statusCode).toBe(302);
  const back = await signInAtProvider(start.headers.location as string, email);
  expect(back.pathname).toBe('/api/auth/sso/callback');
  return t.as(null).get(`${back.pathname}${back.search}`);
}

describe('single sign-on settings', () => {
  it("refuses a domain other than the admin's own, and an unreachable issuer", async () => {
    expect((await configure({ emailDomain: 'gmail.com' })).statusCode).toBe(400);
    const res = await configure({ issuer: 'http://127.0.0.1:9/' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('SSO_FAILED');
  });

  it('refuses a private issuer unless outbound private calls are allowed', async () => {
    t.deps.config.webhookAllowPrivate = false;
    try {
      expect((await configure()).json().code).toBe('SSO_FAILED');
    } finally {
      t.deps.config.webhookAllowPrivate = true;
    }
  });

  it('saves after discovering the provider; the secret is never returned', async () => {
    const res = await configure();
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(CLIENT.client_secret);
    expect(res.json()).toMatchObject({ issuer, emailDomain: domain, defaultRole: 'recruiter', enabled: true });
    const candidate = await createSignedInUser(t.app);
    const refused = await t
      .as(candidate)
      .put('/api/companies/sso', { issuer, clientId: 'x', clientSecret: 'y', emailDomain: domain });
    expect(refused.statusCode).toBe(403);
  });
});

describe('single sign-on', () => {
  it('discovers the provider from the email domain', async () => {
    const yes = await t.as(null).get(`/api/auth/sso/discover?email=new@${domain}`);
    expect(yes.json()).toMatchObject({ sso: true });
    const no = await t.as(null).get('/api/auth/sso/discover?email=someone@elsewhere.test');
    expect(no.json()).toEqual({ sso: false });
  });

  it('signs a new member in through the provider with just-in-time membership and the default role', async () => {
    const email = `new.member.${Date.now().toString(36)}@${domain}`;
    const res = await ssoSignIn(email);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/admin');
    const cookie = sessionCookie(res);
    const me = await t.as({ cookie: cookie }).get('/api/users/me');
    expect(me.json()).toMatchObject({ email, role: 'employer', companyId: admin.companyId, companyRole: 'recruiter' });
    // Signing in again reuses the account.
    const again = await ssoSignIn(email);
    expect(again.statusCode).toBe(302);
    expect(await t.deps.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
    const audit = await t.as(admin).get('/api/companies/audit?pageSize=200');
    expect(
      audit
        .json()
        .entries.some(
          (e: { action: string; detail: { method?: string } }) =>
            e.action === 'auth.sign_in' && e.detail.method === 'sso',
        ),
    ).toBe(true);
  });

  it('never takes over an account outside the company', async () => {
    const email = uniqueEmail('outsider').replace(/@.*/, `@${domain}`);
    await createSignedInUser(t.app, { role: 'candidate', email });
    const res = await ssoSignIn(email);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?ssoError=outside_company');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('refuses unverified emails and replayed states', async () => {
    const email = `unverified.${Date.now().toString(36)}@${domain}`;
    verified.set(email, false);
    expect((await ssoSignIn(email)).headers.location).toBe('/login?ssoError=unverified');
    const start = await t.as(null).get(`/api/auth/sso/start?email=ok.${Date.now().toString(36)}@${domain}`);
    const back = await signInAtProvider(start.headers.location as string, `ok2@${domain}`);
    const first = await t.as(null).get(`${back.pathname}${back.search}`);
    expect(first.statusCode).toBe(302);
    const replay = await t.as(null).get(`${back.pathname}${back.search}`);
    expect(replay.headers.location).toBe('/login?ssoError=expired');
  });

  it('answers 404 for a domain without a provider', async () => {
    const res = await t.as(null).get('/api/auth/sso/start?email=a@nowhere.test');
    expect(res.statusCode).toBe(404);
  });
});
