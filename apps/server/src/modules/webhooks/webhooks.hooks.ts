/**
 * Events raised by other modules' routes, enqueued after a successful answer (no edits to those modules):
 * candidate.status_changed (PUT /api/review/attempts/:attemptId/status when the status really changed, and per candidate changed by
 * POST /api/review/tests/:testId/status) and invitation.accepted (the
 * candidate opened the emailed link, GET /api/invitations/accept/:token; once per invitation).
 * A status is a stage of the company's pipeline (issue 26): the event carries its key (status, and stage.key) and
 * the name the company gives it (stage.label), for built-in and own stages alike.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { attempts, invitations, tests, users } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { hashToken } from '../../lib/tokens';
import { companyStages } from '../companies/companies.pipeline';
import { emitEvent } from './webhooks.events';

export function installWebhookHooks(app: FastifyInstance, db: Db, clock: Clock): void {
  // onSend: the delivery row exists before the caller sees the success (a crash cannot lose the event).
  app.addHook('onSend', async (req, reply, payload) => {
    if (reply.statusCode >= 300) return payload;
    const url = req.routeOptions.url;
    const params = req.params as Record<string, string>;
    try {
      if (req.method === 'PUT' && url === '/api/review/attempts/:attemptId/status') {
        // Setting the status an attempt already has changes nothing: no event (the answer says changed: false).
        if ((JSON.parse(String(payload)) as { changed?: boolean }).changed === false) return payload;
        const [row] = await db
          .select({ a: attempts, companyId: tests.companyId, testName: tests.testName, email: users.email })
          .from(attempts)
          .innerJoin(tests, eq(tests.id, attempts.testId))
          .innerJoin(users, eq(users.id, attempts.userId))
          .where(eq(attempts.id, params.attemptId!))
          .limit(1);
        if (!row?.companyId) return payload;
        await emitEvent({ db, clock }, row.companyId, 'candidate.status_changed', randomUUID(), {
          attemptId: row.a.id,
          testId: row.a.testId,
          testName: row.testName,
          candidate: { id: row.a.userId, email: row.email },
          status: row.a.hiringStatus,
          stage: await stageOf(db, row.companyId, row.a.hiringStatus),
          changedBy: req.user?.id ?? null,
        });
      } else if (req.method === 'POST' && url === '/api/review/tests/:testId/status') {
        // Many at once (issue 26): one event per candidate whose status changed, as one change would raise.
        const answer = JSON.parse(String(payload)) as { changed?: string[] };
        const changed = answer.changed ?? [];
        if (changed.length === 0) return payload;
        const rows = await db
          .select({ a: attempts, companyId: tests.companyId, testName: tests.testName, email: users.email })
          .from(attempts)
          .innerJoin(tests, eq(tests.id, attempts.testId))
          .innerJoin(users, eq(users.id, attempts.userId))
          .where(inArray(attempts.id, changed));
        for (const row of rows) {
          if (!row.companyId) continue;
          await emitEvent({ db, clock }, row.companyId, 'candidate.status_changed', randomUUID(), {
            attemptId: row.a.id,
            testId: row.a.testId,
            testName: row.testName,
            candidate: { id: row.a.userId, email: row.email },
            status: row.a.hiringStatus,
            stage: await stageOf(db, row.companyId, row.a.hiringStatus),
            changedBy: req.user?.id ?? null,
          });
        }
      } else if (req.method === 'GET' && url === '/api/invitations/accept/:token') {
        const [row] = await db
          .select({ inv: invitations, companyId: tests.companyId, testName: tests.testName })
          .from(invitations)
          .innerJoin(tests, eq(tests.id, invitations.testId))
          .where(eq(invitations.tokenHash, hashToken(params.token ?? '')))
          .limit(1);
        if (!row?.companyId) return payload;
        await emitEvent({ db, clock }, row.companyId, 'invitation.accepted', row.inv.id, {
          invitationId: row.inv.id,
          testId: row.inv.testId,
          testName: row.testName,
          email: row.inv.email,
        });
      }
    } catch (err) {
      req.log.error({ err }, 'webhook event not enqueued');
    }
    return payload;
  });
}

/** A status as the company names it: { key, label } (a key no longer in the pipeline is its own label). */
async function stageOf(db: Db, companyId: string, key: string): Promise<{ key: string; label: string }> {
  const stage = (await companyStages(db, companyId)).find((s) => s.key === key);
  return { key, label: stage?.label ?? key };
}
