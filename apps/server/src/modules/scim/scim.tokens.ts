/**
 * The company's SCIM token (issue 45), managed by an owner or admin in Settings → SCIM provisioning: one live
 * token per company, shown once; creating it again rotates it (the old one stops at once); revoking deletes it.
 * Only its SHA-256 is stored, as API tokens are. It belongs to the company, not to whoever made it.
 */
import type { TScimSettings, TScimTokenCreated } from '@assessly/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { scimTokens } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { createToken, hashToken } from '../../lib/tokens';
import { recordAudit } from '../audit/audit.service';
import { SCIM_TOKEN_PREFIX } from './scim.http';

interface Actor {
  userId: string;
  companyId: string;
  ip: string;
}
type Deps = { db: Db; clock: Clock; publicUrl: string };

export async function readScimSettings(deps: Deps, companyId: string): Promise<TScimSettings> {
  const [row] = await deps.db.select().from(scimTokens).where(eq(scimTokens.companyId, companyId)).limit(1);
  return {
    baseUrl: `${deps.publicUrl}/scim/v2`,
    hasToken: !!row,
    createdAt: row?.createdAt.toISOString() ?? null,
    createdBy: row?.createdBy ?? null,
    lastUsedAt: row?.lastUsedAt?.toISOString() ?? null,
  };
}

export async function issueScimToken(deps: Deps, actor: Actor): Promise<TScimTokenCreated> {
  const token = `${SCIM_TOKEN_PREFIX}${createToken().token}`;
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [old] = await tx
      .select({ id: scimTokens.companyId })
      .from(scimTokens)
      .where(eq(scimTokens.companyId, actor.companyId))
      .for('update');
    await tx
      .insert(scimTokens)
      .values({ companyId: actor.companyId, tokenHash: hashToken(token), createdBy: actor.userId, createdAt: now })
      .onConflictDoUpdate({
        target: scimTokens.companyId,
        set: { tokenHash: hashToken(token), createdBy: actor.userId, createdAt: now, lastUsedAt: null },
      });
    await recordAudit(tx, {
      companyId: actor.companyId,
      actorId: actor.userId,
      action: old ? 'scim.token_rotated' : 'scim.token_created',
      targetType: 'company',
      targetId: actor.companyId,
      ip: actor.ip,
      detail: { source: 'settings' },
    });
  });
  return { ...(await readScimSettings(deps, actor.companyId)), token };
}

export async function revokeScimToken(deps: Deps, actor: Actor): Promise<void> {
  const gone = await deps.db
    .delete(scimTokens)
    .where(eq(scimTokens.companyId, actor.companyId))
    .returning({ id: scimTokens.companyId });
  if (gone.length === 0) throw new AppError('NOT_FOUND', 'There is no SCIM token to revoke');
  await recordAudit(deps.db, {
    companyId: actor.companyId,
    actorId: actor.userId,
    action: 'scim.token_revoked',
    targetType: 'company',
    targetId: actor.companyId,
    ip: actor.ip,
    detail: { source: 'settings' },
  });
}
