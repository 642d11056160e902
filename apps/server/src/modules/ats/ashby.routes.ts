/**
 * Ashby's Assessments Partner API (https://developers.ashbyhq.com/docs/creating-an-assessments-integration), the
 * partner side: POST assessment.list, assessment.start and assessment.cancel under /ats/ashby, HTTP Basic with the
 * company's Assessly key as the user name. Ashby's answers are `{ success, results }`, refusals
 * `{ success: false, errors: [...] }`. The update on completion is POST /assessment.update to Ashby (ats.vendors.ts).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { ATS_BODY_LIMIT, atsOrderLimit, basicUser, connectionOf, installVendorHttp, readBody } from './ats.http';
import { AtsRefusal, cancelOrder, findOrder, orderableTests, placeOrder } from './ats.orders';

const ZId = z.union([z.string().max(100), z.number()]).transform(String);
const ZStart = z.object({
  assessment_type_id: ZId,
  candidate: z
    .object({
      ashby_id: ZId.optional(),
      first_name: z.string().max(200).nullish(),
      last_name: z.string().max(200).nullish(),
      email: z.string().max(254),
      ashby_profile_url: z.string().max(2000).nullish(),
    })
    .passthrough(),
  application: z
    .object({ ashby_id: ZId.optional(), status: z.string().max(100).nullish() })
    .passthrough()
    .optional(),
  job: z
    .object({ ashby_id: ZId.optional(), name: z.string().max(300).nullish() })
    .passthrough()
    .optional(),
});
const ZCancel = z.object({ assessment_id: ZId, reason: z.string().max(500).nullish() });

export async function ashbyRoutes(app: FastifyInstance, deps: AppDeps) {
  await app.register(
    async (scope) => {
      installVendorHttp(scope, deps, {
        vendor: 'ashby',
        keyOf: (req) => basicUser(req.headers.authorization),
        errorBody: (_status, message) => ({ success: false, errors: [message] }),
        challenge: 'Basic realm="Assessly Ashby"',
      });
      const ok = <T extends z.ZodTypeAny>(results: T) => z.object({ success: z.literal(true), results });

      scope.post(
        '/assessment.list',
        {
          bodyLimit: ATS_BODY_LIMIT,
          schema: {
            response: {
              200: ok(z.array(z.object({ assessment_type_id: z.string(), name: z.string(), description: z.string() }))),
            },
          },
        },
        async (req) => {
          const list = await orderableTests(deps.db, connectionOf(req).companyId);
          return {
            success: true as const,
            results: list.map((t) => ({
              assessment_type_id: t.id,
              name: t.testName,
              description: 'An Assessly test; the candidate gets an invitation by email.',
            })),
          };
        },
      );

      scope.post(
        '/assessment.start',
        {
          config: atsOrderLimit,
          bodyLimit: ATS_BODY_LIMIT,
          schema: { response: { 200: ok(z.object({ assessment_id: z.string() })) } },
        },
        async (req) => {
          const conn = connectionOf(req);
          const input = readBody(ZStart, req.body);
          // One assessment of a type per application: Ashby starting it again is the same assessment.
          const subject = input.application?.ashby_id ?? input.candidate.ashby_id ?? input.candidate.email;
          const { order } = await placeOrder(deps, {
            companyId: conn.companyId,
            vendor: 'ashby',
            externalKey: `${subject}:${input.assessment_type_id}`,
            testId: input.assessment_type_id,
            email: input.candidate.email,
            callbackUrl: null,
            context: {
              candidateId: input.candidate.ashby_id ?? null,
              applicationId: input.application?.ashby_id ?? null,
              jobId: input.job?.ashby_id ?? null,
            },
            ip: req.ip,
          });
          return { success: true as const, results: { assessment_id: order.id } };
        },
      );

      scope.post(
        '/assessment.cancel',
        { bodyLimit: ATS_BODY_LIMIT, schema: { response: { 200: z.object({ success: z.literal(true) }) } } },
        async (req) => {
          const conn = connectionOf(req);
          const input = readBody(ZCancel, req.body);
          const order = await findOrder(deps.db, conn.companyId, 'ashby', input.assessment_id);
          if (!order) throw new AtsRefusal(404, `Unknown assessment_id ${input.assessment_id.slice(0, 60)}`);
          if (order.status === 'completed') throw new AtsRefusal(409, 'The assessment is already completed');
          await cancelOrder(deps, order, req.ip, input.reason ?? null);
          return { success: true as const };
        },
      );
    },
    { prefix: '/ats/ashby' },
  );
}
