import {
  ZEmailVerified,
  ZForgotPassword,
  ZLogin,
  ZOk,
  ZOkMessage,
  ZResendResult,
  ZResetPassword,
  ZSignup,
  ZSignupResult,
  ZUser,
  ZUserUpdate,
  ZVerifyEmail,
} from '@assessly/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { endSession, requireUser, startSession } from '../../lib/auth';
import { signedIn, typed } from '../../lib/route-schema';
import { accountThrottleFor } from '../../lib/shared-limits';
import { resendVerificationFor, sendVerificationEmail, verifyEmail } from '../companies/companies.service';
import * as repo from './users.repo';
import * as service from './users.service';

const ZIdParam = z.object({ id: z.string().uuid('User not found') });
const ZEmailQuery = z.object({ email: z.string().trim().min(1, 'Email is required') });

const ZSession = z.object({ user: ZUser.nullable() });

export async function usersRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, clock } = deps;
  const r = typed(app);
  const authLimit = { rateLimit: { max: deps.authRateLimit, timeWindow: '1 minute' } };
  // Sign-in and sign-up: a high ceiling per address (a test centre shares one) and a low one per account.
  const signinLimit = { rateLimit: { max: deps.config.signinIpRateLimit, timeWindow: '1 minute' } };
  const throttle = accountThrottleFor(deps.database, deps.config.signinAccountLimit, clock);
  const secure = deps.config.publicUrl.startsWith('https://');
  const mailDeps = () => ({ ...deps, publicUrl: deps.config.publicUrl });

  for (const url of ['/api/users/add', '/api/users']) {
    r.post(
      url,
      { config: signinLimit, schema: { body: ZSignup, response: { 201: ZSignupResult } } },
      async (req, reply) => {
        const user = await service.createUser(db, req.body, deps.config.passwordCost);
        // Every account verifies its email through the same link and call (POST /api/users/verify-email). A taken
        // address is answered exactly like a new one; its owner (only) is told by mail, with a reset link.
        if (user) await sendVerificationEmail(mailDeps(), user).catch(() => undefined);
        else await service.requestPasswordReset(mailDeps(), req.body.email, 'signup').catch(() => undefined);
        return reply
          .status(201)
          .send({ ok: true as const, email: req.body.email, role: req.body.role, message: service.SIGNUP_MESSAGE });
      },
    );
  }

  r.post(
    '/api/users/login',
    { config: signinLimit, schema: { body: ZLogin, response: { 200: ZUser } } },
    async (req, reply) => {
      const input = req.body;
      await throttle.check(input.email, req.ip);
      let user: Awaited<ReturnType<typeof service.authenticate>>;
      try {
        user = await service.authenticate(db, input.email, input.password, deps.config.passwordCost);
      } catch (err) {
        await throttle.recordFailure(input.email, req.ip);
        throw err;
      }
      await throttle.recordSuccess(input.email, req.ip);
      await startSession(db, clock, reply, user.id, secure, input.rememberMe !== false);
      return service.toPublicUser(user);
    },
  );

  r.post('/api/users/logout', { schema: { response: { 200: ZOk } } }, async (req, reply) => {
    await endSession(db, req, reply);
    return { ok: true as const };
  });

  r.get('/api/users/me', { schema: { response: { 200: ZUser } } }, async (req) =>
    service.toPublicUser(requireUser(req)),
  );

  // Who is signed in, for pages anyone may open: 200 with null for a visitor, so an anonymous page load logs
  // no failed request (issue 26). /api/users/me keeps its 401 for API clients.
  r.get('/api/users/session', { schema: { response: { 200: ZSession } } }, async (req) => ({
    user: req.user ? service.toPublicUser(req.user) : null,
  }));

  r.get(
    '/api/users/by-email',
    { preValidation: signedIn, schema: { querystring: ZEmailQuery, response: { 200: ZUser } } },
    async (req) => {
      const cleaned = req.query.email.replace(/^"+|"+$/g, '').toLowerCase();
      return service.readUserByEmailFor(db, requireUser(req), await repo.findUserByEmail(db, cleaned));
    },
  );

  r.get(
    '/api/users/:id',
    { preValidation: signedIn, schema: { params: ZIdParam, response: { 200: ZUser } } },
    async (req) => service.readUserFor(db, requireUser(req), await repo.findUserById(db, req.params.id)),
  );

  r.put(
    '/api/users/:id',
    { preValidation: signedIn, schema: { params: ZIdParam, body: ZUserUpdate, response: { 200: ZUser } } },
    async (req) => service.updateProfile(db, requireUser(req), req.params.id, req.body),
  );

  // The one verification call for every account (POST /api/companies/verify-email stays as an alias).
  r.post(
    '/api/users/verify-email',
    { config: authLimit, schema: { body: ZVerifyEmail, response: { 200: ZEmailVerified } } },
    async (req) => {
      const { email } = await verifyEmail(deps, req.body.token);
      return { ok: true as const, email, message: 'Your email has been verified.' };
    },
  );

  // Signed in: a new verification email for the own account, with the truth about the cooldown.
  r.post(
    '/api/users/resend-verification',
    { config: authLimit, schema: { response: { 200: ZResendResult } } },
    async (req) => resendVerificationFor(mailDeps(), requireUser(req)),
  );

  r.post(
    '/api/users/forgot-password',
    { config: authLimit, schema: { body: ZForgotPassword, response: { 200: ZOkMessage } } },
    async (req) => {
      const { email } = req.body;
      await service.requestPasswordReset({ db, mailer: deps.mailer, clock, publicUrl: deps.config.publicUrl }, email);
      return { ok: true as const, message: 'If an account exists for that email, a reset link is on its way.' };
    },
  );

  r.post(
    '/api/users/reset-password',
    { config: authLimit, schema: { body: ZResetPassword, response: { 200: ZOkMessage } } },
    async (req) => {
      const { token, password } = req.body;
      const userId = await service.resetPassword({ db, clock, config: deps.config }, token, password);
      const user = await repo.findUserById(db, userId);
      if (user) await throttle.lift(user.email);
      return { ok: true as const, message: 'Your password has been changed. Please sign in.' };
    },
  );
}
