/** Company webhooks: create (secret shown once), list, delete, and the delivery log. */
import { randomBytes } from 'node:crypto';
import type { TCreateWebhook, TWebhook, TWebhookDelivery } from '@assessly/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type WebhookRow, webhookDeliveries, webhooks } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { sealSecret } from '../../lib/secret-box';
import { recordAudit } from '../audit/audit.service';
import { checkWebhookUrl } from './webhooks.url-guard';

export const MAX_WEBHOOKS_PER_COMPANY = 20;

export interface Actor {
  userId: string;
  companyId: string;
  ip: string;
}

function toPublic(w: WebhookRow): TWebhook {
  return { id: w.id, url: w.url, events: w.events, active: w.active, createdAt: w.createdAt.toISOString() };
}

export async function createWebhook(
  db: Db,
  allowPrivate: boolean,
  actor: Actor,
  input: TCreateWebhook,
  secretsKey: string,
) {
  await checkWebhookUrl(input.url, allowPrivate);
  const count = await db
    .select({ id: webhooks.id })
    .from(webhooks)
    .where(and(eq(webhooks.companyId, actor.companyId), eq(webhooks.active, true)));
  if (count.length >= MAX_WEBHOOKS_PER_COMPANY) {
    throw new AppError('CONFLICT', `A company can have at most ${MAX_WEBHOOKS_PER_COMPANY} webhooks`);
  }
  const secret = `whsec_${randomBytes(32).toString('base64url')}`;
  const events = [...new Set(input.events)];
  const [row] = await db
    .insert(webhooks)
    .values({
      companyId: actor.companyId,
      createdBy: actor.userId,
      url: input.url,
      events,
      secret: sealSecret(secretsKey, secret),
    })
    .returning();
  await recordAudit(db, {
    companyId: actor.companyId,
    actorId: actor.userId,
    action: 'webhook.created',
    targetType: 'webhook',
    targetId: row!.id,
    ip: actor.ip,
    detail: { url: input.url, events },
  });
  return { ...toPublic(row!), secret };
}

export async function listWebhooks(db: Db, companyId: string): Promise<TWebhook[]> {
  const rows = await db
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.companyId, companyId), eq(webhooks.active, true)))
    .orderBy(desc(webhooks.createdAt));
  return rows.map(toPublic);
}

/** Deactivates the webhook (its log stays readable to the audit trail; pending deliveries are dropped). */
export async function deleteWebhook(db: Db, actor: Actor, id: string): Promise<void> {
  const [row] = await db
    .update(webhooks)
    .set({ active: false })
    .where(and(eq(webhooks.id, id), eq(webhooks.companyId, actor.companyId), eq(webhooks.active, true)))
    .returning({ id: webhooks.id, url: webhooks.url });
  if (!row) throw new AppError('NOT_FOUND', 'Webhook not found');
  await recordAudit(db, {
    companyId: actor.companyId,
    actorId: actor.userId,
    action: 'webhook.deleted',
    targetType: 'webhook',
    targetId: id,
    ip: actor.ip,
    detail: { url: row.url },
  });
}

/** The newest deliveries of one of the company's webhooks, with what the receiver answered. */
export async function listDeliveries(db: Db, companyId: string, webhookId: string): Promise<TWebhookDelivery[]> {
  const [hook] = await db
    .select({ id: webhooks.id })
    .from(webhooks)
    .where(and(eq(webhooks.id, webhookId), eq(webhooks.companyId, companyId)))
    .limit(1);
  if (!hook) throw new AppError('NOT_FOUND', 'Webhook not found');
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhookId))
    .orderBy(desc(webhookDeliveries.createdAt))
    .limit(100);
  return rows.map((d) => ({
    id: d.id,
    event: d.event,
    status: d.status,
    attempts: d.attempts,
    nextAttemptAt: d.status === 'pending' ? d.nextAttemptAt.toISOString() : null,
    lastAttemptAt: d.lastAttemptAt?.toISOString() ?? null,
    responseStatus: d.responseStatus,
    responseBody: d.responseBody,
    error: d.error,
    body: d.body,
    createdAt: d.createdAt.toISOString(),
  }));
}
