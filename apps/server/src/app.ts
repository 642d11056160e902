/**
 * buildApp wires every module onto one Fastify instance from explicit dependencies (no singletons),
 * so tests build the real app on a fresh database and call it through app.inject() or a real port.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { AppDeps } from './deps';
import { installSessionLookup } from './lib/auth';
import { AppError, installErrorHandler } from './lib/errors';
import { installRouteSchemas } from './lib/route-schema';
import { rateLimitOptions } from './lib/shared-limits';
import { accommodationRequestsRoutes } from './modules/accommodation-requests/accommodation-requests.routes';
import { aiRoutes } from './modules/ai/ai.routes';
import { apiTokensRoutes } from './modules/api-tokens/api-tokens.routes';
import { aptitudeAttemptsRoutes } from './modules/aptitude-attempts/aptitude-attempts.routes';
import { aptitudeQuestionsRoutes } from './modules/aptitude-questions/aptitude-questions.routes';
import { atsRoutes } from './modules/ats/ats.routes';
import { attemptsRoutes } from './modules/attempts/attempts.routes';
import { installAuditHooks } from './modules/audit/audit.hooks';
import { auditRoutes } from './modules/audit/audit.routes';
import { codingProblemsRoutes } from './modules/coding-problems/coding-problems.routes';
import { companiesRoutes } from './modules/companies/companies.routes';
import { contactRoutes } from './modules/contact/contact.routes';
import { draftsRoutes } from './modules/drafts/drafts.routes';
import { erasureRoutes } from './modules/erasure/erasure.routes';
import { faceRoutes } from './modules/face/face.routes';
import { gradingRoutes } from './modules/grading/grading.routes';
import { healthRoutes } from './modules/health/health.routes';
import { interviewsRoutes } from './modules/interviews/interviews.routes';
import { invitationsRoutes } from './modules/invitations/invitations.routes';
import { inviteSignupRoutes } from './modules/invitations/invite-signup';
import { judgingRoutes } from './modules/judging/judging.routes';
import { libraryRoutes } from './modules/library/library.routes';
import { installOpenApi, openApiRoutes } from './modules/openapi/openapi.plugin';
import { playbackRoutes } from './modules/playback/playback.routes';
import { practiceRoutes } from './modules/practice/practice.routes';
import { proctoringEventsRoutes } from './modules/proctoring-events/proctoring-events.routes';
import { projectsRoutes } from './modules/projects/projects.routes';
import { reviewRoutes } from './modules/review/review.routes';
import { testFiguresRoutes } from './modules/review/test-figures.routes';
import { scimRoutes } from './modules/scim/scim.routes';
import { scimSettingsRoutes } from './modules/scim/scim.settings.routes';
import { sectionsRoutes } from './modules/sections/sections.routes';
import { ssoRoutes } from './modules/sso/sso.routes';
import { submissionsRoutes } from './modules/submissions/submissions.routes';
import { testsRoutes } from './modules/tests/tests.routes';
import { usersRoutes } from './modules/users/users.routes';
import { installWebhookHooks } from './modules/webhooks/webhooks.hooks';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes';

export const BODY_LIMIT = 1024 * 1024; // JSON bodies; uploads have their own limits

export async function buildApp(deps: AppDeps, opts: { logger?: FastifyBaseLogger } = {}): Promise<FastifyInstance> {
  // Not `true`: then any client could pick its own address in X-Forwarded-For and escape the rate limits.
  const trusted = deps.config.trustProxy ?? false;
  const trustProxy = typeof trusted === 'number' ? (_addr: string, hop: number) => hop < trusted : trusted;
  const app = (
    opts.logger
      ? Fastify({ loggerInstance: opts.logger, bodyLimit: BODY_LIMIT, trustProxy })
      : Fastify({ logger: false, bodyLimit: BODY_LIMIT, trustProxy })
  ) as FastifyInstance;
  installErrorHandler(app);
  installRouteSchemas(app);
  await app.register(helmet, {
    // The SPA and its editor (CodeMirror) inject styles; workers and wasm come from our own origin; nothing from other origins.
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // wasm-unsafe-eval: on-device face detection compiles tfjs's wasm (served from our origin; issue 17).
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: 8 * 1024 * 1024, files: 1, fields: 40 } });
  await app.register(rateLimit, rateLimitOptions(deps.database));
  installSessionLookup(app, deps.db, deps.clock);
  installOriginCheck(app);
  installAuditHooks(app, deps.db);
  installWebhookHooks(app, deps.db, deps.clock);
  await installOpenApi(app);

  await healthRoutes(app, deps);
  await usersRoutes(app, deps);
  await judgingRoutes(app, deps);
  await submissionsRoutes(app, deps);
  await faceRoutes(app, deps);
  await companiesRoutes(app, deps);
  await attemptsRoutes(app, deps);
  await draftsRoutes(app, deps);
  await playbackRoutes(app, deps);
  await aiRoutes(app, deps);
  await aptitudeAttemptsRoutes(app, deps);
  await proctoringEventsRoutes(app, deps);
  await testsRoutes(app, deps);
  await aptitudeQuestionsRoutes(app, deps);
  await codingProblemsRoutes(app, deps);
  await projectsRoutes(app, deps);
  await reviewRoutes(app, deps);
  await gradingRoutes(app, deps);
  await invitationsRoutes(app, deps);
  await auditRoutes(app, deps);
  await apiTokensRoutes(app, deps);
  await webhooksRoutes(app, deps);
  await erasureRoutes(app, deps);
  await ssoRoutes(app, deps);
  await openApiRoutes(app);
  await libraryRoutes(app, deps);
  await interviewsRoutes(app, deps);
  await contactRoutes(app, deps);
  await inviteSignupRoutes(app, deps);
  await testFiguresRoutes(app, deps);
  await scimSettingsRoutes(app, deps);
  await scimRoutes(app, deps);
  await atsRoutes(app, deps);
  await sectionsRoutes(app, deps);
  await accommodationRequestsRoutes(app, deps);
  await practiceRoutes(app, deps);

  serveWebApp(app, deps.config.webDist);
  return app;
}

const SAML_ACS = /^\/api\/auth\/saml\/[0-9a-f-]{36}\/acs(\?|$)/i;

/** Mutating requests from a browser must come from our own origin (CSRF defence on top of SameSite=Lax). */
function installOriginCheck(app: FastifyInstance) {
  app.addHook('onRequest', async (req) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return;
    const origin = req.headers.origin;
    // No Origin: not a browser's cross-site request. "null" (sandboxed iframes, data: pages) IS cross-site: refused.
    if (!origin) return;
    // Issue 45: the SAML assertion consumer service is posted to by the IdP's own page, cross-site by design. What
    // guards it is the signed assertion, whose InResponseTo must be the request bound to this browser's cookie.
    if (req.method === 'POST' && SAML_ACS.test(req.url)) return;
    let host: string;
    try {
      host = new URL(origin).host;
    } catch {
      throw new AppError('ORIGIN_REJECTED', 'Cross-site request refused');
    }
    // req.host is X-Forwarded-Host only from a proxy TRUST_PROXY trusts (issue 42: the header was believed from
    // anyone, so a client could name the origin it was checked against).
    const expected = req.host;
    if (host !== expected) throw new AppError('ORIGIN_REJECTED', 'Cross-site request refused');
  });
}

/**
 * Hashed build files (assets/name-HASH.ext) never change under their name: cached for a year, immutable.
 * Everything else, index.html first, is revalidated on each load so a new release is picked up at once.
 */
export function cacheControlFor(file: string): string {
  const name = path.basename(file).replace(/\.(br|gz)$/, '');
  const hashed = /[\\/]assets[\\/]/.test(file) && /-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/.test(name);
  return hashed ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** Serves the built web app; unknown non-API GETs get index.html so client routes work on reload. */
function serveWebApp(app: FastifyInstance, webDist: string | null) {
  const hasWeb = !!webDist && existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: ['index.html'],
      // The build writes .br and .gz beside each file (apps/web/build/precompress.ts): no work per request.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, file) => reply.header('cache-control', cacheControlFor(file)),
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    if (hasWeb && req.method === 'GET' && !url.startsWith('/api/') && !path.extname(url)) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return reply.status(404).send({ code: 'ROUTE_NOT_FOUND', message: `No route ${req.method} ${url}` });
  });
}
