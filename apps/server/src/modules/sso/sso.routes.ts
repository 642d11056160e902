import { ZSamlSettings, ZSsoConnection, ZSsoDiscovery, ZSsoSettings } from '@assessly/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { companyAdminOnly } from '../../lib/account-guards';
import { requireUser, startSession } from '../../lib/auth';
import { requireCompanyAdmin } from '../../lib/company-admin';
import { AppError } from '../../lib/errors';
import { signedIn, typed } from '../../lib/route-schema';
import { parseInput } from '../../lib/validate';
import { MAX_SAML_XML_BYTES } from './sso.saml';
import * as service from './sso.service';

const ZEmailQuery = z.object({ email: z.string().trim().toLowerCase().email('Enter a valid email').max(320) });
const ZSsoLinkStart = z.object({ url: z.string() });
const STATE_COOKIE = 'assessly_sso_state';
const STATE_PATH = '/api/auth/sso';
const ZCallbackQuery = z.record(z.string(), z.string().max(4000));
const SAML_COOKIE = 'assessly_saml_request';
const SAML_PATH = '/api/auth/saml';
const ZCompanyParam = z.object({ companyId: z.string().uuid() });
const ZAcsBody = z.object({
  SAMLResponse: z.string().min(1).max(400_000),
  RelayState: z.string().max(1000).optional(),
});

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
  // The SAML request in flight, bound to this browser. The IdP posts the answer from its own site (a cross-site
  // POST), which carries a SameSite=None cookie only: over https it is that (and Secure); plain http (development)
  // cannot have it, and keeps Lax.
  const setSamlCookie = (reply: FastifyReply, requestId: string) =>
    reply.setCookie(SAML_COOKIE, requestId, {
      httpOnly: true,
      sameSite: secure() ? 'none' : 'lax',
      secure: secure(),
      path: SAML_PATH,
      maxAge: 600,
    });
  const setFlowCookie = (reply: FastifyReply, start: { state: string; protocol: 'oidc' | 'saml' }) =>
    start.protocol === 'saml' ? setSamlCookie(reply, start.state) : setStateCookie(reply, start.state);

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
    async (req) => service.readSso(deps, requireCompanyAdmin(requireUser(req))),
  );

  r.put(
    '/api/companies/sso/saml',
    {
      preValidation: companyAdminOnly,
      bodyLimit: MAX_SAML_XML_BYTES + 16 * 1024,
      config: authLimit,
      schema: {
        summary: 'Set the company SAML 2.0 identity provider (metadata by URL or upload)',
        tags,
        body: ZSamlSettings,
        response: { 200: ZSsoConnection.nullable() },
      },
    },
    async (req) => {
      const user = requireUser(req);
      return service.saveSaml(deps, user, requireCompanyAdmin(user), req.body, req.ip);
    },
  );

  // The SP metadata to give the IdP (Okta, Entra ID): public, as IdPs read it by URL; it holds nothing secret.
  r.get(
    '/api/auth/saml/:companyId/metadata',
    {
      config: authLimit,
      schema: { summary: 'The company SAML service provider metadata (XML)', tags, params: ZCompanyParam },
    },
    async (req, reply) => {
      const xml = await service.samlMetadataFor(deps, req.params.companyId);
      return reply
        .type('application/samlmetadata+xml; charset=utf-8')
        .header('content-disposition', 'attachment; filename="assessly-saml-metadata.xml"')
        .send(xml);
    },
  );

  // The assertion consumer service: the IdP's page posts the SAMLResponse here (a form). Every failure redirects
  // to the sign-in page with a reason code, as the OIDC callback does.
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 512 * 1024 },
      (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );
    typed(scope).post(
      '/api/auth/saml/:companyId/acs',
      {
        config: authLimit,
        bodyLimit: 512 * 1024,
        schema: { summary: 'The IdP posts the SAML response here; signs in and goes to /admin', tags },
      },
      async (req, reply) => {
        try {
          const params = parseInput(ZCompanyParam, req.params);
          const body = parseInput(ZAcsBody, req.body ?? {});
          const browserRequest = req.cookies[SAML_COOKIE];
          reply.clearCookie(SAML_COOKIE, { path: SAML_PATH });
          const { user, linked } = await service.finishSaml(
            deps,
            params.companyId,
            body.SAMLResponse,
            browserRequest,
            req.ip,
          );
          await startSession(db, deps.clock, reply, user.id, secure());
          return reply.redirect(linked ? '/admin/settings/sso?linked=1' : '/admin', 303);
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          req.log.warn({ code: err.code, message: err.message }, 'SAML sign-in failed');
          return reply.redirect(`/login?ssoError=${encodeURIComponent(err.fields?.reason ?? 'failed')}`, 303);
        }
      },
    );
  });

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
      setFlowCookie(reply, start);
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
      setFlowCookie(reply, start);
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
