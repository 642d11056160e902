/**
 * Single sign-on per company: settings (owners/admins), email-domain discovery, and the sign-in that finds
 * or creates (just in time, with the company's default role) the employer account of a verified email of
 * the company's domain. An existing account outside the company is never taken over.
 */
import { randomBytes } from 'node:crypto';
import type { TSsoSettings } from '@assessly/shared';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { SsoConnectionRow, UserRow } from '../../db/schema';
import { ssoConnections, ssoStates } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit/audit.service';
import { findUserByEmail, insertUser } from '../users/users.repo';
import { authorizationUrl, discover, finishAuthorization } from './sso.oidc';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config'>;
const STATE_TTL_MS = 10 * 60_000;

export const callbackPath = '/api/auth/sso/callback';
const allowPrivate = (deps: Deps) => !!deps.config.webhookAllowPrivate;

function domainOf(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}

export async function readSso(db: Db, companyId: string) {
  const [row] = await db.select().from(ssoConnections).where(eq(ssoConnections.companyId, companyId)).limit(1);
  if (!row) return null;
  const { clientSecret: _secret, ...rest } = row;
  return { ...rest, hasSecret: true, updatedAt: row.updatedAt.toISOString() };
}

/**
 * Saves the company's provider after discovering it. The domain must be the configuring admin's own email
 * domain (a company cannot claim another organisation's users).
 */
export async function saveSso(deps: Deps, admin: UserRow, companyId: string, input: TSsoSettings, ip: string) {
  if (domainOf(admin.email) !== input.emailDomain) {
    throw new AppError('VALIDATION', 'The domain must be the domain of your own email address', {
      emailDomain: `Use ${domainOf(admin.email)}`,
    });
  }
  const [current] = await deps.db.select().from(ssoConnections).where(eq(ssoConnections.companyId, companyId));
  const clientSecret = input.clientSecret ?? current?.clientSecret;
  if (!clientSecret) throw new AppError('VALIDATION', 'Client secret is required', { clientSecret: 'Required' });
  await discover({ issuer: input.issuer, clientId: input.clientId, clientSecret }, allowPrivate(deps));
  const values = {
    emailDomain: input.emailDomain,
    issuer: input.issuer,
    clientId: input.clientId,
    clientSecret,
    defaultRole: input.defaultRole,
    enabled: input.enabled,
    updatedAt: deps.clock.now(),
  };
  try {
    await deps.db
      .insert(ssoConnections)
      .values({ companyId, ...values })
      .onConflictDoUpdate({ target: ssoConnections.companyId, set: values });
  } catch (err) {
    if (isUniqueViolation(err, 'sso_connections_domain_key')) {
      throw new AppError('CONFLICT', 'Another company already uses this domain for single sign-on');
    }
    throw err;
  }
  await recordAudit(deps.db, {
    companyId,
    actorId: admin.id,
    action: 'sso.updated',
    targetType: 'company',
    targetId: companyId,
    ip,
    detail: { issuer: input.issuer, emailDomain: input.emailDomain, enabled: input.enabled },
  });
  return readSso(deps.db, companyId);
}

async function connectionForDomain(db: Db, domain: string) {
  const [row] = await db
    .select()
    .from(ssoConnections)
    .where(and(sql`lower(${ssoConnections.emailDomain}) = ${domain}`, eq(ssoConnections.enabled, true)))
    .limit(1);
  return row ?? null;
}

/** Whether this email's domain signs in through a company provider (the sign-in page redirects then). */
export async function discoverForEmail(db: Db, email: string): Promise<{ sso: boolean; startUrl?: string }> {
  const conn = await connectionForDomain(db, domainOf(email));
  if (!conn) return { sso: false };
  return { sso: true, startUrl: `/api/auth/sso/start?email=${encodeURIComponent(email)}` };
}

/** Builds the provider's authorization URL and remembers state, nonce and PKCE verifier for the callback. */
export async function startSso(deps: Deps, email: string): Promise<string> {
  const conn = await connectionForDomain(deps.db, domainOf(email));
  if (!conn) throw new AppError('SSO_NOT_CONFIGURED', 'Single sign-on is not set up for this email domain');
  const config = await discover(conn, allowPrivate(deps));
  const start = await authorizationUrl(config, `${deps.config.publicUrl}${callbackPath}`, email);
  const now = deps.clock.now();
  await deps.db.delete(ssoStates).where(lt(ssoStates.expiresAt, now));
  await deps.db.insert(ssoStates).values({
    state: start.state,
    companyId: conn.companyId,
    nonce: start.nonce,
    codeVerifier: start.codeVerifier,
    expiresAt: new Date(now.getTime() + STATE_TTL_MS),
  });
  return start.url;
}

/** Finishes the sign-in: the state is used once; returns the employer account to start a session for. */
export async function finishSso(deps: Deps, query: Record<string, string>, ip: string): Promise<UserRow> {
  const state = typeof query.state === 'string' ? query.state : '';
  const [flow] = await deps.db.delete(ssoStates).where(eq(ssoStates.state, state)).returning();
  if (!flow || flow.expiresAt < deps.clock.now()) {
    throw new AppError('SSO_FAILED', 'This sign-in link has expired. Please start again.', { reason: 'expired' });
  }
  const [conn] = await deps.db.select().from(ssoConnections).where(eq(ssoConnections.companyId, flow.companyId));
  if (!conn?.enabled)
    throw new AppError('SSO_NOT_CONFIGURED', 'Single sign-on is no longer set up', { reason: 'not_configured' });
  const config = await discover(conn, allowPrivate(deps));
  const callbackUrl = new URL(`${deps.config.publicUrl}${callbackPath}`);
  for (const [k, v] of Object.entries(query)) callbackUrl.searchParams.set(k, v);
  const claims = await finishAuthorization(config, callbackUrl, flow);
  if (claims.emailVerified === false)
    throw new AppError('SSO_FAILED', 'The provider has not verified this email', { reason: 'unverified' });
  if (domainOf(claims.email) !== conn.emailDomain.toLowerCase()) {
    throw new AppError('SSO_FAILED', `Only ${conn.emailDomain} addresses can sign in here`, { reason: 'wrong_domain' });
  }
  const user = await findOrCreateMember(deps, conn, claims);
  await recordAudit(deps.db, {
    companyId: conn.companyId,
    actorId: user.id,
    action: 'auth.sign_in',
    targetType: 'user',
    targetId: user.id,
    ip,
    detail: { method: 'sso', issuer: conn.issuer, subject: claims.subject },
  });
  return user;
}

async function findOrCreateMember(
  deps: Deps,
  conn: SsoConnectionRow,
  claims: { email: string; firstName: string; lastName: string },
): Promise<UserRow> {
  const existing = await findUserByEmail(deps.db, claims.email);
  if (existing) {
    if (existing.role !== 'employer' || existing.companyId !== conn.companyId || existing.erasedAt) {
      throw new AppError('SSO_FAILED', 'This email belongs to an account outside this company', {
        reason: 'outside_company',
      });
    }
    return existing;
  }
  try {
    const created = await insertUser(deps.db, {
      email: claims.email,
      // Not an argon2 hash: no password verifies; the member signs in through the provider.
      passwordHash: `sso:${randomBytes(16).toString('hex')}`,
      firstName: claims.firstName,
      lastName: claims.lastName,
      role: 'employer',
      companyId: conn.companyId,
      companyRole: conn.defaultRole,
      emailVerifiedAt: deps.clock.now(),
    });
    await recordAudit(deps.db, {
      companyId: conn.companyId,
      actorId: created.id,
      action: 'member.joined',
      targetType: 'user',
      targetId: created.id,
      detail: { method: 'sso', role: conn.defaultRole },
    });
    return created;
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_key')) {
      const raced = await findUserByEmail(deps.db, claims.email);
      if (raced?.companyId === conn.companyId) return raced;
    }
    throw err;
  }
}
