/** Reading database errors by their SQLSTATE and constraint name (never by message text). */

interface PgErrorFields {
  code?: string;
  constraint?: string;
  cause?: unknown;
}

/**
 * True when `err` (or the error Drizzle wrapped in `cause`) is a unique violation (23505) of the named
 * index. Both node-postgres and PGlite report `code` and `constraint`.
 */
export function isUniqueViolation(err: unknown, constraint: string): boolean {
  for (let e = err as PgErrorFields | undefined, depth = 0; e && depth < 3; e = e.cause as PgErrorFields, depth++) {
    if (e.code === '23505' && e.constraint === constraint) return true;
  }
  return false;
}

/**
 * True when `err` says the database connection was lost: SQLSTATE class 57P (the server ended it: shutdown,
 * `pg_terminate_backend`) or 08 (connection exception). node-postgres reports a socket that closed under a query,
 * and a query sent to a client whose connection failed or was closed, with no SQLSTATE: those are the messages
 * read here ("Connection terminated…", "Client has encountered a connection error…", "Client was closed…").
 */
export function isLostConnection(err: unknown): boolean {
  for (let e = err as PgErrorFields | undefined, depth = 0; e && depth < 3; e = e.cause as PgErrorFields, depth++) {
    if (typeof e.code === 'string' && (e.code.startsWith('57P') || e.code.startsWith('08'))) return true;
    const message = String((e as { message?: unknown }).message);
    if (/^(Connection terminated|Client has encountered a connection error|Client was closed)/.test(message))
      return true;
  }
  return false;
}

/**
 * pg-boss 10 completes or fails a worked job without awaiting it (its src/manager.js `onFetch`): a database
 * connection terminated at that moment is an unhandled rejection, which would end the process (the judge worker,
 * or an API process that judges in-process). The job then expires and is taken over like a lost worker's, so
 * such a rejection is logged and the process goes on; any other unhandled rejection still ends it.
 */
export function keepRunningOnLostConnection(log: { warn(obj: object, msg: string): void }) {
  const handler = (err: unknown) => {
    if (!isLostConnection(err)) throw err;
    log.warn({ err }, 'a database call was lost with its connection (a queued job expires and is retried)');
  };
  process.on('unhandledRejection', handler);
  return () => process.off('unhandledRejection', handler);
}
