import { ZSsoConnection, ZSsoDiscovery, ZSsoSettings } from '@assessly/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { companyAdminOnly } from '../../lib/account-guards';
import { requireUser, startSession } from '../../lib/auth';
import { requireCompanyAdmin } from '../../lib/company-admin';
import { AppError } from '../../lib/errors';
import { typed } from '../../lib/route-schema';
import { parseInput } from '../../lib/validate';
import * as service from './sso.service';

const ZEmailQuery = z.object({ email: z.string().trim().toLowerCase().email('Enter a valid email').max(320) });
const ZCallbackQuery = z.record(z.string(), z.string().max(4000));

export async function ssoRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const authLimit = { rateLimit: { max: deps.authRateLimit, timeWindow: '1 minute' } };
  const secure = () => deps.config.publicUrl.startsWith('https://');
  const r = typed(app);
  const tags = ['sso'];

  r.get(
    '/api/companies/sso',
    {
      preValidation: companyAdminOnly,
      schema: {
        summary: 'The company single sign-on settings (secret never shown)',
        tags,
        response: { 200: ZSsoConnection.nullable() },
      },
    },
    async (req) => service.readSso(db, requireCompanyAdmin(requireUser(req))),
  );

  r.put(
    '/api/companies/sso',
    {
      preValidation: companyAdminOnly,
      schema: {
        summary: 'Set the company OpenID Connect provider',
        tags,
        body: ZSsoSettings,
        response: { 200: ZSsoConnection.nullable() },
      },
    },
    async (req) => {
      const user = requireUser(req);
      return service.saveSso(deps, user, requireCompanyAdmin(user), req.body, req.ip);
    },
  );

  r.get(
    '/api/auth/sso/discover',
    {
      config: authLimit,
      schema: {
        summary: 'Does this email sign in through its company provider?',
        tags,
        querystring: ZEmailQuery,
        response: { 200: ZSsoDiscovery },
      },
    },
    async (req) => service.discoverForEmail(db, req.query.email),
  );

  r.get(
    '/api/auth/sso/start',
    {
      config: authLimit,
      schema: { summary: "Redirect to the company's provider", tags, querystring: ZEmailQuery },
    },
    async (req, reply) => reply.redirect(await service.startSso(deps, req.query.email)),
  );

  // A browser arrives here: every failure, a malformed query included, redirects to the sign-in page, so the
  // query is read in the handler (a route schema would answer 400 JSON).
  r.get(
    service.callbackPath,
    { config: authLimit, schema: { summary: 'The provider returns here; signs in and goes to /admin', tags } },
    async (req, reply) => {
      try {
        const query = parseInput(ZCallbackQuery, req.query);
        if (query.error) throw new AppError('SSO_FAILED', 'The identity provider refused', { reason: 'refused' });
        const user = await service.finishSso(deps, query, req.ip);
        await startSession(db, deps.clock, reply, user.id, secure());
        return reply.redirect('/admin');
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        // Back to the sign-in page with a reason code (never free text, which would let a crafted link put
        // words on our page); the page shows a fixed message for it.
        req.log.warn({ code: err.code, message: err.message }, 'single sign-on failed');
        return reply.redirect(`/login?ssoError=${encodeURIComponent(err.fields?.reason ?? 'failed')}`);
      }
    },
  );
}
