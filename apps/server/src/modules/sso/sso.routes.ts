import { ZSsoConnection, ZSsoDiscovery, ZSsoSettings } from '@assessly/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { companyAdminOnly } from '../../lib/account-guards';
import { requireUser, startSession } from '../../lib/auth';
import { requireCompanyAdmin } from '../../lib/company-admin';
import { AppError } from '../../lib/errors';
import { signedIn, typed } from '../../lib/route-schema';
import { parseInput } from '../../lib/validate';
import * as service from './sso.service';

const ZEmailQuery = z.object({ email: z.string().trim().toLowerCase().email('Enter a valid email').max(320) });
const ZSsoLinkStart = z.object({ url: z.string() });
const STATE_COOKIE = 'assessly_sso_state';
const STATE_PATH = '/api/auth/sso';
const ZCallbackQuery = z.record(z.string(), z.string().max(4000));

export async function ssoRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const authLimit = { rateLimit: { max: deps.authRateLimit, timeWindow: '1 minute' } };
  const secure = () => deps.config.publicUrl.startsWith('https://');
  const r = typed(app);
  const tags = ['sso'];
  // The state of a sign-in in flight, bound to the browser that started it (login CSRF: a callback URL
  // carried to another browser finishes nothing). Lax: the provider sends the browser back by a top-level GET.
  const setStateCookie = (reply: FastifyReply, state: string) =>
    reply.setCookie(STATE_COOKIE, state, {
      httpOnly: true,
      sameSite: 'lax',
      secure: secure(),
      path: STATE_PATH,
      maxAge: 600,
    });

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

  r.post(
    '/api/companies/sso/verify-domain',
    {
      preValidation: companyAdminOnly,
      config: authLimit,
      schema: {
        summary: "Look up the company's DNS TXT record and mark the email domain proven",
        tags,
        response: { 200: ZSsoConnection.nullable() },
      },
    },
    async (req) => {
      const user = requireUser(req);
      return service.verifySsoDomain(deps, user, requireCompanyAdmin(user), req.ip);
    },
  );

  // A signed-in member links their own account to the provider: the only way an existing account gets an
  // identity. Answers the provider URL (the page navigates) and binds the flow to this browser.
  r.post(
    '/api/auth/sso/link',
    {
      preValidation: signedIn,
      config: authLimit,
      schema: { summary: 'Link my account to the company provider', tags, response: { 200: ZSsoLinkStart } },
    },
    async (req, reply) => {
      const start = await service.startLink(deps, requireUser(req));
      setStateCookie(reply, start.state);
      return { url: start.url };
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
    async (req, reply) => {
      const start = await service.startSso(deps, req.query.email);
      setStateCookie(reply, start.state);
      return reply.redirect(start.url);
    },
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
        const browserState = req.cookies[STATE_COOKIE];
        reply.clearCookie(STATE_COOKIE, { path: STATE_PATH });
        const { user, linked } = await service.finishSso(deps, query, browserState, req.ip);
        await startSession(db, deps.clock, reply, user.id, secure());
        return reply.redirect(linked ? '/admin/settings/sso?linked=1' : '/admin');
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
