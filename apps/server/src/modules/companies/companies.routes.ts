import {
  LOGO_MSG,
  stepOfField,
  ZAcceptInvite,
  ZInviteColleague,
  ZMemberRoleUpdate,
  ZRegisterCompany,
  ZResendVerification,
  ZVerifyEmail,
} from '@assessly/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app';
import { requireEmployer, startSession } from '../../lib/auth';
import { AppError } from '../../lib/errors';
import { MAIL_SENDING_LIMIT, perSessionLimit } from '../../lib/rate-limits';
import { parseInput } from '../../lib/validate';
import { type LogoUpload, parseLogoDataUrl } from './companies.logo';
import * as service from './companies.service';
import * as team from './companies.team';

const ZMemberParam = z.object({ userId: z.string().uuid('This person is not a member of your company') });

/** The JSON form carries the logo as a base64 data URL: 5 MB of bytes is about 7 MB of text. */
const REGISTER_BODY_LIMIT = 8 * 1024 * 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TOKEN = /^[A-Za-z0-9_-]{10,200}$/;

/** Multipart (fields + file `companyLogo`) or JSON (logo as a data URL string). */
async function readRegistration(
  req: FastifyRequest,
): Promise<{ fields: Record<string, unknown>; logo: LogoUpload | null }> {
  if (!req.isMultipart()) {
    const fields = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
    return { fields, logo: parseLogoDataUrl(fields.companyLogo) };
  }
  const fields: Record<string, unknown> = {};
  let logo: LogoUpload | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        // An empty file input sends a part with no name and no bytes: no logo.
        if (part.fieldname === 'companyLogo' && (data.length > 0 || part.filename))
          logo = { data, declaredType: part.mimetype };
      } else {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('VALIDATION', LOGO_MSG.logoTooBig, { companyLogo: LOGO_MSG.logoTooBig });
    }
    throw err;
  }
  return { fields, logo };
}

/** Field errors of the registration carry the wizard step (1..3) that shows them. */
async function withStep(reply: FastifyReply, run: () => Promise<unknown>) {
  try {
    return await run();
  } catch (err) {
    if (err instanceof AppError && err.fields) {
      const step = Math.min(...Object.keys(err.fields).map(stepOfField));
      return reply.status(err.status).send({ code: err.code, message: err.message, fields: err.fields, step });
    }
    throw err;
  }
}

export async function companiesRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, clock } = deps;
  const authLimit = { rateLimit: { max: deps.authRateLimit, timeWindow: '1 minute' } };
  // Read at call time: the e2e harness learns its public URL after the app is built.
  const companyDeps = (): service.CompanyDeps => ({
    db,
    clock,
    mailer: deps.mailer,
    blobs: deps.blobs,
    publicUrl: deps.config.publicUrl,
    config: deps.config,
  });
  const secure = () => deps.config.publicUrl.startsWith('https://');

  app.post('/api/register-company', { bodyLimit: REGISTER_BODY_LIMIT, config: authLimit }, async (req, reply) =>
    withStep(reply, async () => {
      const { fields, logo } = await readRegistration(req);
      const input = parseInput(ZRegisterCompany, fields);
      const { company, user } = await service.registerCompany(companyDeps(), input, logo);
      // Go to Dashboard on the success screen goes straight to /admin: the admin is signed in.
      await startSession(db, clock, reply, user.id, secure());
      return reply.status(201).send({ company: service.toPublicCompany(company), user: service.toPublicUser(user) });
    }),
  );

  app.get('/api/companies/:id/logo', async (req, reply) => {
    const { id } = req.params as { id: string };
    if (!UUID.test(id)) throw new AppError('NOT_FOUND', 'This company has no logo');
    const logo = await service.readCompanyLogo(deps, id);
    return reply
      .header('content-type', logo.contentType)
      .header('cache-control', 'public, max-age=300')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(logo.data);
  });

  app.post('/api/companies/verify-email', { config: authLimit }, async (req) => {
    const { token } = parseInput(ZVerifyEmail, req.body);
    const { email } = await service.verifyEmail(deps, token);
    return { ok: true, email, message: 'Your email has been verified.' };
  });

  app.post('/api/companies/resend-verification', { config: authLimit }, async (req) => {
    const { email } = parseInput(ZResendVerification, req.body);
    return service.resendVerification(companyDeps(), email);
  });

  app.get('/api/companies/me', async (req) => service.readMyCompany(deps, requireEmployer(req)));

  app.post('/api/companies/invitations', { config: perSessionLimit(MAIL_SENDING_LIMIT) }, async (req, reply) => {
    const admin = requireEmployer(req);
    const { email, role } = parseInput(ZInviteColleague, req.body);
    return reply.status(201).send(await service.inviteColleague(companyDeps(), admin, email, role));
  });

  app.delete('/api/companies/invitations/:token', async (req) => {
    const { token } = req.params as { token: string };
    const actor = requireEmployer(req);
    if (!/^[0-9a-f]{64}$/i.test(token)) throw new AppError('NOT_FOUND', 'Invitation not found');
    await team.revokeTeamInvite(deps, actor, token);
    return { ok: true };
  });

  app.get('/api/companies/members', async (req) => team.listTeam(deps, requireEmployer(req)));

  app.put('/api/companies/members/:userId', async (req) => {
    const actor = requireEmployer(req);
    const { userId } = parseInput(ZMemberParam, req.params);
    const { role } = parseInput(ZMemberRoleUpdate, req.body);
    return team.changeMemberRole(deps, actor, userId, role);
  });

  app.delete('/api/companies/members/:userId', async (req) => {
    const actor = requireEmployer(req);
    const { userId } = parseInput(ZMemberParam, req.params);
    await team.removeMember(deps, actor, userId);
    return { ok: true };
  });

  app.get('/api/companies/invitations/:token', async (req) => {
    const { token } = req.params as { token: string };
    if (!TOKEN.test(token)) throw new AppError('TOKEN_INVALID', 'This invitation link is invalid or has expired.');
    return service.readInvite(deps, token);
  });

  app.post('/api/companies/invitations/:token/accept', { config: authLimit }, async (req, reply) => {
    const { token } = req.params as { token: string };
    if (!TOKEN.test(token)) throw new AppError('TOKEN_INVALID', 'This invitation link is invalid or has expired.');
    // New accounts only (the invite names the email); a signed-in visitor's session is replaced by the new one.
    const user = await service.acceptInvite(deps, token, parseInput(ZAcceptInvite, req.body));
    await startSession(db, clock, reply, user.id, secure());
    return reply.status(201).send(service.toPublicUser(user));
  });
}
