import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app';

export async function healthRoutes(app: FastifyInstance, deps: AppDeps) {
  app.get('/api/health', async () => {
    let database: 'ok' | 'error' = 'ok';
    try {
      await deps.database.query('SELECT 1');
    } catch {
      database = 'error';
    }
    const parts: Record<string, unknown> = {};
    for (const [name, read] of Object.entries(deps.healthParts)) {
      try {
        parts[name] = await read();
      } catch (err) {
        parts[name] = { state: 'error', message: err instanceof Error ? err.message : String(err) };
      }
    }
    return {
      status: database === 'ok' ? 'ok' : 'degraded',
      database: { mode: deps.database.mode, state: database },
      mail: deps.mailer.mode,
      judge: parts.judge ?? { state: 'not-configured' },
      face: parts.face ?? { state: 'not-configured' },
      ...Object.fromEntries(Object.entries(parts).filter(([k]) => k !== 'judge' && k !== 'face')),
    };
  });
}
