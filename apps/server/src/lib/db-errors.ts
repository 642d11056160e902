/**
 * Reading database errors by their SQLSTATE and constraint name; by message text only where node-postgres gives no
 * SQLSTATE (a lost connection).
 */

interface PgErrorFields {
  code?: string;
  constraint?: string;
  message?: unknown;
  cause?: unknown;
}

/**
 * True when `err` (or the error Drizzle wrapped in `cause`) is a unique violation (23505) of the named
 * index. Both node-postgres and PGlite report `code` and `constraint`.
 */
export function isUniqueViolation(err: unknown, constraint: string): boolean {
  return errorChain(err).some((e) => e.code === '23505' && e.constraint === constraint);
}

/** `err` and the errors it wraps in `cause` (Drizzle wraps the driver's), three at most. */
function errorChain(err: unknown): PgErrorFields[] {
  const chain: PgErrorFields[] = [];
  for (let e = err as PgErrorFields | undefined; e && chain.length < 3; e = e.cause as PgErrorFields) chain.push(e);
  return chain;
}

/**
 * True when `err` says the database connection was lost: SQLSTATE class 57P (the server ended it: shutdown,
 * `pg_terminate_backend`) or 08 (connection exception). node-postgres reports a socket that closed under a query,
 * and a query sent to a client whose connection failed or was closed, with no SQLSTATE: those are the messages
 * read here ("Connection terminated…", "Client has encountered a connection error…", "Client was closed…").
 * When the server's end reaches the socket as a reset, a query sent before the client saw it fails with the
 * socket's own error instead (ECONNRESET, or EPIPE for a write): lost as well (1 in 200 tries here, 6 Dec).
 */
export function isLostConnection(err: unknown): boolean {
  return errorChain(err).some(
    (e) =>
      (typeof e.code === 'string' &&
        (e.code.startsWith('57P') || e.code.startsWith('08') || e.code === 'ECONNRESET' || e.code === 'EPIPE')) ||
      /^(Connection terminated|Client has encountered a connection error|Client was closed)/.test(String(e.message)),
  );
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
