import {
  LOGO_MSG,
  ZAcceptInvite,
  ZCompanyInvite,
  ZCompanyMember,
  ZCompanyProfileUpdate,
  ZCompanyRegistered,
  ZEmailVerified,
  ZInviteColleague,
  ZInviteInfo,
  ZMemberRoleUpdate,
  ZMyCompany,
  ZOk,
  ZPipeline,
  ZPipelineUpdate,
  ZRegisterCompany,
  ZResendResult,
  ZResendVerification,
  ZReviewerAccess,
  ZReviewerAccessUpdate,
  ZUser,
  ZVerifyEmail,
} from '@assessly/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { requireEmployer, startSession } from '../../lib/auth';
import { AppError } from '../../lib/errors';
import { MAIL_SENDING_LIMIT, perSessionLimit } from '../../lib/rate-limits';
import { employerOnly, typed } from '../../lib/route-schema';
import { parseInput } from '../../lib/validate';
import { type LogoUpload, parseLogoDataUrl } from './companies.logo';
import { readPipeline, savePipeline } from './companies.pipeline';
import * as service from './companies.service';
import * as team from './companies.team';
import { readReviewerAccess, saveReviewerAccess } from './hidden-access';

const ZMemberParam = z.object({ userId: z.string().uuid('This person is not a member of your company') });
// Malformed ids and tokens keep their 404 / TOKEN_INVALID answers: the handlers check them, not the schema.
const ZIdParam = z.object({ id: z.string() });
const ZTokenParam = z.object({ token: z.string() });

/** The JSON form carries the logo as a base64 data URL: 5 MB of bytes is about 7 MB of text. */
const REGISTER_BODY_LIMIT = 8 * 1024 * 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TOKEN = /^[A-Za-z0-9_-]{10,200}$/;
function checkInviteToken(token: string) {
  if (!TOKEN.test(token)) throw new AppError('TOKEN_INVALID', 'This invitation link is invalid or has expired.');
}

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
  const r = typed(app);

  // Multipart or JSON: the fields are read and checked in the handler.
  app.post(
    '/api/register-company',
    { bodyLimit: REGISTER_BODY_LIMIT, config: authLimit, schema: { response: { 201: ZCompanyRegistered } } },
    async (req, reply) => {
      const { fields, logo } = await readRegistration(req);
      const input = parseInput(ZRegisterCompany, fields);
      // The same answer for a new and a taken address (issue 23), and no session: the page signs in next, with
      // the password just chosen, and lands on /admin.
      await service.registerCompany(companyDeps(), input, logo);
      return reply
        .status(201)
        .send({ ok: true as const, email: input.adminEmail, message: service.REGISTERED_MESSAGE });
    },
  );

  // Image bytes: no response schema.
  r.get('/api/companies/:id/logo', { schema: { params: ZIdParam } }, async (req, reply) => {
    const { id } = req.params;
    if (!UUID.test(id)) throw new AppError('NOT_FOUND', 'This company has no logo');
    const logo = await service.readCompanyLogo(deps, id);
    return reply
      .header('content-type', logo.contentType)
      .header('cache-control', 'public, max-age=300')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(logo.data);
  });

  r.post(
    '/api/companies/verify-email',
    { config: authLimit, schema: { body: ZVerifyEmail, response: { 200: ZEmailVerified } } },
    async (req) => {
      const { email } = await service.verifyEmail(deps, req.body.token);
      return { ok: true as const, email, message: 'Your email has been verified.' };
    },
  );

  r.post(
    '/api/companies/resend-verification',
    { config: authLimit, schema: { body: ZResendVerification, response: { 200: ZResendResult } } },
    async (req) => service.resendVerification(companyDeps(), req.body.email),
  );

  r.get('/api/companies/me', { schema: { response: { 200: ZMyCompany } } }, async (req) =>
    service.readMyCompany(deps, requireEmployer(req)),
  );

  // The profile and settings (owners and admins; the service authorizes 'company.manage').
  r.put(
    '/api/companies/me',
    { preValidation: employerOnly, schema: { body: ZCompanyProfileUpdate, response: { 200: ZMyCompany } } },
    async (req) => service.updateCompanyProfile(deps, requireEmployer(req), req.body, req.ip),
  );

  // The hiring pipeline (issue 26): every employer of the company reads it; owners and admins change it.
  r.get(
    '/api/companies/me/pipeline',
    { preValidation: employerOnly, schema: { response: { 200: ZPipeline } } },
    async (req) => readPipeline(deps, requireEmployer(req)),
  );
  r.put(
    '/api/companies/me/pipeline',
    { preValidation: employerOnly, schema: { body: ZPipelineUpdate, response: { 200: ZPipeline } } },
    async (req) => savePipeline(deps, requireEmployer(req), req.body),
  );

  // Issue 42: do reviewers read hidden cases and model solutions? Every member reads it; owners and admins change it.
  r.get(
    '/api/companies/me/reviewer-access',
    { preValidation: employerOnly, schema: { response: { 200: ZReviewerAccess } } },
    async (req) => readReviewerAccess(deps.db, requireEmployer(req)),
  );
  r.put(
    '/api/companies/me/reviewer-access',
    { preValidation: employerOnly, schema: { body: ZReviewerAccessUpdate, response: { 200: ZReviewerAccess } } },
    async (req) => saveReviewerAccess(deps.db, requireEmployer(req), req.body, req.ip),
  );

  r.post(
    '/api/companies/invitations',
    {
      config: perSessionLimit(MAIL_SENDING_LIMIT),
      preValidation: employerOnly,
      schema: { body: ZInviteColleague, response: { 201: ZCompanyInvite } },
    },
    async (req, reply) => {
      const { email, role } = req.body;
      return reply.status(201).send(await service.inviteColleague(companyDeps(), requireEmployer(req), email, role));
    },
  );

  r.delete(
    '/api/companies/invitations/:token',
    { schema: { params: ZTokenParam, response: { 200: ZOk } } },
    async (req) => {
      const { token } = req.params;
      const actor = requireEmployer(req);
      if (!/^[0-9a-f]{64}$/i.test(token)) throw new AppError('NOT_FOUND', 'Invitation not found');
      await team.revokeTeamInvite(deps, actor, token);
      return { ok: true as const };
    },
  );

  r.get('/api/companies/members', { schema: { response: { 200: z.array(ZCompanyMember) } } }, async (req) =>
    team.listTeam(deps, requireEmployer(req)),
  );

  r.put(
    '/api/companies/members/:userId',
    {
      preValidation: employerOnly,
      schema: { params: ZMemberParam, body: ZMemberRoleUpdate, response: { 200: ZCompanyMember } },
    },
    async (req) => team.changeMemberRole(deps, requireEmployer(req), req.params.userId, req.body.role),
  );

  r.delete(
    '/api/companies/members/:userId',
    { preValidation: employerOnly, schema: { params: ZMemberParam, response: { 200: ZOk } } },
    async (req) => {
      await team.removeMember(deps, requireEmployer(req), req.params.userId);
      return { ok: true as const };
    },
  );

  r.get(
    '/api/companies/invitations/:token',
    { schema: { params: ZTokenParam, response: { 200: ZInviteInfo } } },
    async (req) => {
      checkInviteToken(req.params.token);
      return service.readInvite(deps, req.params.token);
    },
  );

  // The token is checked before the body (preValidation): a bad link answers TOKEN_INVALID whatever was sent.
  r.post(
    '/api/companies/invitations/:token/accept',
    {
      config: authLimit,
      preValidation: async (req) => checkInviteToken((req.params as { token: string }).token),
      schema: { params: ZTokenParam, body: ZAcceptInvite, response: { 201: ZUser } },
    },
    async (req, reply) => {
      // New accounts only (the invite names the email); a signed-in visitor's session is replaced by the new one.
      const user = await service.acceptInvite(deps, req.params.token, req.body);
      await startSession(db, clock, reply, user.id, secure());
      return reply.status(201).send(service.toPublicUser(user));
    },
  );
}
