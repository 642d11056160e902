/**
 * GET /api/health: `{ status }` for anyone (load balancers, uptime checks); the details (database mode, mail,
 * judge sandbox, face service) only to a signed-in company owner or admin, or with HEALTH_TOKEN in
 * `X-Health-Token` or `Authorization: Bearer` (config.ownBearer: the API-token lookup skips this route). The details name internal
 * ports and toolchain versions, which help an attacker.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { ZHealth } from '@assessly/shared';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { type UserRow, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { typed } from '../../lib/route-schema';

const DETAIL_ROLES = new Set<string>(['owner', 'admin']);

function sha256(s: string): Buffer {
  return createHash('sha256').update(s).digest();
}

/**
 * Issue 23: an owner or admin of a VERIFIED company (their own address and the company owner's verified); a
 * fresh self-registered account proves nothing and must not learn the face service's address or versions.
 */
async function isVerifiedCompanyAdmin(db: Db, user: UserRow | null | undefined): Promise<boolean> {
  if (user?.role !== 'employer' || !user.companyId || !user.emailVerifiedAt) return false;
  if (!user.companyRole || !DETAIL_ROLES.has(user.companyRole)) return false;
  if (user.companyRole === 'owner') return true;
  const [owner] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, user.companyId), eq(users.companyRole, 'owner'), isNotNull(users.emailVerifiedAt)))
    .limit(1);
  return !!owner;
}

async function mayReadDetails(req: FastifyRequest, db: Db, healthToken: string | null): Promise<boolean> {
  if (await isVerifiedCompanyAdmin(db, req.user)) return true;
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1];
  const given = req.headers['x-health-token'] ?? bearer;
  if (!healthToken || typeof given !== 'string') return false;
  // Hashing first gives equal lengths, so the comparison time says nothing about the token.
  return timingSafeEqual(sha256(given), sha256(healthToken));
}

export async function healthRoutes(app: FastifyInstance, deps: AppDeps) {
  const options = {
    config: { ownBearer: true },
    schema: { summary: 'Service status', tags: ['health'], response: { 200: ZHealth } },
  };
  typed(app).get('/api/health', options, async (req) => {
    let database: 'ok' | 'error' = 'ok';
    try {
      await deps.database.query('SELECT 1');
    } catch {
      database = 'error';
    }
    const status: 'ok' | 'degraded' = database === 'ok' ? 'ok' : 'degraded';
    if (!(await mayReadDetails(req, deps.db, deps.config.healthToken))) return { status };
    const parts: Record<string, unknown> = {};
    for (const [name, read] of Object.entries(deps.healthParts)) {
      try {
        parts[name] = await read();
      } catch (err) {
        parts[name] = { state: 'error', message: err instanceof Error ? err.message : String(err) };
      }
    }
    return {
      status,
      database: { mode: deps.database.mode, state: database },
      mail: deps.mailer.mode,
      judge: parts.judge ?? { state: 'not-configured' },
      face: parts.face ?? { state: 'not-configured' },
      ...Object.fromEntries(Object.entries(parts).filter(([k]) => k !== 'judge' && k !== 'face')),
    };
  });
}
