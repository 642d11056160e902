import { ZSsoSettings } from '@assessly/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app';
import { requireUser, startSession } from '../../lib/auth';
import { requireCompanyAdmin } from '../../lib/company-admin';
import { AppError } from '../../lib/errors';
import { parseInput } from '../../lib/validate';
import { docs } from '../openapi/openapi.docs';
import * as service from './sso.service';

const ZEmailQuery = z.object({ email: z.string().trim().toLowerCase().email('Enter a valid email').max(320) });
const ZCallbackQuery = z.record(z.string(), z.string().max(4000));

export async function ssoRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const authLimit = { rateLimit: { max: deps.authRateLimit, timeWindow: '1 minute' } };
  const secure = () => deps.config.publicUrl.startsWith('https://');

  app.get(
    '/api/companies/sso',
    docs({ summary: 'The company single sign-on settings (secret never shown)', tags: ['sso'] }),
    async (req) => service.readSso(db, requireCompanyAdmin(requireUser(req))),
  );

  app.put(
    '/api/companies/sso',
    docs({ summary: 'Set the company OpenID Connect provider', tags: ['sso'], body: ZSsoSettings }),
    async (req) => {
      const user = requireUser(req);
      const companyId = requireCompanyAdmin(user);
      return service.saveSso(deps, user, companyId, parseInput(ZSsoSettings, req.body), req.ip);
    },
  );

  app.get(
    '/api/auth/sso/discover',
    {
      config: authLimit,
      ...docs({
        summary: 'Does this email sign in through its company provider?',
        tags: ['sso'],
        querystring: ZEmailQuery,
      }),
    },
    async (req) => service.discoverForEmail(db, parseInput(ZEmailQuery, req.query).email),
  );

  app.get(
    '/api/auth/sso/start',
    {
      config: authLimit,
      ...docs({ summary: "Redirect to the company's provider", tags: ['sso'], querystring: ZEmailQuery }),
    },
    async (req, reply) => reply.redirect(await service.startSso(deps, parseInput(ZEmailQuery, req.query).email)),
  );

  app.get(
    service.callbackPath,
    {
      config: authLimit,
      ...docs({ summary: 'The provider returns here; signs in and goes to /admin', tags: ['sso'] }),
    },
    async (req, reply) => {
      try {
        const query = parseInput(ZCallbackQuery, req.query);
        if (query.error) throw new AppError('SSO_FAILED', 'The identity provider refused', { reason: 'refused' });
        const user = await service.finishSso(deps, query, req.ip);
        await startSession(db, deps.clock, reply, user.id, secure());
        return reply.redirect('/admin');
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        // A browser arrives here: back to the sign-in page with a reason code (never free text, which would let
        // a crafted link put words on our page); the page shows a fixed message for it.
        req.log.warn({ code: err.code, message: err.message }, 'single sign-on failed');
        return reply.redirect(`/login?ssoError=${encodeURIComponent(err.fields?.reason ?? 'failed')}`);
      }
    },
  );
}
