/**
 * One-go sign-up from an invitation (issue 26): the candidate opens the emailed link, gives a name and a password,
 * and is signed in with a verified address, so the invitation's progress follows their attempt at once. The token
 * is the credential for the address; an address that already has an account must sign in instead.
 */
import { ZInviteSignup, ZUser } from '@assessly/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { startSession } from '../../lib/auth';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { typed } from '../../lib/route-schema';
import { hashToken } from '../../lib/tokens';
import { recordAudit } from '../audit/audit.service';
import { findTest } from '../tests/tests.access';
import { findUserByEmail, insertUser } from '../users/users.repo';
import { toPublicUser } from '../users/users.service';
import { findByTokenHash } from './invitations.repo';

const ZTokenParam = z.object({ token: z.string().min(1).max(200) });
const taken = () => new AppError('EMAIL_TAKEN', 'An account with this email already exists: please sign in instead');

export async function inviteSignupRoutes(app: FastifyInstance, deps: AppDeps) {
  const secure = deps.config.publicUrl.startsWith('https://');
  typed(app).post(
    '/api/invitations/accept/:token/signup',
    {
      config: { rateLimit: { max: deps.config.signinIpRateLimit, timeWindow: '1 minute' } },
      schema: { params: ZTokenParam, body: ZInviteSignup, response: { 201: ZUser } },
    },
    async (req, reply) => {
      const inv = await findByTokenHash(deps.db, hashToken(req.params.token));
      if (!inv)
        throw new AppError('NOT_FOUND', 'This invitation link is invalid or has been replaced by a newer email');
      const email = inv.email.toLowerCase();
      if (await findUserByEmail(deps.db, email)) throw taken();
      const passwordHash = await hashPassword(req.body.password, deps.config.passwordCost);
      let user: Awaited<ReturnType<typeof insertUser>>;
      try {
        user = await insertUser(deps.db, {
          email,
          passwordHash,
          firstName: req.body.firstName,
          lastName: req.body.lastName,
          role: 'candidate',
          emailVerifiedAt: deps.clock.now(),
        });
      } catch (err) {
        if (isUniqueViolation(err, 'users_email_key')) throw taken();
        throw err;
      }
      // Issue 23: the invited candidate accepted the link by creating their account (on the company's trail).
      const test = await findTest(deps.db, inv.testId);
      await recordAudit(deps.db, {
        companyId: test?.companyId ?? null,
        actorId: user.id,
        action: 'candidate.invite_accepted',
        targetType: 'invitation',
        targetId: inv.id,
        ip: req.ip,
        detail: { testId: inv.testId, signedUp: true },
      });
      await startSession(deps.db, deps.clock, reply, user.id, secure);
      return reply.status(201).send(toPublicUser(user));
    },
  );
}
