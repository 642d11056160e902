/**
 * Lever (issue 45). Lever has no assessment-partner contract, so the company points a Lever webhook
 * (Settings → Integrations and API → Webhooks → "Candidate stage change") at /ats/lever/<company id>/webhook. When
 * an opportunity enters the configured stage, Assessly reads it through Lever's API (GET /opportunities/:id, Basic
 * auth with the company's Lever key), invites its first email address to the configured invite-only test, and on
 * completion writes a note (and optionally moves the stage) back (ats.vendors.ts). Lever signs each webhook:
 * signature = HMAC-SHA256(signature token, token + triggeredAt), hex; a wrong one is a 401 and changes nothing.
 * https://hire.lever.co/developer/documentation#webhooks
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { requireSecretsKey } from '../../lib/secret-box';
import { findConnection, openSecrets } from './ats.connections';
import { getJson } from './ats.fetch';
import { ATS_BODY_LIMIT, atsOrderLimit, installVendorHttp, readBody } from './ats.http';
import { AtsRefusal, placeOrder } from './ats.orders';
import { DEFAULT_API_BASE } from './ats.vendors';

const ZLeverWebhook = z.object({
  triggeredAt: z.number().int(),
  event: z.string().max(100),
  signature: z.string().max(200),
  token: z.string().max(200),
  data: z
    .object({
      opportunityId: z.string().max(100).optional(),
      candidateId: z.string().max(100).optional(),
      contactId: z.string().max(100).optional(),
      toStageId: z.string().max(100).nullish(),
      fromStageId: z.string().max(100).nullish(),
    })
    .passthrough(),
});
const ZOpportunity = z.object({
  data: z.object({ id: z.string(), name: z.string().nullish(), emails: z.array(z.string()).default([]) }),
});

/** Lever's webhook signature check (constant time). */
export function leverSignatureValid(signingToken: string, token: string, triggeredAt: number, signature: string) {
  const expected = createHmac('sha256', signingToken).update(`${token}${triggeredAt}`).digest('hex');
  const given = Buffer.from(signature, 'utf8');
  return given.length === expected.length && timingSafeEqual(given, Buffer.from(expected, 'utf8'));
}

export async function leverRoutes(app: FastifyInstance, deps: AppDeps) {
  await app.register(
    async (scope) => {
      installVendorHttp(scope, deps, { vendor: 'lever', errorBody: (_status, message) => ({ error: message }) });
      scope.post<{ Params: { companyId: string } }>(
        '/:companyId/webhook',
        {
          config: atsOrderLimit,
          bodyLimit: ATS_BODY_LIMIT,
          schema: { response: { 200: z.object({ ok: z.literal(true), action: z.string() }) } },
        },
        async (req) => {
          const companyId = req.params.companyId;
          const conn = z.string().uuid().safeParse(companyId).success
            ? await findConnection(deps.db, companyId, 'lever')
            : null;
          const secrets = conn ? openSecrets(requireSecretsKey(deps.config), conn) : {};
          const hook = readBody(ZLeverWebhook, req.body);
          if (
            !conn?.enabled ||
            !secrets.signingToken ||
            !leverSignatureValid(secrets.signingToken, hook.token, hook.triggeredAt, hook.signature)
          )
            throw new AtsRefusal(401, 'Invalid webhook signature');
          const s = conn.settings;
          if (
            hook.event !== 'candidateStageChange' ||
            !s.testId ||
            !s.triggerStageId ||
            hook.data.toStageId !== s.triggerStageId
          )
            return { ok: true as const, action: 'ignored' };
          const opportunityId = hook.data.opportunityId;
          if (!opportunityId) throw new AtsRefusal(400, 'data.opportunityId is required');
          if (!secrets.apiKey) throw new AtsRefusal(409, 'No Lever API key is configured');
          const base = (s.apiBaseUrl || DEFAULT_API_BASE.lever!).replace(/\/+$/, '');
          const got = await getJson(
            `${base}/opportunities/${encodeURIComponent(opportunityId)}`,
            { authorization: `Basic ${Buffer.from(`${secrets.apiKey}:`).toString('base64')}` },
            !!deps.config.webhookAllowPrivate,
          );
          // Lever retries a webhook that is not answered 2xx, so a Lever outage is a 502 and the retry brings it.
          if (got.status !== 200) throw new AtsRefusal(502, 'Could not read the opportunity from Lever');
          const opp = ZOpportunity.safeParse(got.json);
          if (!opp.success) throw new AtsRefusal(502, 'Lever answered an opportunity we cannot read');
          const { created } = await placeOrder(deps, {
            companyId: conn.companyId,
            vendor: 'lever',
            externalKey: `${opportunityId}:${s.testId}`,
            testId: s.testId,
            email: opp.data.data.emails[0] ?? '',
            callbackUrl: null,
            context: { opportunityId, candidateId: hook.data.candidateId ?? null, name: opp.data.data.name ?? null },
            ip: req.ip,
          });
          return { ok: true as const, action: created ? 'invited' : 'already_invited' };
        },
      );
    },
    { prefix: '/ats/lever' },
  );
}
