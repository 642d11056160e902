/**
 * GET /api/health: `{ status }` for anyone (load balancers, uptime checks); the details (database mode, mail,
 * judge sandbox, face service) only with HEALTH_TOKEN in
 * `X-Health-Token` or `Authorization: Bearer` (config.ownBearer: the API-token lookup skips this route). The details name internal
 * ports and toolchain versions, which help an attacker.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { ZHealth } from '@assessly/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
import { typed } from '../../lib/route-schema';

function sha256(s: string): Buffer {
  return createHash('sha256').update(s).digest();
}

/**
 * Issue 42: only the operator's HEALTH_TOKEN opens the details. A company owner or admin is anyone who signs up and
 * verifies an address, so a role proved nothing about who may learn internal addresses.
 */
function mayReadDetails(req: FastifyRequest, healthToken: string | null): boolean {
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
