import { ZForgotPassword, ZLogin, ZResetPassword, ZSignup, ZUserUpdate, ZVerifyEmail } from '@assessly/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app';
import { createAccountThrottle } from '../../lib/account-throttle';
import { endSession, requireUser, startSession } from '../../lib/auth';
import { parseInput } from '../../lib/validate';
import { resendVerificationFor, sendVerificationEmail, verifyEmail } from '../companies/companies.service';
import * as repo from './users.repo';
import * as service from './users.service';

const ZIdParam = z.object({ id: z.string().uuid('User not found') });

export async function usersRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, clock } = deps;
  const authLimit = { rateLimit: { max: deps.authRateLimit, timeWindow: '1 minute' } };
  // Sign-in and sign-up: a high ceiling per address (a test centre shares one) and a low one per account.
  const signinLimit = { rateLimit: { max: deps.config.signinIpRateLimit, timeWindow: '1 minute' } };
  const throttle = createAccountThrottle({ maxFailures: deps.config.signinAccountLimit, clock });
  const secure = deps.config.publicUrl.startsWith('https://');
  const mailDeps = () => ({ ...deps, publicUrl: deps.config.publicUrl });

  const signup = async (req: import('fastify').FastifyRequest, reply: import('fastify').FastifyReply) => {
    const user = await service.createUser(db, parseInput(ZSignup, req.body), deps.config.passwordCost);
    // Every account verifies its email through the same link and call (POST /api/users/verify-email).
    await sendVerificationEmail(mailDeps(), user).catch(() => undefined);
    return reply.status(201).send(service.toPublicUser(user));
  };
  app.post('/api/users/add', { config: signinLimit }, signup);
  app.post('/api/users', { config: signinLimit }, signup);

  app.post('/api/users/login', { config: signinLimit }, async (req, reply) => {
    const input = parseInput(ZLogin, req.body);
    throttle.check(input.email);
    let user: Awaited<ReturnType<typeof service.authenticate>>;
    try {
      user = await service.authenticate(db, input.email, input.password, deps.config.passwordCost);
    } catch (err) {
      throttle.recordFailure(input.email);
      throw err;
    }
    throttle.recordSuccess(input.email);
    await startSession(db, clock, reply, user.id, secure, input.rememberMe !== false);
    return service.toPublicUser(user);
  });

  app.post('/api/users/logout', async (req, reply) => {
    await endSession(db, req, reply);
    return { ok: true };
  });

  app.get('/api/users/me', async (req) => service.toPublicUser(requireUser(req)));

  app.get('/api/users/by-email', async (req) => {
    const viewer = requireUser(req);
    const { email } = parseInput(z.object({ email: z.string().trim().min(1, 'Email is required') }), req.query);
    const cleaned = email.replace(/^"+|"+$/g, '').toLowerCase();
    return service.readUserFor(db, viewer, await repo.findUserByEmail(db, cleaned));
  });

  app.get('/api/users/:id', async (req) => {
    const viewer = requireUser(req);
    const { id } = parseInput(ZIdParam, req.params);
    return service.readUserFor(db, viewer, await repo.findUserById(db, id));
  });

  app.put('/api/users/:id', async (req) => {
    const viewer = requireUser(req);
    const { id } = parseInput(ZIdParam, req.params);
    return service.updateProfile(db, viewer, id, parseInput(ZUserUpdate, req.body));
  });

  // The one verification call for every account (POST /api/companies/verify-email stays as an alias).
  app.post('/api/users/verify-email', { config: authLimit }, async (req) => {
    const { token } = parseInput(ZVerifyEmail, req.body);
    const { email } = await verifyEmail(deps, token);
    return { ok: true, email, message: 'Your email has been verified.' };
  });

  // Signed in: a new verification email for the own account, with the truth about the cooldown.
  app.post('/api/users/resend-verification', { config: authLimit }, async (req) => {
    const user = requireUser(req);
    return resendVerificationFor(mailDeps(), user);
  });

  app.post('/api/users/forgot-password', { config: authLimit }, async (req) => {
    const { email } = parseInput(ZForgotPassword, req.body);
    await service.requestPasswordReset({ db, mailer: deps.mailer, clock, publicUrl: deps.config.publicUrl }, email);
    return { ok: true, message: 'If an account exists for that email, a reset link is on its way.' };
  });

  app.post('/api/users/reset-password', { config: authLimit }, async (req) => {
    const { token, password } = parseInput(ZResetPassword, req.body);
    await service.resetPassword({ db, clock, config: deps.config }, token, password);
    return { ok: true, message: 'Your password has been changed. Please sign in.' };
  });
}
