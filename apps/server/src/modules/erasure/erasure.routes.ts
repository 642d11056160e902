import { ZRetention } from '@assessly/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app';
import { endSession, requireUser } from '../../lib/auth';
import { requireCompanyAdmin } from '../../lib/company-admin';
import { parseInput } from '../../lib/validate';
import { docs } from '../openapi/openapi.docs';
import * as service from './erasure.service';
import { readRetention, saveRetention } from './retention.service';

const ZEraseMe = z.object({ password: z.string().min(1, 'Enter your password to confirm').max(200) });
const ZCandidateParam = z.object({ userId: z.string().uuid('Candidate not found') });

export async function erasureRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const authLimit = { rateLimit: { max: deps.authRateLimit, timeWindow: '1 minute' } };

  app.get(
    '/api/users/me/export',
    docs({ summary: 'Download all my data as JSON', tags: ['governance'] }),
    async (req, reply) => {
      const data = await service.exportMyData(deps, requireUser(req), req.ip);
      return reply
        .header('content-disposition', 'attachment; filename="assessly-my-data.json"')
        .header('cache-control', 'no-store')
        .send(data);
    },
  );

  app.delete(
    '/api/users/me',
    {
      config: authLimit,
      ...docs({
        summary: 'Delete my account (candidates); employers keep an anonymised result',
        tags: ['governance'],
        body: ZEraseMe,
      }),
    },
    async (req, reply) => {
      const user = requireUser(req);
      const { password } = parseInput(ZEraseMe, req.body);
      await service.eraseAccount(deps, user, password, req.ip);
      await endSession(db, req, reply);
      return { ok: true, message: 'Your account and personal data have been deleted.' };
    },
  );

  app.delete(
    '/api/companies/candidates/:userId/data',
    docs({ summary: "Erase one candidate's data held by the company", tags: ['governance'], params: ZCandidateParam }),
    async (req) => {
      const user = requireUser(req);
      const companyId = requireCompanyAdmin(user);
      const { userId } = parseInput(ZCandidateParam, req.params);
      const done = await service.eraseCandidateForCompany(deps, { userId: user.id, companyId, ip: req.ip }, userId);
      return { ok: true, ...done };
    },
  );

  app.get('/api/companies/retention', docs({ summary: 'Retention settings', tags: ['governance'] }), async (req) =>
    readRetention(db, requireCompanyAdmin(requireUser(req))),
  );

  app.put(
    '/api/companies/retention',
    docs({
      summary: 'Change retention settings (days after a test closes; null keeps)',
      tags: ['governance'],
      body: ZRetention,
    }),
    async (req) => {
      const user = requireUser(req);
      const companyId = requireCompanyAdmin(user);
      return saveRetention(deps, { userId: user.id, companyId, ip: req.ip }, parseInput(ZRetention, req.body));
    },
  );
}
