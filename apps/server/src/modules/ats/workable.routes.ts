/**
 * Workable's assessment-provider integration (https://workable.readme.io/page/assessment-providers), the provider
 * side: GET /tests and POST /assessments under /ats/workable, with `Authorization: Bearer <the company's Assessly
 * key>`. The results go to the `callback_url` Workable gives, with the access token Workable generated for the
 * integration (saved as the connection's API key; ats.vendors.ts).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import {
  ATS_BODY_LIMIT,
  atsOrderLimit,
  bearer,
  connectionOf,
  installVendorHttp,
  readBody,
  requireVendorCallback,
} from './ats.http';
import { orderableTests, placeOrder } from './ats.orders';

const ZCreate = z.object({
  test_id: z.union([z.string().max(100), z.number()]).transform(String),
  job_shortcode: z.string().max(100).nullish(),
  job_title: z.string().max(300).nullish(),
  candidate: z
    .object({
      first_name: z.string().max(200).nullish(),
      last_name: z.string().max(200).nullish(),
      name: z.string().max(400).nullish(),
      email: z.string().max(254),
      phone: z.string().max(100).nullish(),
    })
    .passthrough(),
  callback_url: z.string().url().max(2000),
});

export async function workableRoutes(app: FastifyInstance, deps: AppDeps) {
  await app.register(
    async (scope) => {
      installVendorHttp(scope, deps, {
        vendor: 'workable',
        keyOf: (req) => bearer(req.headers.authorization),
        errorBody: (_status, message) => ({ error: message }),
        challenge: 'Bearer realm="Assessly Workable"',
      });

      scope.get(
        '/tests',
        { schema: { response: { 200: z.object({ tests: z.array(z.object({ id: z.string(), name: z.string() })) }) } } },
        async (req) => {
          const list = await orderableTests(deps.db, connectionOf(req).companyId);
          return { tests: list.map((t) => ({ id: t.id, name: t.testName })) };
        },
      );

      scope.post(
        '/assessments',
        {
          config: atsOrderLimit,
          bodyLimit: ATS_BODY_LIMIT,
          schema: { response: { 201: z.object({ assessment_id: z.string() }) } },
        },
        async (req, reply) => {
          const conn = connectionOf(req);
          const input = readBody(ZCreate, req.body);
          requireVendorCallback(input.callback_url, 'workable.com', !!deps.config.webhookAllowPrivate);
          // Workable's callback_url names the candidate's assessment: the same url is the same assessment.
          const { order } = await placeOrder(deps, {
            companyId: conn.companyId,
            vendor: 'workable',
            externalKey: input.callback_url,
            testId: input.test_id,
            email: input.candidate.email,
            callbackUrl: input.callback_url,
            context: { jobShortcode: input.job_shortcode ?? null, jobTitle: input.job_title ?? null },
            ip: req.ip,
          });
          return reply.status(201).send({ assessment_id: order.id });
        },
      );
    },
    { prefix: '/ats/workable' },
  );
}
