/**
 * Limits that hold across API processes (issue 28). With several API processes behind a load balancer, counts
 * kept in each process's memory multiply every allowance by the number of processes, and a guesser whose
 * requests are spread by the balancer is throttled late or never. In PostgreSQL mode both the per-route rate
 * limits and the sign-in throttle therefore count in the database, one upsert per counted request; with
 * PGlite (one process by construction) they stay in memory.
 */
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client';
import {
  ACCOUNT_WINDOW_MS,
  type AccountThrottle,
  accountKey,
  createAccountThrottle,
  pairKey,
  throttled,
} from './account-throttle';
import type { Clock } from './clock';

/** Expired rows are removed by one of every this many counted requests of a process. */
const CLEANUP_EVERY = 500;

type IncrCallback = (err: Error | null, res?: { current: number; ttl: number }) => void;

type RouteOptions = Parameters<FastifyRateLimitStore['child']>[0];

/**
 * A @fastify/rate-limit store counting in PostgreSQL (the plugin's `store` option takes a class). The window
 * is measured by the database's clock, so API processes on machines whose clocks differ agree on it.
 */
export function pgRateLimitStore(db: Db) {
  let counted = 0;
  return class PgRateLimitStore implements FastifyRateLimitStore {
    readonly prefix: string;
    constructor(_globalParams?: unknown, prefix = 'rl:') {
      this.prefix = prefix;
    }

    incr(key: string, cb: IncrCallback, timeWindow: number): void {
      const k = `${this.prefix}${key}`;
      db.execute<{ hits: number; ttl: number }>(sql`
        INSERT INTO rate_limit_hits AS r (key, hits, window_ends)
        VALUES (${k}, 1, clock_timestamp() + ${timeWindow} * interval '1 millisecond')
        ON CONFLICT (key) DO UPDATE SET
          hits = CASE WHEN r.window_ends <= clock_timestamp() THEN 1 ELSE r.hits + 1 END,
          window_ends = CASE WHEN r.window_ends <= clock_timestamp()
            THEN clock_timestamp() + ${timeWindow} * interval '1 millisecond' ELSE r.window_ends END
        RETURNING hits, GREATEST(0, EXTRACT(EPOCH FROM (window_ends - clock_timestamp())) * 1000)::float8 AS ttl`)
        .then((res) => {
          const row = rowsOf<{ hits: number; ttl: number }>(res)[0];
          cb(null, { current: Number(row?.hits ?? 1), ttl: Math.ceil(Number(row?.ttl ?? timeWindow)) });
          if (++counted % CLEANUP_EVERY === 0)
            db.execute(sql`DELETE FROM rate_limit_hits WHERE window_ends < clock_timestamp()`).catch(() => {});
        })
        .catch((err: Error) => cb(err));
    }

    child(routeOptions: RouteOptions) {
      // one count per route and caller, as the plugin's in-memory store keeps one per route
      const info = (routeOptions as { routeInfo?: { method?: string; url?: string } }).routeInfo;
      const route = `${info?.method ?? routeOptions.method}${info?.url ?? routeOptions.url}`;
      return new PgRateLimitStore(undefined, `${this.prefix}${route}:`);
    }
  };
}

function rowsOf<T>(res: unknown): T[] {
  // node-postgres returns { rows }, PGlite's drizzle driver the same shape
  return ((res as { rows?: T[] }).rows ?? (res as T[])) as T[];
}

/** Failed sign-ins per account, counted in the database so every API process sees the same count. */
export function createDbAccountThrottle(opts: { db: Db; maxFailures: number; clock: Clock }): AccountThrottle {
  const { db, clock } = opts;
  let recorded = 0;
  return {
    async check(account, ip) {
      const res = await db.execute<{ failures: number; since: Date | string }>(
        sql`SELECT failures, since FROM signin_failures WHERE account = ${pairKey(account, ip)}`,
      );
      const row = rowsOf<{ failures: number; since: Date | string }>(res)[0];
      if (!row) return;
      const since = new Date(row.since).getTime();
      const now = clock.now().getTime();
      if (now - since >= ACCOUNT_WINDOW_MS || row.failures < opts.maxFailures) return;
      throttled(since + ACCOUNT_WINDOW_MS - now);
    },
    async recordFailure(account, ip) {
      const now = clock.now();
      const windowStart = new Date(now.getTime() - ACCOUNT_WINDOW_MS);
      await db.execute(sql`
        INSERT INTO signin_failures AS f (account, failures, since) VALUES (${pairKey(account, ip)}, 1, ${now})
        ON CONFLICT (account) DO UPDATE SET
          failures = CASE WHEN f.since <= ${windowStart} THEN 1 ELSE f.failures + 1 END,
          since = CASE WHEN f.since <= ${windowStart} THEN ${now} ELSE f.since END`);
      if (++recorded % CLEANUP_EVERY === 0)
        await db.execute(sql`DELETE FROM signin_failures WHERE since <= ${windowStart}`).catch(() => {});
    },
    async recordSuccess(account, ip) {
      await db.execute(sql`DELETE FROM signin_failures WHERE account = ${pairKey(account, ip)}`);
    },
    async lift(account) {
      const prefix = `${accountKey(account)}\n`;
      await db.execute(sql`DELETE FROM signin_failures WHERE left(account, length(${prefix})) = ${prefix}`);
    },
  };
}

/** The sign-in throttle of this deployment: in the database with PostgreSQL, in memory with PGlite. */
export function accountThrottleFor(database: Database, maxFailures: number, clock: Clock): AccountThrottle {
  return database.mode === 'postgres'
    ? createDbAccountThrottle({ db: database.db, maxFailures, clock })
    : createAccountThrottle({ maxFailures, clock });
}

/** Options for `app.register(rateLimit, …)`: the shared store with PostgreSQL, the plugin's own otherwise. */
export function rateLimitOptions(database: Database) {
  return database.mode === 'postgres' ? { global: false, store: pgRateLimitStore(database.db) } : { global: false };
}
