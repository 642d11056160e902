/**
 * What a feature needs from the outside world: the one dependency type every module's routes take. It sits below
 * the modules (it imports only their types' own files, never app.ts), so no module depends on the file that
 * registers every module. Features add optional parts (judge, face) here.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { BlobStore } from './lib/blobs';
import type { Clock } from './lib/clock';
import type { Mailer } from './lib/mailer';
import type { AiProvider } from './modules/ai/ai.provider';
import type { FaceClient } from './modules/face/face-client';
import type { JudgingService } from './modules/judging/judging.types';

export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  mailer: Mailer;
  blobs: BlobStore;
  /** Requests a minute per IP on login, sign-up and reset. */
  authRateLimit: number;
  /** Extra health facts contributed by parts (judge, face). */
  healthParts: Record<string, () => unknown>;
  /** Judge and submission queue (modules/judging); run/submit answer 503 without it. */
  judging?: JudgingService;
  /** Face engine (in process, or the remote face service); face routes answer 503 without it. */
  face?: FaceClient;
  /** DNS TXT look-up for the SSO domain proof; node's resolver when absent (tests pass their own). */
  resolveTxt?: (host: string) => Promise<string[][]>;
  /** The AI assistant's provider (issue 44), from AI_BASE_URL/AI_MODEL; absent: the assistant is off. */
  ai?: AiProvider;
}

/** A long-lived part beside the API (parts.ts): its dependencies, and how it starts and stops. */
export interface Parts {
  /** Extra dependencies merged into AppDeps. */
  deps: Partial<AppDeps>;
  /** Called once the app is built (start background loops, recover queued work). */
  start?: (app: FastifyInstance) => Promise<void>;
  stop?: () => Promise<void>;
}
