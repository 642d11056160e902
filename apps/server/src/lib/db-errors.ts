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
