/**
 * SAML 2.0 single sign-on (issue 45) against a real identity provider on 127.0.0.1 (samlify's IdP side), through
 * the server listening on a real port: the IdP reads our SP metadata by URL, takes the AuthnRequest our start
 * route redirects to, and the "browser" posts the IdP's form to the ACS over HTTP with the IdP's Origin, as a
 * browser does. Tested from the attacker's side: the IdP (or a stolen-key signer) asserts whatever it is told,
 * and every refusal must leave no session, no account and no identity behind.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, type SignedInUser } from '../../../test/factories';
import { signInAtIdp, startSamlIdp, type TestSamlIdp } from '../../../test/fixtures/saml-idp';
import { joinAs } from '../../../test/fixtures/team';
import { useTestApp } from '../../../test/support';
import { auditLog, samlAssertions, ssoIdentities, users } from '../../db/schema';

const REQUEST_COOKIE = 'assessly_saml_request';
let publicUrl = '';
let idp: TestSamlIdp;
let owner: SignedInUser;
let domain: string;
const txt = new Map<string, string[][]>();

const t = useTestApp({
  resolveTxt: async (host) => {
    const found = txt.get(host);
    if (!found) throw Object.assign(new Error(`queryTxt ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return found;
  },
});
beforeAll(async () => {
  publicUrl = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1');
  t.deps.config.publicUrl = publicUrl;
  t.deps.config.webhookAllowPrivate = true;
  domain = `saml${Date.now().toString(36)}.test`;
  owner = await createSignedInUser(t.app, { role: 'employer', email: `boss@${domain}` });
  idp = await startSamlIdp(() => `${publicUrl}/api/auth/saml/${owner.companyId}/metadata`);
});
afterAll(() => idp.close());

function settings(over: Record<string, unknown> = {}) {
  return { metadataUrl: idp.metadataUrl, emailDomain: domain, currentPassword: owner.password, ...over };
}

function setCookies(res: Response): string[] {
  return res.headers.getSetCookie();
}
function cookieOf(res: { headers: Record<string, unknown> }, name: string): string | null {
  const raw = res.headers['set-cookie'];
  const all = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
  const found = all.find((c) => c.startsWith(`${name}=`) && !c.startsWith(`${name}=;`));
  return found ? found.split(';')[0]! : null;
}

/** Posts the IdP's form to the ACS as the browser does: real HTTP, the IdP's Origin, the browser's cookie. */
async function postToAcs(action: string, samlResponse: string, cookie: string) {
  const res = await fetch(action, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: idp.url, cookie },
    body: new URLSearchParams({ SAMLResponse: samlResponse }).toString(),
  });
  const session = setCookies(res).find((c) => c.startsWith('assessly_session=') && !c.startsWith('assessly_session=;'));
  return { status: res.status, location: res.headers.get('location'), session: session?.split(';')[0] ?? null };
}

/** Starts at our server (as the sign-in page does), signs in at the IdP as `account`, and returns the IdP's form. */
async function startAndAnswer(email: string, account = email) {
  const start = await t.as(null).get(`/api/auth/sso/start?email=${encodeURIComponent(email)}`);
  expect(start.statusCode).toBe(302);
  const cookie = cookieOf(start, REQUEST_COOKIE);
  expect(cookie).not.toBeNull();
  const form = await signInAtIdp(start.headers.location as string, account);
  expect(form.action).toBe(`${publicUrl}/api/auth/saml/${owner.companyId}/acs`);
  return { ...form, cookie: cookie! };
}

async function samlSignIn(email: string, account = email) {
  const form = await startAndAnswer(email, account);
  return { ...(await postToAcs(form.action, form.samlResponse, form.cookie)), form };
}

const usersWith = (email: string) => t.deps.db.select().from(users).where(eq(users.email, email));
const fresh = (label: string) =>
  `${label}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@${domain}`;

/** A refusal: back to the sign-in page with the reason, no session, no account for the asserted address. */
async function expectRefused(
  res: { status: number; location: string | null; session: string | null },
  reason: string,
  email?: string,
) {
  expect(res.status).toBe(303);
  expect(res.location).toBe(`/login?ssoError=${reason}`);
  expect(res.session).toBeNull();
  if (email) expect(await usersWith(email)).toHaveLength(0);
}

describe('setting up SAML', () => {
  it('is the owner’s, with the password typed again; an admin may not', async () => {
    const admin = await joinAs(t, owner, 'admin');
    const res = await t.as(admin).put('/api/companies/sso/saml', settings({ currentPassword: admin.password }));
    expect(res.statusCode).toBe(403);
    const wrong = await t.as(owner).put('/api/companies/sso/saml', settings({ currentPassword: 'nope-nope' }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ currentPassword: 'Not your password' });
  });

  it('refuses bad input: both or neither metadata source, malformed metadata, the owner role, a foreign domain', async () => {
    const both = await t.as(owner).put('/api/companies/sso/saml', settings({ metadataXml: idp.metadataXml }));
    expect(both.statusCode).toBe(400);
    const neither = await t.as(owner).put('/api/companies/sso/saml', settings({ metadataUrl: undefined }));
    expect(neither.statusCode).toBe(400);
    const broken = await t
      .as(owner)
      .put('/api/companies/sso/saml', settings({ metadataUrl: undefined, metadataXml: '<EntityDescriptor><oops' }));
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toMatch(/not well-formed/);
    const noCert = idp.metadataXml.replace(/<(\w+:)?KeyDescriptor[\s\S]*?<\/(\w+:)?KeyDescriptor>/g, '');
    const certless = await t
      .as(owner)
      .put('/api/companies/sso/saml', settings({ metadataUrl: undefined, metadataXml: noCert }));
    expect(certless.statusCode).toBe(400);
    expect(certless.json().message).toMatch(/signing certificate/);
    const doctype = `<!DOCTYPE x [<!ENTITY a "aaaa">]>${idp.metadataXml}`;
    expect(
      (await t.as(owner).put('/api/companies/sso/saml', settings({ metadataUrl: undefined, metadataXml: doctype })))
        .statusCode,
    ).toBe(400);
    const asOwner = await t.as(owner).put('/api/companies/sso/saml', settings({ defaultRole: 'owner' }));
    expect(asOwner.statusCode).toBe(400);
    const foreign = await t.as(owner).put('/api/companies/sso/saml', settings({ emailDomain: 'elsewhere.test' }));
    expect(foreign.statusCode).toBe(400);
    // Nothing was saved by any of them.
    expect((await t.as(owner).get('/api/companies/sso')).json()).toBeNull();
  });

  it('refuses a metadata URL on a private address unless outbound private calls are allowed', async () => {
    t.deps.config.webhookAllowPrivate = false;
    try {
      const res = await t.as(owner).put('/api/companies/sso/saml', settings());
      expect(res.json()).toMatchObject({ code: 'SSO_FAILED' });
      expect(res.json().message).toMatch(/private address/);
    } finally {
      t.deps.config.webhookAllowPrivate = true;
    }
  });

  it('takes the IdP metadata uploaded, then by URL; serves the SP metadata to download', async () => {
    const uploaded = await t
      .as(owner)
      .put('/api/companies/sso/saml', settings({ metadataUrl: undefined, metadataXml: idp.metadataXml }));
    expect(uploaded.statusCode).toBe(200);
    expect(uploaded.json()).toMatchObject({
      protocol: 'saml',
      domainVerified: false,
      hasSecret: false,
      saml: { idpEntityId: idp.entityId, idpSsoUrl: `${idp.url}/sso`, idpCertCount: 1, metadataUrl: null },
    });
    const byUrl = (await t.as(owner).put('/api/companies/sso/saml', settings())).json();
    expect(byUrl.saml).toMatchObject({
      metadataUrl: idp.metadataUrl,
      acsUrl: `${publicUrl}/api/auth/saml/${owner.companyId}/acs`,
      spEntityId: `${publicUrl}/api/auth/saml/${owner.companyId}/metadata`,
    });
    const sp = await fetch(byUrl.saml.spMetadataUrl);
    expect(sp.status).toBe(200);
    expect(sp.headers.get('content-type')).toMatch(/samlmetadata\+xml/);
    const xml = await sp.text();
    expect(xml).toContain(`entityID="${byUrl.saml.spEntityId}"`);
    expect(xml).toContain(`Location="${byUrl.saml.acsUrl}"`);
    expect(xml).toMatch(/WantAssertionsSigned="true"/);
    // Another company's id (or one without SAML) has no SP metadata.
    const none = await t.as(null).get('/api/auth/saml/00000000-0000-4000-8000-000000000000/metadata');
    expect(none.statusCode).toBe(404);
  });

  it('offers nobody SAML until the domain is proven', async () => {
    const email = fresh('early');
    expect((await t.as(null).get(`/api/auth/sso/discover?email=${encodeURIComponent(email)}`)).json()).toEqual({
      sso: false,
    });
    expect((await t.as(null).get(`/api/auth/sso/start?email=${encodeURIComponent(email)}`)).statusCode).toBe(404);
    // An IdP posting anyway finds no SAML set up: refused before anything is read.
    const res = await postToAcs(`${publicUrl}/api/auth/saml/${owner.companyId}/acs`, 'PHg+PC94Pg==', '');
    await expectRefused(res, 'not_configured', email);

    const saved = (await t.as(owner).get('/api/companies/sso')).json();
    txt.set(saved.domainRecordName, [[saved.domainRecordValue]]);
    const proven = await t.as(owner).post('/api/companies/sso/verify-domain', {});
    expect(proven.json().domainVerified).toBe(true);
    expect((await t.as(null).get(`/api/auth/sso/discover?email=${encodeURIComponent(email)}`)).json()).toMatchObject({
      sso: true,
      protocol: 'saml',
    });
  });
});

describe('signing in through SAML', () => {
  it('creates a new address of the proven domain just in time, through the real ACS, and audits it as SAML', async () => {
    const email = fresh('new');
    const res = await samlSignIn(email);
    expect(res.status).toBe(303);
    expect(res.location).toBe('/admin');
    expect(res.session).not.toBeNull();
    const me = await t.as({ cookie: res.session! }).get('/api/users/me');
    expect(me.json()).toMatchObject({
      email,
      role: 'employer',
      companyId: owner.companyId,
      companyRole: 'recruiter',
      firstName: 'Sam',
    });
    const [row] = await usersWith(email);
    const ids = await t.deps.db.select().from(ssoIdentities).where(eq(ssoIdentities.userId, row!.id));
    expect(ids).toEqual([expect.objectContaining({ issuer: idp.entityId, subject: email })]);
    const entries = await t.deps.db.select().from(auditLog).where(eq(auditLog.targetId, row!.id));
    const byAction = Object.fromEntries(entries.map((e) => [e.action, e.detail]));
    expect(byAction['member.joined']).toMatchObject({ method: 'saml', source: 'saml', role: 'recruiter' });
    expect(byAction['auth.sign_in']).toMatchObject({ method: 'saml', source: 'saml', issuer: idp.entityId });

    // Again: the same account, found by (IdP entity id, NameID).
    const again = await samlSignIn(email);
    expect(again.location).toBe('/admin');
    expect(await usersWith(email)).toHaveLength(1);
  });

  it('refuses an unsigned assertion, and one whose only signature is on the Response', async () => {
    for (const sign of ['none', 'response'] as const) {
      const email = fresh(`unsigned-${sign}`);
      idp.next = { sign };
      const res = await samlSignIn(email);
      if (sign === 'response') expect(Buffer.from(res.form.samlResponse, 'base64').toString()).toContain('Signature');
      await expectRefused(res, 'refused', email);
    }
  });

  it('refuses an assertion signed with a key that is not the IdP’s', async () => {
    const email = fresh('forged');
    idp.next = { attackerKey: true };
    await expectRefused(await samlSignIn(email), 'refused', email);
  });

  it('refuses a wrong audience, a wrong recipient, and an issuer that is not the IdP', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ audience: 'https://another-sp.example/metadata' }, 'refused'],
      [{ recipient: 'https://another-sp.example/acs' }, 'recipient'],
      [{ issuer: 'https://evil-idp.example/metadata' }, 'refused'],
    ];
    for (const [next, reason] of cases) {
      const email = fresh('misaddressed');
      idp.next = next;
      await expectRefused(await samlSignIn(email), reason, email);
    }
  });

  it('refuses an expired assertion, and accepts one within the bounded clock skew', async () => {
    const expired = fresh('expired');
    idp.next = { validForMinutes: -3, issuedMinutesAgo: 10 };
    await expectRefused(await samlSignIn(expired), 'expired', expired);
    // 30 s past its end is within the 60 s skew our clock may have from the IdP's.
    const skewed = fresh('skewed');
    idp.next = { validForMinutes: -0.5, issuedMinutesAgo: 5 };
    expect((await samlSignIn(skewed)).location).toBe('/admin');
  });

  it('refuses a replayed assertion: in the same browser, and after a fresh start', async () => {
    const email = fresh('replay');
    const first = await samlSignIn(email);
    expect(first.location).toBe('/admin');
    const [row] = await usersWith(email);
    const before = (await t.deps.db.select().from(auditLog).where(eq(auditLog.targetId, row!.id))).length;
    await expectRefused(await postToAcs(first.form.action, first.form.samlResponse, first.form.cookie), 'replayed');
    const start = await t.as(null).get(`/api/auth/sso/start?email=${encodeURIComponent(email)}`);
    const newCookie = cookieOf(start, REQUEST_COOKIE)!;
    await expectRefused(await postToAcs(first.form.action, first.form.samlResponse, newCookie), 'replayed');
    expect((await t.deps.db.select().from(auditLog).where(eq(auditLog.targetId, row!.id))).length).toBe(before);
    const kept = await t.deps.db.select().from(samlAssertions).where(eq(samlAssertions.companyId, owner.companyId!));
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.every((k) => k.expiresAt.getTime() > Date.now())).toBe(true);
  });

  it('refuses XML signature wrapping: a signed assertion plus an injected unsigned one', async () => {
    const honest = fresh('honest');
    const victim = fresh('victim');
    const form = await startAndAnswer(honest);
    const xml = Buffer.from(form.samlResponse, 'base64').toString('utf8');
    const signed = /<saml:Assertion[\s\S]*<\/saml:Assertion>/.exec(xml)![0];
    // The evil copy: the victim's address, a new ID, no signature.
    const evil = signed
      .replace(/<ds:Signature[\s\S]*<\/ds:Signature>/, '')
      .replace(/ID="[^"]+"/, 'ID="_evil1"')
      .replaceAll(honest, victim);
    const wrappings = [
      // 1. the injected assertion before the signed one
      xml.replace(signed, `${evil}${signed}`),
      // 2. the signed one hidden in Extensions, the injected one where the assertion belongs
      xml
        .replace(signed, evil)
        .replace('<samlp:Status>', `<samlp:Extensions>${signed}</samlp:Extensions><samlp:Status>`),
      // 3. the injected one nested inside the signed one's Subject... and moved first
      xml.replace(signed, signed.replace('</saml:Subject>', `</saml:Subject>${evil}`)),
    ];
    for (const wrapped of wrappings) {
      const start = await t.as(null).get(`/api/auth/sso/start?email=${encodeURIComponent(honest)}`);
      const cookie = cookieOf(start, REQUEST_COOKIE)!;
      // The request id the wrapped answer carries is the first one's: rebind it to this browser's new request.
      const requestId = decodeURIComponent(cookie.split('=')[1]!);
      const rebound = wrapped.replace(/InResponseTo="[^"]+"/g, `InResponseTo="${requestId}"`);
      const res = await postToAcs(form.action, Buffer.from(rebound).toString('base64'), cookie);
      await expectRefused(res, 'refused', victim);
    }
    expect(await usersWith(honest)).toHaveLength(0);
  });

  it('refuses an address of a domain the company has not proven', async () => {
    const outsider = `someone.${Date.now().toString(36)}@unproven-elsewhere.test`;
    const res = await samlSignIn(fresh('asked'), outsider);
    await expectRefused(res, 'wrong_domain', outsider);
  });

  it('never makes an owner: asserting the owner’s address (and an "owner" role) signs nobody in', async () => {
    idp.attributes.set(owner.email, { role: 'owner', groups: 'owner' });
    const res = await samlSignIn(owner.email);
    await expectRefused(res, 'link_required');
    const me = await t.as(owner).get('/api/users/me');
    expect(me.json().companyRole).toBe('owner');
    const ids = await t.deps.db.select().from(ssoIdentities).where(eq(ssoIdentities.userId, owner.id));
    expect(ids).toHaveLength(0);
    // A new address asserting an owner role gets the company's default role, never the owner's.
    const climber = fresh('climber');
    idp.attributes.set(climber, { role: 'owner', groups: 'owner' });
    const made = await samlSignIn(climber);
    const created = await t.as({ cookie: made.session! }).get('/api/users/me');
    expect(created.json().companyRole).toBe('recruiter');
  });

  it('binds the answer to the browser that started it, and to that request', async () => {
    const email = fresh('csrf');
    const form = await startAndAnswer(email);
    await expectRefused(await postToAcs(form.action, form.samlResponse, ''), 'browser', email);
    // An answer to another request (another browser's) is refused even with a valid cookie of this one.
    const other = await startAndAnswer(email);
    const mine = await t.as(null).get(`/api/auth/sso/start?email=${encodeURIComponent(email)}`);
    await expectRefused(
      await postToAcs(other.action, other.samlResponse, cookieOf(mine, REQUEST_COOKIE)!),
      'refused',
      email,
    );
  });

  it('a member links their own account to the IdP from their session; then SAML signs them in', async () => {
    const link = await t.as(owner).post('/api/auth/sso/link', {});
    expect(link.statusCode).toBe(200);
    const cookie = cookieOf(link, REQUEST_COOKIE)!;
    idp.attributes.delete(owner.email);
    const form = await signInAtIdp(link.json().url, owner.email);
    const done = await postToAcs(form.action, form.samlResponse, `${owner.cookie}; ${cookie}`);
    expect(done.location).toBe('/admin/settings/sso?linked=1');
    const again = await samlSignIn(owner.email);
    expect(again.location).toBe('/admin');
    const me = await t.as({ cookie: again.session! }).get('/api/users/me');
    expect(me.json()).toMatchObject({ id: owner.id, companyRole: 'owner' });
    const audit = (await t.as(owner).get('/api/companies/audit?pageSize=200')).json();
    const linked = audit.entries.find((e: { action: string }) => e.action === 'sso.identity_linked');
    expect(linked.detail).toMatchObject({ source: 'saml', issuer: idp.entityId });
  });
});
