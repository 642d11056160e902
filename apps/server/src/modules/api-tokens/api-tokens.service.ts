/** Company API tokens: created by owners/admins with scopes, the secret shown once, revocable. */
import type { TApiToken, TCreateApiToken } from '@assessly/shared';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type ApiTokenRow, apiTokens } from '../../db/schema';
import { API_TOKEN_PREFIX } from '../../lib/api-token-auth';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { createToken, hashToken } from '../../lib/tokens';
import { recordAudit } from '../audit/audit.service';

/** A company may hold this many live tokens (each is a standing credential). */
export const MAX_TOKENS_PER_COMPANY = 50;

interface Actor {
  userId: string;
  companyId: string;
  ip: string;
}

function toPublic(t: ApiTokenRow): TApiToken {
  return {
    id: t.id,
    name: t.name,
    scopes: t.scopes,
    createdAt: t.createdAt.toISOString(),
    createdBy: t.createdBy,
    lastUsedAt: t.lastUsedAt?.toISOString() ?? null,
    revokedAt: t.revokedAt?.toISOString() ?? null,
  };
}

export async function createApiToken(db: Db, actor: Actor, input: TCreateApiToken) {
  const live = await db
    .select({ id: apiTokens.id })
    .from(apiTokens)
    .where(and(eq(apiTokens.companyId, actor.companyId), isNull(apiTokens.revokedAt)));
  if (live.length >= MAX_TOKENS_PER_COMPANY) {
    throw new AppError('CONFLICT', `A company can hold at most ${MAX_TOKENS_PER_COMPANY} tokens; revoke one first`);
  }
  const raw = createToken();
  const token = `${API_TOKEN_PREFIX}${raw.token}`;
  const hash = hashToken(token);
  const scopes = [...new Set(input.scopes)];
  const [row] = await db
    .insert(apiTokens)
    .values({ companyId: actor.companyId, createdBy: actor.userId, name: input.name, tokenHash: hash, scopes })
    .returning();
  await recordAudit(db, {
    companyId: actor.companyId,
    actorId: actor.userId,
    action: 'api_token.created',
    targetType: 'api_token',
    targetId: row!.id,
    ip: actor.ip,
    detail: { name: input.name, scopes },
  });
  return { ...toPublic(row!), token };
}

export async function listApiTokens(db: Db, companyId: string): Promise<TApiToken[]> {
  const rows = await db
    .select()
    .from(apiTokens)
    .where(eq(apiTokens.companyId, companyId))
    .orderBy(desc(apiTokens.createdAt));
  return rows.map(toPublic);
}

export async function revokeApiToken(db: Db, clock: Clock, actor: Actor, id: string): Promise<void> {
  const [row] = await db
    .update(apiTokens)
    .set({ revokedAt: clock.now() })
    .where(and(eq(apiTokens.id, id), eq(apiTokens.companyId, actor.companyId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id, name: apiTokens.name });
  if (!row) throw new AppError('NOT_FOUND', 'Token not found');
  await recordAudit(db, {
    companyId: actor.companyId,
    actorId: actor.userId,
    action: 'api_token.revoked',
    targetType: 'api_token',
    targetId: id,
    ip: actor.ip,
    detail: { name: row.name },
  });
}
