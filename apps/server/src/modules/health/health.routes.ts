/**
 * GET /api/health: `{ status }` for anyone (load balancers, uptime checks); the details (database mode, mail,
 * judge sandbox, face service) only to a signed-in company owner or admin, or with `Authorization: Bearer
 * HEALTH_TOKEN`. The details name internal ports and toolchain versions, which help an attacker.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app';

const DETAIL_ROLES = new Set<string>(['owner', 'admin']);

function sha256(s: string): Buffer {
  return createHash('sha256').update(s).digest();
}

function mayReadDetails(req: FastifyRequest, healthToken: string | null): boolean {
  const user = req.user;
  if (user?.role === 'employer' && user.companyRole && DETAIL_ROLES.has(user.companyRole)) return true;
  const auth = req.headers.authorization;
  if (!healthToken || !auth?.startsWith('Bearer ')) return false;
  // Hashing first gives equal lengths, so the comparison time says nothing about the token.
  return timingSafeEqual(sha256(auth.slice('Bearer '.length)), sha256(healthToken));
}

export async function healthRoutes(app: FastifyInstance, deps: AppDeps) {
  app.get('/api/health', async (req) => {
    let database: 'ok' | 'error' = 'ok';
    try {
      await deps.database.query('SELECT 1');
    } catch {
      database = 'error';
    }
    const status = database === 'ok' ? 'ok' : 'degraded';
    if (!mayReadDetails(req, deps.config.healthToken)) return { status };
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
