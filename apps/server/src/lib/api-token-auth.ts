/**
 * `Authorization: Bearer <token>`: a company API token acts as the member who created it, limited to its
 * scopes. Only the token's SHA-256 is stored. A revoked token, or one whose creator left the company, lost the
 * owner/admin role or was erased, is refused (a token never outlives its creator's right to make it).
 */
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { UserRow } from '../db/schema';
import { apiTokens, users } from '../db/schema';
import type { Clock } from './clock';
import { isCompanyAdmin } from './policy';
import { hashToken } from './tokens';

/** Secrets we hand out start with this, so a leaked one is recognisable by secret scanners. */
export const API_TOKEN_PREFIX = 'asly_';
/** last_used_at is written at most this often per token (a write per request would be waste). */
const LAST_USE_RESOLUTION_MS = 60_000;

export interface ApiTokenIdentity {
  id: string;
  companyId: string;
  scopes: string[];
}

/**
 * The API token of an `Authorization: Bearer asly_…` header, or null: other schemes (a proxy's Basic auth) and
 * other Bearer tokens, and any Bearer on a route with config.ownBearer (HEALTH_TOKEN on /api/health), are left to whoever reads them, and the cookie is used.
 */
export function bearerToken(header: string | undefined): string | null {
  const m = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return m?.[1]?.startsWith(API_TOKEN_PREFIX) ? m[1] : null;
}

export async function lookupApiToken(
  db: Db,
  clock: Clock,
  token: string,
): Promise<{ user: UserRow; token: ApiTokenIdentity } | null> {
  if (token.length > 200) return null;
  const [row] = await db
    .select({ t: apiTokens, user: users })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.createdBy))
    .where(and(eq(apiTokens.tokenHash, hashToken(token)), isNull(apiTokens.revokedAt)))
    .limit(1);
  if (!row || row.user.companyId !== row.t.companyId || row.user.erasedAt || !isCompanyAdmin(row.user)) return null;
  const now = clock.now();
  await db
    .update(apiTokens)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(apiTokens.id, row.t.id),
        or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, new Date(now.getTime() - LAST_USE_RESOLUTION_MS))),
      ),
    );
  return { user: row.user, token: { id: row.t.id, companyId: row.t.companyId, scopes: row.t.scopes } };
}
