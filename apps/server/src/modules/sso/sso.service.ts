/**
 * Single sign-on per company: settings (the verified owner, after entering their password again), the DNS
 * proof of the email domain, email-domain discovery, and the sign-in. A provider identity is linked to an
 * account as (issuer, subject): created just in time for a NEW address of the proven domain, or linked by a
 * member from their own signed-in session; an existing account is never matched by email.
 */
import { randomBytes } from 'node:crypto';
import type { TSamlSettings, TSsoSettings } from '@assessly/shared';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { SsoConnectionRow, UserRow } from '../../db/schema';
import { companies, samlAssertions, ssoConnections, ssoIdentities, ssoStates, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import { authorize } from '../../lib/policy';
import { openSecret, requireSecretsKey, sealSecret } from '../../lib/secret-box';
import { recordAudit } from '../audit/audit.service';
import { findUserByEmail, insertUser } from '../users/users.repo';
import { domainRecord, isFreeMailDomain, newDomainToken, proveDomain, systemTxtResolver } from './sso.domain';
import { authorizationUrl, discover, finishAuthorization } from './sso.oidc';
import {
  acsUrl,
  assertionIdsOf,
  authnRequest,
  fetchIdpMetadata,
  type IdpFacts,
  parseIdpMetadata,
  type SamlSp,
  spEntityId,
  spMetadata,
  validateResponse,
} from './sso.saml';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'resolveTxt'>;
const STATE_TTL_MS = 10 * 60_000;
/** A SAML request in flight is kept in sso_states (state = the AuthnRequest id) with this in place of a nonce. */
const SAML_FLOW = 'saml';

export const callbackPath = '/api/auth/sso/callback';
const allowPrivate = (deps: Deps) => !!deps.config.webhookAllowPrivate;

function domainOf(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}

async function connectionOf(db: Db, companyId: string) {
  const [row] = await db.select().from(ssoConnections).where(eq(ssoConnections.companyId, companyId)).limit(1);
  return row ?? null;
}

export async function readSso(deps: Pick<Deps, 'db' | 'config'>, companyId: string) {
  const row = await connectionOf(deps.db, companyId);
  if (!row) return null;
  const {
    clientSecret,
    domainToken,
    domainVerifiedAt,
    samlIdpEntityId,
    samlIdpSsoUrl,
    samlIdpCerts,
    samlMetadataUrl,
    ...rest
  } = row;
  const record = domainRecord(row.emailDomain, domainToken);
  const publicUrl = deps.config.publicUrl;
  return {
    ...rest,
    hasSecret: clientSecret !== '',
    saml: samlIdpEntityId
      ? {
          spEntityId: spEntityId(publicUrl, companyId),
          acsUrl: acsUrl(publicUrl, companyId),
          spMetadataUrl: spEntityId(publicUrl, companyId),
          idpEntityId: samlIdpEntityId,
          idpSsoUrl: samlIdpSsoUrl,
          idpCertCount: samlIdpCerts.length,
          metadataUrl: samlMetadataUrl,
        }
      : null,
    updatedAt: row.updatedAt.toISOString(),
    domainRecordName: record.name,
    domainRecordValue: record.value,
    domainVerified: domainVerifiedAt != null,
  };
}

/** The provider settings with the client secret opened. */
function providerOf(deps: Deps, conn: SsoConnectionRow) {
  return { ...conn, clientSecret: openSecret(requireSecretsKey(deps.config), conn.clientSecret) };
}

/** The owner, with a verified email, who has just typed their password again; 403/400 otherwise. */
async function requireOwnerReauth(owner: UserRow, password: string): Promise<void> {
  authorize(owner, 'sso.manage');
  if (!owner.emailVerifiedAt) {
    throw new AppError('EMAIL_NOT_VERIFIED', 'Verify your email address before setting up single sign-on.');
  }
  if (!(await verifyPassword(owner.passwordHash, password))) {
    throw new AppError('VALIDATION', 'Your password is not correct', { currentPassword: 'Not your password' });
  }
}

/**
 * Saves the company's provider after discovering it. The domain must be the owner's own email domain and not
 * a free-mail one; a new domain must be proven again before anyone is redirected.
 */
export async function saveSso(deps: Deps, owner: UserRow, companyId: string, input: TSsoSettings, ip: string) {
  await requireOwnerReauth(owner, input.currentPassword);
  if (isFreeMailDomain(input.emailDomain)) {
    throw new AppError('VALIDATION', 'A free-mail domain cannot use single sign-on', {
      emailDomain: 'Use your company’s own domain',
    });
  }
  if (domainOf(owner.email) !== input.emailDomain) {
    throw new AppError('VALIDATION', 'The domain must be the domain of your own email address', {
      emailDomain: `Use ${domainOf(owner.email)}`,
    });
  }
  const current = await connectionOf(deps.db, companyId);
  const key = requireSecretsKey(deps.config);
  const clientSecret =
    input.clientSecret ?? (current?.clientSecret ? openSecret(key, current.clientSecret) : undefined);
  if (!clientSecret) throw new AppError('VALIDATION', 'Client secret is required', { clientSecret: 'Required' });
  await discover({ issuer: input.issuer, clientId: input.clientId, clientSecret }, allowPrivate(deps));
  const sameDomain = current?.emailDomain.toLowerCase() === input.emailDomain;
  const values = {
    emailDomain: input.emailDomain,
    issuer: input.issuer,
    clientId: input.clientId,
    // Sealed at rest (lib/secret-box.ts): a database dump does not give away the company's sign-in.
    clientSecret: sealSecret(key, clientSecret),
    defaultRole: input.defaultRole,
    enabled: input.enabled,
    updatedAt: deps.clock.now(),
    domainToken: sameDomain && current ? current.domainToken : newDomainToken(),
    domainVerifiedAt: sameDomain && current ? current.domainVerifiedAt : null,
    protocol: 'oidc' as const,
  };
  await saveConnection(deps, companyId, values, values);
  await recordAudit(deps.db, {
    companyId,
    actorId: owner.id,
    action: 'sso.updated',
    targetType: 'company',
    targetId: companyId,
    ip,
    detail: { issuer: input.issuer, emailDomain: input.emailDomain, enabled: input.enabled },
  });
  return readSso(deps, companyId);
}

/** Looks the company's TXT record up and marks the domain proven. */
export async function verifySsoDomain(deps: Deps, owner: UserRow, companyId: string, ip: string) {
  authorize(owner, 'sso.manage');
  const conn = await connectionOf(deps.db, companyId);
  if (!conn) throw new AppError('SSO_NOT_CONFIGURED', 'Save the single sign-on settings first');
  await proveDomain(deps.resolveTxt ?? systemTxtResolver, conn.emailDomain, conn.domainToken);
  await deps.db
    .update(ssoConnections)
    .set({ domainVerifiedAt: deps.clock.now() })
    .where(eq(ssoConnections.companyId, companyId));
  await recordAudit(deps.db, {
    companyId,
    actorId: owner.id,
    action: 'sso.domain_verified',
    targetType: 'company',
    targetId: companyId,
    ip,
    detail: { emailDomain: conn.emailDomain },
  });
  return readSso(deps, companyId);
}

/** An enabled connection whose domain the company has proven. */
async function provenConnectionForDomain(db: Db, domain: string) {
  if (isFreeMailDomain(domain)) return null;
  const [row] = await db
    .select()
    .from(ssoConnections)
    .where(and(sql`lower(${ssoConnections.emailDomain}) = ${domain}`, eq(ssoConnections.enabled, true)))
    .limit(1);
  return row?.domainVerifiedAt ? row : null;
}

function isMemberOf(user: UserRow, companyId: string): boolean {
  return user.role === 'employer' && user.companyId === companyId && !user.erasedAt;
}

/**
 * The connection an address of a proven domain is offered (issue 23): by domain alone, so neither discovery nor
 * the start of a sign-in tells whether the address has an account, or whose. Who is signed in is decided after
 * the provider answered (findOrCreateMember): a member whose identity is linked, or a new address; a candidate
 * or another company's employer gets "sign in with your password" and no session.
 */
async function connectionForEmail(db: Db, email: string) {
  return provenConnectionForDomain(db, domainOf(email));
}

/** Whether this email's domain signs in through a company provider (the sign-in page offers it then). */
export async function discoverForEmail(
  db: Db,
  email: string,
): Promise<{ sso: boolean; startUrl?: string; protocol?: 'oidc' | 'saml' }> {
  const conn = await connectionForEmail(db, email);
  if (!conn) return { sso: false };
  return { sso: true, startUrl: `/api/auth/sso/start?email=${encodeURIComponent(email)}`, protocol: conn.protocol };
}

async function beginFlow(
  deps: Deps,
  conn: SsoConnectionRow,
  loginHint: string,
  linkUserId: string | null,
): Promise<{ url: string; state: string; protocol: 'oidc' | 'saml' }> {
  if (conn.protocol === 'saml') return beginSamlFlow(deps, conn, linkUserId);
  const config = await discover(providerOf(deps, conn), allowPrivate(deps));
  const start = await authorizationUrl(config, `${deps.config.publicUrl}${callbackPath}`, loginHint);
  const now = deps.clock.now();
  await deps.db.delete(ssoStates).where(lt(ssoStates.expiresAt, now));
  await deps.db.insert(ssoStates).values({
    state: start.state,
    companyId: conn.companyId,
    nonce: start.nonce,
    codeVerifier: start.codeVerifier,
    expiresAt: new Date(now.getTime() + STATE_TTL_MS),
    linkUserId,
  });
  return { url: start.url, state: start.state, protocol: 'oidc' };
}

/** The provider's authorization URL and the state the route binds to this browser in a cookie. */
export async function startSso(deps: Deps, email: string) {
  const conn = await connectionForEmail(deps.db, email);
  if (!conn) throw new AppError('SSO_NOT_CONFIGURED', 'Single sign-on is not set up for this email address');
  return beginFlow(deps, conn, email, null);
}

/** A signed-in member links their own account to the company provider (the one way to link an account). */
export async function startLink(deps: Deps, member: UserRow) {
  const conn = member.companyId ? await connectionOf(deps.db, member.companyId) : null;
  if (!conn?.enabled || !conn.domainVerifiedAt || !isMemberOf(member, conn.companyId)) {
    throw new AppError('SSO_NOT_CONFIGURED', 'Your company has no proven single sign-on to link to');
  }
  return beginFlow(deps, conn, member.email, member.id);
}

/**
 * Finishes the sign-in: the state is used once and must be the one this browser started (its cookie).
 * Returns the account to start a session for, and where to send the browser.
 */
export async function finishSso(
  deps: Deps,
  query: Record<string, string>,
  browserState: string | undefined,
  ip: string,
): Promise<{ user: UserRow; linked: boolean }> {
  const state = typeof query.state === 'string' ? query.state : '';
  if (!state || browserState !== state) {
    throw new AppError('SSO_FAILED', 'This sign-in was not started in this browser', { reason: 'browser' });
  }
  const [flow] = await deps.db.delete(ssoStates).where(eq(ssoStates.state, state)).returning();
  if (!flow || flow.expiresAt < deps.clock.now()) {
    throw new AppError('SSO_FAILED', 'This sign-in link has expired. Please start again.', { reason: 'expired' });
  }
  const conn = await connectionOf(deps.db, flow.companyId);
  if (!conn?.enabled || !conn.domainVerifiedAt || conn.protocol !== 'oidc' || flow.nonce === SAML_FLOW)
    throw new AppError('SSO_NOT_CONFIGURED', 'Single sign-on is no longer set up', { reason: 'not_configured' });
  const config = await discover(providerOf(deps, conn), allowPrivate(deps));
  const callbackUrl = new URL(`${deps.config.publicUrl}${callbackPath}`);
  for (const [k, v] of Object.entries(query)) callbackUrl.searchParams.set(k, v);
  const claims = await finishAuthorization(config, callbackUrl, flow);
  // Only an explicit `true`: a provider that stays silent has not verified anything.
  if (claims.emailVerified !== true)
    throw new AppError('SSO_FAILED', 'The provider has not verified this email', { reason: 'unverified' });
  if (domainOf(claims.email) !== conn.emailDomain.toLowerCase()) {
    throw new AppError('SSO_FAILED', `Only ${conn.emailDomain} addresses can sign in here`, { reason: 'wrong_domain' });
  }
  const linked = flow.linkUserId != null;
  const user = linked
    ? await linkIdentity(deps, conn, conn.issuer, flow.linkUserId!, claims, ip)
    : await findOrCreateMember(deps, conn, conn.issuer, 'sso', claims);
  await recordAudit(deps.db, {
    companyId: conn.companyId,
    actorId: user.id,
    action: 'auth.sign_in',
    targetType: 'user',
    targetId: user.id,
    ip,
    detail: { method: 'sso', issuer: conn.issuer, subject: claims.subject },
  });
  return { user, linked };
}

async function identityUser(db: Db, issuer: string, subject: string) {
  const [row] = await db
    .select({ user: users })
    .from(ssoIdentities)
    .innerJoin(users, eq(users.id, ssoIdentities.userId))
    .where(and(eq(ssoIdentities.issuer, issuer), eq(ssoIdentities.subject, subject)))
    .limit(1);
  return row?.user ?? null;
}

async function linkIdentity(
  deps: Deps,
  conn: SsoConnectionRow,
  issuer: string,
  userId: string,
  claims: { subject: string; email: string },
  ip: string,
) {
  const subject = claims.subject;
  const [member] = await deps.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!member || !isMemberOf(member, conn.companyId)) {
    throw new AppError('SSO_FAILED', 'This account is not a member of the company', { reason: 'outside_company' });
  }
  // Issue 42: the provider's account must be this member's own address, or a member could link a colleague's
  // provider account (or a shared one) and sign in as themselves with it.
  if (claims.email.trim().toLowerCase() !== member.email.trim().toLowerCase()) {
    throw new AppError('SSO_FAILED', "The provider account's email is not this account's", {
      reason: 'email_mismatch',
    });
  }
  const holder = await identityUser(deps.db, issuer, subject);
  if (holder && holder.id !== member.id) {
    throw new AppError('SSO_FAILED', 'This provider account is linked to someone else', { reason: 'linked_elsewhere' });
  }
  if (!holder) {
    await deps.db
      .insert(ssoIdentities)
      .values({ issuer, subject, userId: member.id, companyId: conn.companyId })
      .onConflictDoNothing();
    await recordAudit(deps.db, {
      companyId: conn.companyId,
      actorId: member.id,
      action: 'sso.identity_linked',
      targetType: 'user',
      targetId: member.id,
      ip,
      detail: { issuer, subject, ...(conn.protocol === 'saml' ? { source: 'saml' } : {}) },
    });
  }
  return member;
}

async function findOrCreateMember(
  deps: Deps,
  conn: SsoConnectionRow,
  issuer: string,
  method: 'sso' | 'saml',
  claims: { subject: string; email: string; firstName: string; lastName: string },
): Promise<UserRow> {
  const linked = await identityUser(deps.db, issuer, claims.subject);
  if (linked) {
    if (!isMemberOf(linked, conn.companyId)) {
      throw new AppError('SSO_FAILED', 'This account is not a member of the company', { reason: 'outside_company' });
    }
    return linked;
  }
  // Never matched by email: the owner of an existing account links it from their own session first.
  const existing = await findUserByEmail(deps.db, claims.email);
  if (existing) {
    const reason = isMemberOf(existing, conn.companyId) ? 'link_required' : 'outside_company';
    throw new AppError('SSO_FAILED', 'This email already has an account: sign in with its password', { reason });
  }
  try {
    const created = await deps.db.transaction(async (tx) => {
      const user = await insertUser(tx, {
        email: claims.email,
        // Not an argon2 hash: no password verifies; the member signs in through the provider.
        passwordHash: `sso:${randomBytes(16).toString('hex')}`,
        firstName: claims.firstName,
        lastName: claims.lastName,
        role: 'employer',
        companyId: conn.companyId,
        companyRole: conn.defaultRole,
        // The provider's word is not our mail: the account is no verified sender until it follows our link.
        emailVerifiedAt: null,
      });
      await tx
        .insert(ssoIdentities)
        .values({ issuer, subject: claims.subject, userId: user.id, companyId: conn.companyId });
      return user;
    });
    await recordAudit(deps.db, {
      companyId: conn.companyId,
      actorId: created.id,
      action: 'member.joined',
      targetType: 'user',
      targetId: created.id,
      detail: { method, role: conn.defaultRole, ...(method === 'saml' ? { source: 'saml' } : {}) },
    });
    return created;
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_key') || isUniqueViolation(err, 'sso_identities_pkey')) {
      const raced = await identityUser(deps.db, issuer, claims.subject);
      if (raced && isMemberOf(raced, conn.companyId)) return raced;
      throw new AppError('SSO_FAILED', 'This email already has an account', { reason: 'link_required' });
    }
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// SAML 2.0 (issue 45): the same connection row, domain proof, role and identity rules; the provider is a SAML IdP.

function samlSpOf(deps: Deps, conn: SsoConnectionRow): SamlSp {
  return {
    publicUrl: deps.config.publicUrl,
    companyId: conn.companyId,
    idp: { entityId: conn.samlIdpEntityId, ssoUrl: conn.samlIdpSsoUrl, certs: conn.samlIdpCerts },
  };
}

/**
 * Saves the company's SAML identity provider from its metadata (read from the URL, or as uploaded) and makes SAML
 * the protocol its members sign in with. The owner only, password typed again; the domain rules of OIDC.
 */
export async function saveSaml(deps: Deps, owner: UserRow, companyId: string, input: TSamlSettings, ip: string) {
  await requireOwnerReauth(owner, input.currentPassword);
  if (isFreeMailDomain(input.emailDomain)) {
    throw new AppError('VALIDATION', 'A free-mail domain cannot use single sign-on', {
      emailDomain: 'Use your company’s own domain',
    });
  }
  if (domainOf(owner.email) !== input.emailDomain) {
    throw new AppError('VALIDATION', 'The domain must be the domain of your own email address', {
      emailDomain: `Use ${domainOf(owner.email)}`,
    });
  }
  const xml = input.metadataUrl
    ? await fetchIdpMetadata(input.metadataUrl, allowPrivate(deps))
    : (input.metadataXml ?? '');
  const idp: IdpFacts = parseIdpMetadata(xml);
  const current = await connectionOf(deps.db, companyId);
  const sameDomain = current?.emailDomain.toLowerCase() === input.emailDomain;
  const values = {
    emailDomain: input.emailDomain,
    defaultRole: input.defaultRole,
    enabled: input.enabled,
    updatedAt: deps.clock.now(),
    domainToken: sameDomain && current ? current.domainToken : newDomainToken(),
    domainVerifiedAt: sameDomain && current ? current.domainVerifiedAt : null,
    protocol: 'saml' as const,
    samlIdpEntityId: idp.entityId,
    samlIdpSsoUrl: idp.ssoUrl,
    samlIdpCerts: idp.certs,
    samlMetadataUrl: input.metadataUrl ?? null,
  };
  // A company new to single sign-on has no OIDC client: those columns stay empty until it sets one.
  await saveConnection(deps, companyId, { issuer: '', clientId: '', clientSecret: '', ...values }, values);
  await recordAudit(deps.db, {
    companyId,
    actorId: owner.id,
    action: 'sso.updated',
    targetType: 'company',
    targetId: companyId,
    ip,
    detail: {
      source: 'saml',
      idpEntityId: idp.entityId,
      emailDomain: input.emailDomain,
      enabled: input.enabled,
      metadata: input.metadataUrl ? 'url' : 'upload',
    },
  });
  return readSso(deps, companyId);
}

/**
 * The SP metadata of a company (404 for an id that is no company). Served before SAML is saved: an IdP app (Okta,
 * Entra ID) is created from it first, and gives the IdP metadata only then. It holds no secret (we sign nothing).
 */
export async function samlMetadataFor(deps: Deps, companyId: string): Promise<string> {
  const [company] = await deps.db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  if (!company) throw new AppError('NOT_FOUND', 'No such company');
  return spMetadata(deps.config.publicUrl, companyId);
}

async function beginSamlFlow(deps: Deps, conn: SsoConnectionRow, linkUserId: string | null) {
  const { url, requestId } = await authnRequest(samlSpOf(deps, conn));
  const now = deps.clock.now();
  await deps.db.delete(ssoStates).where(lt(ssoStates.expiresAt, now));
  await deps.db.insert(ssoStates).values({
    state: requestId,
    companyId: conn.companyId,
    nonce: SAML_FLOW,
    codeVerifier: '',
    expiresAt: new Date(now.getTime() + STATE_TTL_MS),
    linkUserId,
  });
  return { url, state: requestId, protocol: 'saml' as const };
}

/**
 * Finishes a SAML sign-in posted to the company's ACS. In order: a known assertion id is refused before anything
 * else (a replay); the request this browser started (its cookie) must be open for this company; the library
 * validates the signature, InResponseTo, validity window and audience; the verified assertion's issuer and
 * recipient are checked; its id is recorded until it expires; the request is used up. Then the OIDC rules: the
 * proven domain only, identities by (IdP entity id, NameID), never by email, never the owner role.
 */
export async function finishSaml(
  deps: Deps,
  companyId: string,
  samlResponse: string,
  browserRequest: string | undefined,
  ip: string,
): Promise<{ user: UserRow; linked: boolean }> {
  const conn = await connectionOf(deps.db, companyId);
  if (!conn?.enabled || !conn.domainVerifiedAt || conn.protocol !== 'saml') {
    throw new AppError('SSO_NOT_CONFIGURED', 'SAML single sign-on is not set up for this company', {
      reason: 'not_configured',
    });
  }
  const now = deps.clock.now();
  await deps.db.delete(samlAssertions).where(lt(samlAssertions.expiresAt, now));
  const claimedIds = assertionIdsOf(samlResponse);
  if (claimedIds.length > 0) {
    const seen = await deps.db
      .select({ id: samlAssertions.assertionId })
      .from(samlAssertions)
      .where(and(eq(samlAssertions.companyId, companyId), inArray(samlAssertions.assertionId, claimedIds)))
      .limit(1);
    if (seen.length > 0) {
      throw new AppError('SSO_FAILED', 'This SAML assertion was already used', { reason: 'replayed' });
    }
  }
  if (!browserRequest) {
    throw new AppError('SSO_FAILED', 'This sign-in was not started in this browser', { reason: 'browser' });
  }
  const [flow] = await deps.db.select().from(ssoStates).where(eq(ssoStates.state, browserRequest)).limit(1);
  if (!flow || flow.nonce !== SAML_FLOW || flow.companyId !== companyId || flow.expiresAt < now) {
    throw new AppError('SSO_FAILED', 'This sign-in link has expired. Please start again.', { reason: 'expired' });
  }
  const identity = await validateResponse(samlSpOf(deps, conn), samlResponse, browserRequest);
  const recorded = await deps.db
    .insert(samlAssertions)
    .values({ companyId, assertionId: identity.assertionId, expiresAt: identity.expiresAt })
    .onConflictDoNothing()
    .returning();
  if (recorded.length === 0) {
    throw new AppError('SSO_FAILED', 'This SAML assertion was already used', { reason: 'replayed' });
  }
  const [used] = await deps.db.delete(ssoStates).where(eq(ssoStates.state, browserRequest)).returning();
  if (!used) throw new AppError('SSO_FAILED', 'This sign-in was already finished', { reason: 'expired' });
  if (domainOf(identity.email) !== conn.emailDomain.toLowerCase()) {
    throw new AppError('SSO_FAILED', `Only ${conn.emailDomain} addresses can sign in here`, { reason: 'wrong_domain' });
  }
  const issuer = conn.samlIdpEntityId;
  const linked = flow.linkUserId != null;
  const user = linked
    ? await linkIdentity(deps, conn, issuer, flow.linkUserId!, identity, ip)
    : await findOrCreateMember(deps, conn, issuer, 'saml', identity);
  await recordAudit(deps.db, {
    companyId,
    actorId: user.id,
    action: 'auth.sign_in',
    targetType: 'user',
    targetId: user.id,
    ip,
    detail: { method: 'saml', source: 'saml', issuer, subject: identity.subject, assertionId: identity.assertionId },
  });
  return { user, linked };
}

/** Inserts or updates the company's one connection row; a domain another company uses is a 409. */
async function saveConnection(
  deps: Pick<AppDeps, 'db'>,
  companyId: string,
  insert: Omit<typeof ssoConnections.$inferInsert, 'companyId'>,
  update: Partial<typeof ssoConnections.$inferInsert>,
) {
  try {
    await deps.db
      .insert(ssoConnections)
      .values({ companyId, ...insert })
      .onConflictDoUpdate({ target: ssoConnections.companyId, set: update });
  } catch (err) {
    if (isUniqueViolation(err, 'sso_connections_domain_key')) {
      throw new AppError('CONFLICT', 'Another company already uses this domain for single sign-on');
    }
    throw err;
  }
}
