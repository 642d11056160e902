/**
 * Sessions: an opaque random token in an httpOnly, SameSite=Lax cookie; the db keeps only its hash.
 * Identity comes only from this cookie — never from an email or id sent by the browser.
 */
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { sessions, type UserRow, users } from '../db/schema';
import { type ApiTokenIdentity, bearerToken, lookupApiToken } from './api-token-auth';
import { scopeForRoute } from './api-token-scopes';
import type { Clock } from './clock';
import { AppError } from './errors';
import { createToken, hashToken } from './tokens';

export const SESSION_COOKIE = 'assessly_session';
export const SESSION_DAYS = 14;
/** Without "Remember me" the cookie lasts for the browser session and the server forgets it after a day. */
export const SHORT_SESSION_HOURS = 24;

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null;
    /** Set when the caller authenticated with an API token (then `user` is the token's creator). */
    apiToken: ApiTokenIdentity | null;
  }
  interface FastifyContextConfig {
    /** The route reads `Authorization: Bearer` itself (GET /api/health's HEALTH_TOKEN): no API-token lookup. */
    ownBearer?: boolean;
  }
}

export function installSessionLookup(app: FastifyInstance, db: Db, clock: Clock): void {
  app.decorateRequest('user', null);
  app.decorateRequest('apiToken', null);
  app.addHook('onRequest', async (req) => {
    // Only API calls need to know who is calling; the web app's files and index.html do not cost a query.
    if (!req.url.startsWith('/api/')) return;
    // An `asly_` Bearer token is a company API token, unless the route reads its own (config.ownBearer).
    const bearer = req.routeOptions.config?.ownBearer ? null : bearerToken(req.headers.authorization);
    if (bearer !== null) return authenticateApiToken(db, clock, req, bearer);
    const token = req.cookies[SESSION_COOKIE];
    if (!token) return;
    const [row] = await db
      .select({ user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, clock.now())))
      .limit(1);
    req.user = row?.user ?? null;
  });
}

/** An API token replaces the cookie entirely (no fallback): valid and in scope, or 401/403. */
async function authenticateApiToken(db: Db, clock: Clock, req: FastifyRequest, bearer: string) {
  const found = await lookupApiToken(db, clock, bearer);
  if (!found) throw new AppError('UNAUTHENTICATED', 'Invalid or revoked API token');
  const url = req.routeOptions.url;
  if (url) {
    const scope = scopeForRoute(req.method, url);
    if (scope === null || (scope !== 'any' && !found.token.scopes.includes(scope))) {
      throw new AppError('FORBIDDEN', 'This API token does not have the scope for this call');
    }
  }
  req.user = found.user;
  req.apiToken = found.token;
}

export async function startSession(
  db: Db,
  clock: Clock,
  reply: FastifyReply,
  userId: string,
  secure: boolean,
  remember = true,
) {
  const { token, hash } = createToken();
  const lifetimeMs = remember ? SESSION_DAYS * 86_400_000 : SHORT_SESSION_HOURS * 3_600_000;
  const expiresAt = new Date(clock.now().getTime() + lifetimeMs);
  await db.insert(sessions).values({ tokenHash: hash, userId, expiresAt });
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    ...(remember ? { expires: expiresAt } : {}),
  });
}

export async function endSession(db: Db, req: FastifyRequest, reply: FastifyReply) {
  const token = req.cookies[SESSION_COOKIE];
  if (token) await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** The signed-in user, or 401. */
export function requireUser(req: FastifyRequest): UserRow {
  if (!req.user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue');
  return req.user;
}

/** The signed-in employer, or 401/403. */
export function requireEmployer(req: FastifyRequest): UserRow {
  const user = requireUser(req);
  if (user.role !== 'employer') throw new AppError('FORBIDDEN', 'Only employers can do this');
  return user;
}
