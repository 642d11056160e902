import { ZCandidateErased, ZMyDataExport, ZOkMessage, ZRetention, ZRetentionSettings } from '@assessly/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { companyAdminOnly } from '../../lib/account-guards';
import { endSession, requireUser } from '../../lib/auth';
import { requireCompanyAdmin } from '../../lib/company-admin';
import { signedIn, typed } from '../../lib/route-schema';
import * as service from './erasure.service';
import { readRetention, saveRetention } from './retention.service';

const ZEraseMe = z.object({ password: z.string().min(1, 'Enter your password to confirm').max(200) });
const ZCandidateParam = z.object({ userId: z.string().uuid('Candidate not found') });

export async function erasureRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const authLimit = { rateLimit: { max: deps.authRateLimit, timeWindow: '1 minute' } };
  const r = typed(app);
  const tags = ['governance'];

  r.get(
    '/api/users/me/export',
    {
      preValidation: signedIn,
      schema: { summary: 'Download all my data as JSON', tags, response: { 200: ZMyDataExport } },
    },
    async (req, reply) => {
      const data = await service.exportMyData(deps, requireUser(req), req.ip);
      return reply
        .header('content-disposition', 'attachment; filename="assessly-my-data.json"')
        .header('cache-control', 'no-store')
        .send(data);
    },
  );

  r.delete(
    '/api/users/me',
    {
      config: authLimit,
      preValidation: signedIn,
      schema: {
        summary: 'Delete my account (candidates); employers keep an anonymised result',
        tags,
        body: ZEraseMe,
        response: { 200: ZOkMessage },
      },
    },
    async (req, reply) => {
      await service.eraseAccount(deps, requireUser(req), req.body.password, req.ip);
      await endSession(db, req, reply);
      return { ok: true as const, message: 'Your account and personal data have been deleted.' };
    },
  );

  r.delete(
    '/api/companies/candidates/:userId/data',
    {
      preValidation: companyAdminOnly,
      schema: {
        summary: "Erase one candidate's data held by the company",
        tags,
        params: ZCandidateParam,
        response: { 200: ZCandidateErased },
      },
    },
    async (req) => {
      const user = requireUser(req);
      const companyId = requireCompanyAdmin(user);
      const actor = { userId: user.id, companyId, ip: req.ip };
      const done = await service.eraseCandidateForCompany(deps, actor, req.params.userId);
      return { ok: true as const, ...done };
    },
  );

  r.get(
    '/api/companies/retention',
    {
      preValidation: companyAdminOnly,
      schema: { summary: 'Retention settings', tags, response: { 200: ZRetentionSettings } },
    },
    async (req) => readRetention(db, requireCompanyAdmin(requireUser(req))),
  );

  r.put(
    '/api/companies/retention',
    {
      preValidation: companyAdminOnly,
      schema: {
        summary: 'Change retention settings (days after a test closes; null keeps)',
        tags,
        body: ZRetention,
        response: { 200: ZRetentionSettings },
      },
    },
    async (req) => {
      const user = requireUser(req);
      const companyId = requireCompanyAdmin(user);
      return saveRetention(deps, { userId: user.id, companyId, ip: req.ip }, req.body);
    },
  );
}
