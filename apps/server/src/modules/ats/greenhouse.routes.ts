/**
 * Greenhouse's Assessment Partner API (https://developers.greenhouse.io/assessment.html), the partner side:
 * GET list_tests, POST send_test, GET test_status, POST response_error, under /ats/greenhouse, with HTTP Basic
 * (the company's Assessly key as the user name, no password). The completion PATCH to Greenhouse's `url` is a
 * delivery (ats.vendors.ts).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { recordAudit } from '../audit/audit.service';
import {
  ATS_BODY_LIMIT,
  atsOrderLimit,
  basicUser,
  connectionOf,
  installVendorHttp,
  readBody,
  requireVendorCallback,
} from './ats.http';
import { AtsRefusal, findOrder, orderableTests, orderStarted, placeOrder } from './ats.orders';
import { greenhouseStatus } from './ats.vendors';

const ZGreenhouseTest = z.object({ partner_test_id: z.string(), partner_test_name: z.string() });
const ZSendTest = z.object({
  partner_test_id: z.union([z.string(), z.number()]).transform(String),
  candidate: z.object({
    first_name: z.string().max(200).nullish(),
    last_name: z.string().max(200).nullish(),
    email: z.string().max(254),
    resume_url: z.string().max(2000).nullish(),
    phone_number: z.string().max(100).nullish(),
    greenhouse_profile_url: z.string().max(2000).nullish(),
  }),
  url: z.string().url().max(2000),
});
const ZStatus = z.object({
  partner_status: z.string(),
  partner_profile_url: z.string().optional(),
  partner_score: z.number().optional(),
  metadata: z.record(z.string(), z.string()).optional(),
});
const ZResponseError = z.object({
  partner_interview_id: z.union([z.string(), z.number()]).transform(String).optional(),
  errors: z.array(z.unknown()).max(50).optional(),
});

export async function greenhouseRoutes(app: FastifyInstance, deps: AppDeps) {
  await app.register(
    async (scope) => {
      installVendorHttp(scope, deps, {
        vendor: 'greenhouse',
        keyOf: (req) => basicUser(req.headers.authorization),
        errorBody: (_status, message) => ({ errors: [{ message }] }),
        challenge: 'Basic realm="Assessly Greenhouse"',
      });

      scope.get('/list_tests', { schema: { response: { 200: z.array(ZGreenhouseTest) } } }, async (req) => {
        const list = await orderableTests(deps.db, connectionOf(req).companyId);
        return list.map((t) => ({ partner_test_id: t.id, partner_test_name: t.testName }));
      });

      scope.post(
        '/send_test',
        {
          config: atsOrderLimit,
          bodyLimit: ATS_BODY_LIMIT,
          schema: { response: { 200: z.object({ partner_interview_id: z.string() }) } },
        },
        async (req) => {
          const conn = connectionOf(req);
          const input = readBody(ZSendTest, req.body);
          requireVendorCallback(input.url, 'greenhouse.io', !!deps.config.webhookAllowPrivate);
          // Greenhouse gives each test sent to an application its own callback url: the same url is the same order.
          const { order } = await placeOrder(deps, {
            companyId: conn.companyId,
            vendor: 'greenhouse',
            externalKey: input.url,
            testId: input.partner_test_id,
            email: input.candidate.email,
            callbackUrl: input.url,
            context: {
              firstName: input.candidate.first_name ?? null,
              lastName: input.candidate.last_name ?? null,
              profileUrl: input.candidate.greenhouse_profile_url ?? null,
            },
            ip: req.ip,
          });
          return { partner_interview_id: order.id };
        },
      );

      scope.get<{ Querystring: { partner_interview_id?: string } }>(
        '/test_status',
        { schema: { response: { 200: ZStatus } } },
        async (req) => {
          const conn = connectionOf(req);
          const id = String(req.query.partner_interview_id ?? '');
          const order = await findOrder(deps.db, conn.companyId, 'greenhouse', id);
          if (!order) throw new AtsRefusal(404, `Unknown partner_interview_id ${id.slice(0, 60)}`);
          const started = order.status === 'sent' && (await orderStarted(deps.database, order));
          return greenhouseStatus(order, deps.config.publicUrl, started);
        },
      );

      // Greenhouse reports what it could not accept in a completion (for example an unreachable profile url).
      scope.post(
        '/response_error',
        { bodyLimit: ATS_BODY_LIMIT, schema: { response: { 200: z.object({}) } } },
        async (req) => {
          const conn = connectionOf(req);
          const input = readBody(ZResponseError, req.body);
          await recordAudit(deps.db, {
            companyId: conn.companyId,
            actorId: null,
            action: 'ats.response_error',
            targetType: 'ats_order',
            targetId: input.partner_interview_id ?? '',
            ip: req.ip,
            detail: { source: 'ats', vendor: 'greenhouse', errors: JSON.stringify(input.errors ?? []).slice(0, 2000) },
          });
          return {};
        },
      );
    },
    { prefix: '/ats/greenhouse' },
  );
}
