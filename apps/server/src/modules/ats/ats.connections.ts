/**
 * ATS connections (issue 45), one per company and vendor, saved by an owner or admin in Settings → ATS.
 * Secrets are sealed at rest (lib/secret-box.ts) as webhook and SSO secrets are; the inbound key an ATS calls us
 * with is also kept as a SHA-256 so a call finds its company without opening every row. The key is shown once.
 */
import type { TAtsConnection, TAtsConnectionSaved, TAtsVendor, TSaveAtsConnection } from '@assessly/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type AtsConnectionRow, atsConnections, tests } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { openSecret, sealSecret } from '../../lib/secret-box';
import { createToken, hashToken } from '../../lib/tokens';
import { recordAudit } from '../audit/audit.service';

/** Inbound keys start with this (a leaked one is recognisable by secret scanners). */
export const ATS_KEY_PREFIX = 'asly_ats_';
/** The vendors that call Assessly with a key of ours (Lever signs its webhooks with a token of its own). */
export const KEYED_VENDORS: readonly TAtsVendor[] = ['greenhouse', 'ashby', 'workable'];

export interface AtsSecrets {
  inboundKey?: string;
  apiKey?: string;
  signingToken?: string;
}

export interface Actor {
  userId: string;
  companyId: string;
  ip: string;
}

export interface ConnectionDeps {
  db: Db;
  clock: Clock;
  publicUrl: string;
  secretsKey: string;
}

const SETTING_KEYS = ['apiBaseUrl', 'testId', 'triggerStageId', 'performAs', 'moveToStageId'] as const;

export function openSecrets(secretsKey: string, row: Pick<AtsConnectionRow, 'secrets'>): AtsSecrets {
  return JSON.parse(openSecret(secretsKey, row.secrets)) as AtsSecrets;
}

/** The base URL each vendor is given; its endpoints are below it. */
export function endpointUrl(publicUrl: string, vendor: TAtsVendor, companyId: string): string {
  return vendor === 'lever' ? `${publicUrl}/ats/lever/${companyId}/webhook` : `${publicUrl}/ats/${vendor}`;
}

function toPublic(deps: ConnectionDeps, row: AtsConnectionRow): TAtsConnection {
  const secrets = openSecrets(deps.secretsKey, row);
  const s = row.settings;
  return {
    vendor: row.vendor,
    enabled: row.enabled,
    endpointUrl: endpointUrl(deps.publicUrl, row.vendor, row.companyId),
    hasInboundKey: !!secrets.inboundKey,
    hasApiKey: !!secrets.apiKey,
    hasSigningToken: !!secrets.signingToken,
    apiBaseUrl: s.apiBaseUrl ?? null,
    testId: s.testId ?? null,
    triggerStageId: s.triggerStageId ?? null,
    performAs: s.performAs ?? null,
    moveToStageId: s.moveToStageId ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function findConnection(db: Db, companyId: string, vendor: TAtsVendor) {
  const [row] = await db
    .select()
    .from(atsConnections)
    .where(and(eq(atsConnections.companyId, companyId), eq(atsConnections.vendor, vendor)))
    .limit(1);
  return row ?? null;
}

export async function listConnections(deps: ConnectionDeps, companyId: string): Promise<TAtsConnection[]> {
  const rows = await deps.db.select().from(atsConnections).where(eq(atsConnections.companyId, companyId));
  return rows.sort((a, b) => a.vendor.localeCompare(b.vendor)).map((r) => toPublic(deps, r));
}

export async function saveConnection(
  deps: ConnectionDeps,
  actor: Actor,
  vendor: TAtsVendor,
  input: TSaveAtsConnection,
): Promise<TAtsConnectionSaved> {
  if (input.testId) {
    const [test] = await deps.db
      .select({ companyId: tests.companyId, access: tests.access })
      .from(tests)
      .where(eq(tests.id, input.testId))
      .limit(1);
    if (!test || test.companyId !== actor.companyId)
      throw new AppError('VALIDATION', 'Choose one of your tests', { testId: 'Choose one of your tests' });
    if (test.access !== 'invited')
      throw new AppError('VALIDATION', 'The test must be invite-only', { testId: 'Choose an invite-only test' });
  }
  const old = await findConnection(deps.db, actor.companyId, vendor);
  const secrets: AtsSecrets = old ? openSecrets(deps.secretsKey, old) : {};
  let inboundKey: string | null = null;
  if (KEYED_VENDORS.includes(vendor) && (!secrets.inboundKey || input.rotateKey)) {
    inboundKey = `${ATS_KEY_PREFIX}${createToken().token}`;
    secrets.inboundKey = inboundKey;
  }
  if (input.apiKey) secrets.apiKey = input.apiKey;
  if (input.signingToken) secrets.signingToken = input.signingToken;
  const settings: Record<string, string | null> = { ...(old?.settings ?? {}) };
  for (const key of SETTING_KEYS) if (input[key] !== undefined) settings[key] = input[key] || null;
  const now = deps.clock.now();
  const values = {
    enabled: input.enabled,
    inboundKeyHash: secrets.inboundKey ? hashToken(secrets.inboundKey) : null,
    secrets: sealSecret(deps.secretsKey, JSON.stringify(secrets)),
    settings,
    updatedAt: now,
  };
  const [row] = await deps.db
    .insert(atsConnections)
    .values({ companyId: actor.companyId, vendor, createdBy: actor.userId, createdAt: now, ...values })
    .onConflictDoUpdate({ target: [atsConnections.companyId, atsConnections.vendor], set: values })
    .returning();
  await recordAudit(deps.db, {
    companyId: actor.companyId,
    actorId: actor.userId,
    action: old ? 'ats.connection_updated' : 'ats.connection_created',
    targetType: 'ats_connection',
    targetId: vendor,
    ip: actor.ip,
    // names of what changed, never the secrets themselves
    detail: {
      source: 'settings',
      vendor,
      enabled: input.enabled,
      keyRotated: !!inboundKey && !!old,
      secretsChanged: [input.apiKey && 'apiKey', input.signingToken && 'signingToken'].filter(Boolean),
      settings,
    },
  });
  return { ...toPublic(deps, row!), inboundKey };
}

export async function deleteConnection(deps: ConnectionDeps, actor: Actor, vendor: TAtsVendor): Promise<void> {
  const gone = await deps.db
    .delete(atsConnections)
    .where(and(eq(atsConnections.companyId, actor.companyId), eq(atsConnections.vendor, vendor)))
    .returning({ vendor: atsConnections.vendor });
  if (gone.length === 0) throw new AppError('NOT_FOUND', 'There is no such connection');
  await recordAudit(deps.db, {
    companyId: actor.companyId,
    actorId: actor.userId,
    action: 'ats.connection_deleted',
    targetType: 'ats_connection',
    targetId: vendor,
    ip: actor.ip,
    detail: { source: 'settings', vendor },
  });
}

/** The enabled connection of an inbound key for `vendor`, or null (a wrong, revoked or other vendor's key). */
export async function connectionOfKey(db: Db, vendor: TAtsVendor, key: string): Promise<AtsConnectionRow | null> {
  if (!key.startsWith(ATS_KEY_PREFIX) || key.length > 200) return null;
  const [row] = await db
    .select()
    .from(atsConnections)
    .where(and(eq(atsConnections.inboundKeyHash, hashToken(key)), eq(atsConnections.vendor, vendor)))
    .limit(1);
  return row?.enabled ? row : null;
}
