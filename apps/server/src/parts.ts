/**
 * Optional parts that run beside the API (the judge pool, the face engine, background loops).
 * Each feature adds its part here; tests build the app without them or with their own.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppDeps } from './app';

export interface Parts {
  /** Extra dependencies merged into AppDeps. */
  deps: Partial<AppDeps>;
  /** Called once the app is built (start background loops, recover queued work). */
  start?: (app: FastifyInstance) => Promise<void>;
  stop?: () => Promise<void>;
}

export async function createParts(_deps: AppDeps, _log: FastifyBaseLogger): Promise<Parts> {
  return { deps: {} };
}
