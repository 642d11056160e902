/**
 * Webhook deliveries: rows of webhook_deliveries are claimed (a lease in locked_until, so several API
 * processes never send one twice at once), POSTed with an HMAC signature, and retried with backoff for a day.
 * The table is the queue: pending work survives restarts.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { webhookDeliveries } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { openSecret } from '../../lib/secret-box';
import { guardedLookup, isPrivateAddress } from './webhooks.url-guard';

/** Delay before attempt n+1 (after n failures). The sum stays within a day; then the delivery fails for good. */
export const RETRY_DELAYS_MS = [
  10_000, 60_000, 300_000, 900_000, 1_800_000, 3_600_000, 7_200_000, 14_400_000, 21_600_000, 28_800_000,
];
export const RETRY_WINDOW_MS = 24 * 3_600_000;
const REQUEST_TIMEOUT_MS = 10_000;
const RESPONSE_KEEP_BYTES = 2048;
const LEASE_MS = 60_000;
/** Deliveries of one webhook per pass (see claimDue). */
const PER_WEBHOOK = 4;

export interface DeliveryDeps {
  db: Db;
  clock: Clock;
  allowPrivate: boolean;
  /** Opens the sealed signing secrets (lib/secret-box.ts). */
  secretsKey: string;
}

/** `sha256=<hex HMAC-SHA256 of "<timestamp>.<raw body>">` with the webhook's secret. */
export function signature(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

export interface PostResult {
  status: number | null;
  body: string | null;
  error: string | null;
}

/** One POST (or `method`: the ATS callbacks, issue 45); never follows redirects; keeps the first 2 KB of the answer. */
export function postSigned(
  url: string,
  body: string,
  headers: Record<string, string>,
  allowPrivate: boolean,
  method: 'POST' | 'PUT' | 'PATCH' = 'POST',
): Promise<PostResult> {
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return resolve({ status: null, body: null, error: 'Invalid URL' });
    }
    const host = target.hostname.replace(/^\[|\]$/g, '');
    // An IP literal never goes through the lookup, so it is checked here.
    if (!allowPrivate && isIP(host) && isPrivateAddress(host)) {
      return resolve({ status: null, body: null, error: 'Refused: private address' });
    }
    const lib = target.protocol === 'https:' ? https : http;
    const req = lib.request(
      target,
      {
        method,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers },
        lookup: guardedLookup(allowPrivate),
        timeout: REQUEST_TIMEOUT_MS,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          if (size < RESPONSE_KEEP_BYTES) chunks.push(c);
          size += c.length;
          // A receiver streaming forever must not hold the worker: stop reading past 64 KB.
          if (size > 65_536) res.destroy();
        });
        const done = () =>
          resolve({
            status: res.statusCode ?? null,
            body: Buffer.concat(chunks).subarray(0, RESPONSE_KEEP_BYTES).toString('utf8'),
            error: null,
          });
        res.on('end', done);
        res.on('close', done);
      },
    );
    req.on('timeout', () => req.destroy(new Error('Timed out after 10 s')));
    // A hard deadline for the whole exchange: a receiver trickling bytes must not hold a delivery slot.
    const deadline = setTimeout(() => req.destroy(new Error('Timed out after 10 s')), REQUEST_TIMEOUT_MS);
    req.on('close', () => clearTimeout(deadline));
    req.on('error', (err) => resolve({ status: null, body: null, error: err.message.slice(0, 300) }));
    req.end(body);
  });
}

/**
 * Claims up to `limit` due deliveries, at most PER_WEBHOOK of each webhook, so one company's backlog or slow
 * receiver cannot hold every slot of a pass. The lease is re-checked by the UPDATE itself, so two loops
 * racing for a row claim it once (the second sees the new locked_until when it re-reads the row).
 */
async function claimDue(deps: DeliveryDeps, limit: number) {
  const now = deps.clock.now().toISOString();
  const leaseUntil = new Date(deps.clock.now().getTime() + LEASE_MS).toISOString();
  const free = sql`(d.locked_until IS NULL OR d.locked_until < ${now}::timestamptz)`;
  return deps.db.execute(sql`
    UPDATE webhook_deliveries d SET locked_until = ${leaseUntil}::timestamptz
    FROM webhooks w
    WHERE d.id IN (
      SELECT id FROM (
        SELECT d.id, d.next_attempt_at,
               row_number() OVER (PARTITION BY d.webhook_id ORDER BY d.next_attempt_at) AS n
        FROM webhook_deliveries d
        WHERE d.status = 'pending' AND d.next_attempt_at <= ${now}::timestamptz AND ${free}) due
      WHERE due.n <= ${PER_WEBHOOK}
      ORDER BY due.next_attempt_at LIMIT ${limit})
      AND ${free} AND d.status = 'pending' AND w.id = d.webhook_id
    RETURNING d.id, d.body, d.attempts, d.created_at AS "createdAt", w.url, w.secret, w.active`);
}

interface Claimed {
  id: string;
  body: string;
  attempts: number;
  createdAt: string | Date;
  url: string;
  secret: string;
  active: boolean;
}

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** Sends every due delivery once; returns how many were attempted. */
export async function runDueDeliveries(deps: DeliveryDeps, limit = 20): Promise<number> {
  const claimed = rowsOf<Claimed>(await claimDue(deps, limit));
  await Promise.all(claimed.map((d) => attemptDelivery(deps, d)));
  return claimed.length;
}

async function attemptDelivery(deps: DeliveryDeps, d: Claimed) {
  const now = deps.clock.now();
  if (!d.active) {
    await deps.db
      .update(webhookDeliveries)
      .set({ status: 'failed', error: 'Webhook deleted', lockedUntil: null })
      .where(eq(webhookDeliveries.id, d.id));
    return;
  }
  const timestamp = Math.floor(now.getTime() / 1000);
  const result = await postSigned(
    d.url,
    d.body,
    {
      'user-agent': 'Assessly-Webhooks/1',
      'x-assessly-timestamp': String(timestamp),
      'x-assessly-signature': signature(openSecret(deps.secretsKey, d.secret), timestamp, d.body),
      'x-assessly-delivery': d.id,
    },
    deps.allowPrivate,
  );
  const attempts = d.attempts + 1;
  const ok = result.status !== null && result.status >= 200 && result.status < 300;
  const delay = RETRY_DELAYS_MS[Math.min(attempts - 1, RETRY_DELAYS_MS.length - 1)]!;
  const next = new Date(now.getTime() + delay);
  const expired = next.getTime() > new Date(d.createdAt).getTime() + RETRY_WINDOW_MS;
  await deps.db
    .update(webhookDeliveries)
    .set({
      attempts,
      lastAttemptAt: now,
      responseStatus: result.status,
      responseBody: result.body,
      error: result.error ?? (ok ? null : `HTTP ${result.status}`),
      status: ok ? 'delivered' : expired ? 'failed' : 'pending',
      nextAttemptAt: next,
      lockedUntil: null,
    })
    .where(eq(webhookDeliveries.id, d.id));
}
