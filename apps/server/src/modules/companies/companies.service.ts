/**
 * Companies are the tenants: a registered company gets its admin (an employer) in the same transaction,
 * colleagues join by an emailed invitation as recruiters, and every employer of a company manages its tests
 * (modules/tests/tests.access.ts). Email addresses are verified by an emailed one-time link.
 */

import type {
  TAcceptInvite,
  TCompany,
  TCompanyInvite,
  TCompanyProfileUpdate,
  TInvitableRole,
  TMyCompany,
  TRegisterCompany,
} from '@assessly/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { CompanyRow, UserRow } from '../../db/schema';
import type { BlobStore } from '../../lib/blobs';
import type { Clock } from '../../lib/clock';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import { hashPassword } from '../../lib/passwords';
import { authorize, isCompanyAdmin, roleOf } from '../../lib/policy';
import { createToken, hashToken } from '../../lib/tokens';
import { recordAudit } from '../audit/audit.service';
import * as usersRepo from '../users/users.repo';
import { requestPasswordReset, toPublicUser } from '../users/users.service';
import { checkLogo, type LogoUpload } from './companies.logo';
import * as repo from './companies.repo';
import { toMember } from './companies.team';
import { requireVerifiedSender } from './verified-sender';

export const VERIFY_TOKEN_HOURS = 24;
export const INVITE_TOKEN_DAYS = 7;
/** A new verification email is sent at most once a minute per account (the answer stays neutral). */
export const RESEND_COOLDOWN_MS = 60_000;

export interface CompanyDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  blobs: BlobStore;
  publicUrl: string;
  config: Pick<Config, 'passwordCost'>;
}

const ADMIN_EMAIL_TAKEN = 'An account with this email already exists';
const VERIFY_LINK_INVALID = 'This verification link is invalid or has expired. Please ask for a new one.';
const INVITE_LINK_INVALID =
  'This invitation link is invalid or has expired. Please ask your company admin for a new one.';

export function toPublicCompany(c: CompanyRow): TCompany {
  return {
    id: c.id,
    name: c.name,
    email: c.email,
    website: c.website,
    industry: c.industry,
    companySize: c.companySize,
    establishedYear: c.establishedYear,
    description: c.description,
    linkedinUrl: c.linkedinUrl,
    logoUrl: c.logoKey ? `/api/companies/${c.id}/logo` : null,
    showCandidateScore: c.showCandidateScore,
    createdAt: c.createdAt.toISOString(),
  };
}

function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const parts = fullName.trim().split(/\s+/);
  return { firstName: parts[0] ?? '', lastName: parts.slice(1).join(' ') };
}

/** What registration answers, whether or not an address was taken (issue 23: the answer tells nothing). */
export const REGISTERED_MESSAGE =
  'Check your email: we sent a link to verify your address. You can sign in with your work email and password now.';

/**
 * Creates the company and its admin in one transaction, stores the logo, and emails a verification link. An
 * address already in use answers the same as a new one (issue 23): the owner of a taken work email is mailed
 * (a sign-in and reset link, at most once a minute), and a work email whose company address is taken is told so
 * in its own inbox; the caller learns nothing. Returns null when nothing was created.
 */
export async function registerCompany(deps: CompanyDeps, input: TRegisterCompany, logo: LogoUpload | null) {
  const logoType = logo ? checkLogo(logo) : null;
  // One-step sign-up: without a company address the work email is the company's too.
  const companyEmail = input.companyEmail || input.adminEmail;
  const [companyTaken, adminTaken] = await Promise.all([
    repo.findCompanyByEmail(deps.db, companyEmail),
    usersRepo.findUserByEmail(deps.db, input.adminEmail),
  ]);
  // Hashed whatever happens, so a taken address answers in the same time as a new one.
  const passwordHash = await hashPassword(input.password, deps.config.passwordCost);
  if (adminTaken || companyTaken) {
    await tellTakenAddress(deps, input.adminEmail, adminTaken ? 'account' : 'company');
    return null;
  }
  const logoKey = logo && logoType ? await deps.blobs.put('logos', logo.data, logoType) : null;
  try {
    const { company, user } = await deps.db.transaction(async (tx) => {
      const company = await repo.insertCompany(tx, {
        name: input.companyName,
        email: companyEmail,
        website: input.website || null,
        industry: input.industry || null,
        companySize: input.companySize || null,
        establishedYear: input.establishedYear ?? null,
        description: input.description || null,
        linkedinUrl: input.linkedinUrl || null,
        logoKey,
        logoType,
      });
      const user = await usersRepo.insertUser(tx, {
        email: input.adminEmail,
        passwordHash,
        ...splitFullName(input.fullName),
        designation: input.designation,
        role: 'employer',
        companyId: company.id,
        companyRole: 'owner',
      });
      return { company, user };
    });
    // The account exists whatever happens to the email; the success screen offers Resend.
    await sendVerificationEmail(deps, user).catch(() => undefined);
    return { company, user };
  } catch (err) {
    if (logoKey) await deps.blobs.delete(logoKey).catch(() => undefined);
    // Two registrations racing for one address: the unique indexes decide, and the loser answers like the winner.
    if (isUniqueViolation(err, 'users_email_key') || isUniqueViolation(err, 'companies_email_key')) {
      await tellTakenAddress(deps, input.adminEmail, isUniqueViolation(err, 'users_email_key') ? 'account' : 'company');
      return null;
    }
    throw err;
  }
}

/** Mail to the work email of a registration that created nothing: only its owner learns why. */
async function tellTakenAddress(deps: CompanyDeps, adminEmail: string, taken: 'account' | 'company') {
  if (taken === 'account') {
    // the owner of the account gets a sign-in and reset link (at most one a minute), as a taken sign-up does
    await requestPasswordReset(deps, adminEmail, 'signup').catch(() => undefined);
    return;
  }
  await deps.mailer
    .send({
      to: adminEmail,
      kind: 'signup_existing',
      subject: 'This company is already on Assessly',
      text: `Hello,\n\nSomeone tried to register a company on Assessly with this work email, but the company's address is already registered. Nothing was created.\nIf it was you, ask your company's owner to invite you to its team (${deps.publicUrl}/login).\n\nIf it was not you, ignore this email.`,
    })
    .catch(() => undefined);
}

export async function sendVerificationEmail(deps: CompanyDeps, user: UserRow): Promise<void> {
  const { token, hash } = createToken();
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + VERIFY_TOKEN_HOURS * 3_600_000);
  await usersRepo.insertOneTimeToken(deps.db, {
    tokenHash: hash,
    kind: 'email_verification',
    userId: user.id,
    email: user.email,
    expiresAt,
    createdAt: now,
  });
  const link = `${deps.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
  await deps.mailer.send({
    to: user.email,
    kind: 'email_verification',
    subject: 'Verify your email for Assessly',
    text: `Hello ${user.firstName || 'there'},\n\nWelcome to Assessly. Please confirm your email address by opening this link within ${VERIFY_TOKEN_HOURS} hours (it works once):\n\n${link}\n\nIf you did not register, ignore this email.`,
  });
}

export async function verifyEmail(deps: Pick<CompanyDeps, 'db' | 'clock'>, token: string): Promise<{ email: string }> {
  const now = deps.clock.now();
  const used = await usersRepo.consumeOneTimeToken(deps.db, hashToken(token), 'email_verification', now);
  const user = used?.userId ? await usersRepo.findUserById(deps.db, used.userId) : null;
  if (!user) throw new AppError('TOKEN_INVALID', VERIFY_LINK_INVALID);
  await repo.markEmailVerified(deps.db, user.id, now);
  return { email: user.email };
}

export interface ResendResult {
  ok: true;
  sent: boolean;
  message: string;
  /** Seconds until another email can be sent, when a cooldown held this one back. */
  retryAfterSeconds?: number;
}

/**
 * Sends a new link unless the account is verified or had one in the last minute, and says which happened.
 * A cooldown is answered 429 with the seconds to wait (the truth, not "on its way"). An unknown address gets
 * the neutral answer; registration already tells whether an email is taken, so the cooldown reveals nothing new.
 */
export async function resendVerificationFor(deps: CompanyDeps, user: UserRow): Promise<ResendResult> {
  if (user.emailVerifiedAt) return { ok: true, sent: false, message: 'Your email is already verified.' };
  const latest = await usersRepo.findLatestUserToken(deps.db, user.id, 'email_verification');
  const waited = latest ? deps.clock.now().getTime() - latest.createdAt.getTime() : Number.POSITIVE_INFINITY;
  if (waited < RESEND_COOLDOWN_MS) {
    const seconds = Math.ceil((RESEND_COOLDOWN_MS - waited) / 1000);
    throw new AppError(
      'RATE_LIMITED',
      `A verification email was sent less than a minute ago. Check your inbox, or try again in ${seconds} seconds.`,
    );
  }
  await sendVerificationEmail(deps, user);
  return { ok: true, sent: true, message: `A new verification email is on its way to ${user.email}.` };
}

export async function resendVerification(deps: CompanyDeps, email: string): Promise<ResendResult> {
  const user = await usersRepo.findUserByEmail(deps.db, email);
  if (!user || user.emailVerifiedAt)
    return {
      ok: true,
      sent: false,
      message: 'If this account still needs verifying, a new verification email is on its way.',
    };
  return resendVerificationFor(deps, user);
}

export async function inviteColleague(
  deps: CompanyDeps,
  admin: UserRow,
  email: string,
  role: TInvitableRole = 'recruiter',
): Promise<TCompanyInvite> {
  await requireVerifiedSender(deps.db, admin, 'members.manage');
  if (!admin.companyId) throw new AppError('FORBIDDEN', 'Your account has no company');
  const companyId = admin.companyId;
  const company = await repo.findCompanyById(deps.db, companyId);
  if (!company) throw new AppError('NOT_FOUND', 'Company not found');
  // Issue 23: an address that already has an account is invited like any other (no 409 that would let any
  // verified employer probe addresses); only its owner learns, on the join page, to ask for another address.
  const now = deps.clock.now();
  await repo.retireInvites(deps.db, companyId, email, now);
  const { token, hash } = createToken();
  const expiresAt = new Date(now.getTime() + INVITE_TOKEN_DAYS * 86_400_000);
  await usersRepo.insertOneTimeToken(deps.db, {
    tokenHash: hash,
    kind: 'company_invite',
    email,
    companyId,
    companyRole: role,
    expiresAt,
    createdAt: now,
  });
  const link = `${deps.publicUrl}/join?token=${encodeURIComponent(token)}`;
  const inviter = `${admin.firstName} ${admin.lastName}`.trim() || admin.email;
  await deps.mailer.send({
    to: email,
    kind: 'company_invite',
    subject: `Join ${company.name} on Assessly`,
    text: `Hello,\n\n${inviter} invited you to join ${company.name} on Assessly as ${role === 'admin' ? 'an admin' : `a ${role}`}.\nOpen this link within ${INVITE_TOKEN_DAYS} days to create your account (it works once):\n\n${link}\n\nIf you did not expect this, ignore this email.`,
  });
  return { id: hash, role, email, expiresAt: expiresAt.toISOString(), createdAt: now.toISOString() };
}

async function requireInvite(deps: Pick<CompanyDeps, 'db' | 'clock'>, token: string) {
  const invite = await repo.findUsableToken(deps.db, hashToken(token), 'company_invite', deps.clock.now());
  const company = invite?.companyId ? await repo.findCompanyById(deps.db, invite.companyId) : null;
  if (!invite?.email || !company) throw new AppError('TOKEN_INVALID', INVITE_LINK_INVALID);
  return { invite, company };
}

export async function readInvite(deps: Pick<CompanyDeps, 'db' | 'clock'>, token: string) {
  const { invite, company } = await requireInvite(deps, token);
  return {
    companyName: company.name,
    email: invite.email!,
    expiresAt: invite.expiresAt.toISOString(),
    role: (invite.companyRole ?? 'recruiter') as 'admin' | 'recruiter' | 'reviewer',
  };
}

/** Creates the invited recruiter's account (new accounts only; the email is the invited one, hence verified). */
export async function acceptInvite(
  deps: Pick<CompanyDeps, 'db' | 'clock' | 'config'>,
  token: string,
  input: TAcceptInvite,
): Promise<UserRow> {
  const { invite, company } = await requireInvite(deps, token);
  const email = invite.email!;
  if (await usersRepo.findUserByEmail(deps.db, email)) throw new AppError('EMAIL_TAKEN', ADMIN_EMAIL_TAKEN);
  const passwordHash = await hashPassword(input.password, deps.config.passwordCost);
  const now = deps.clock.now();
  try {
    return await deps.db.transaction(async (tx) => {
      // Consumed inside the transaction: a failed account creation leaves the link usable.
      const used = await usersRepo.consumeOneTimeToken(tx, invite.tokenHash, 'company_invite', now);
      if (!used) throw new AppError('TOKEN_INVALID', INVITE_LINK_INVALID);
      return usersRepo.insertUser(tx, {
        email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        role: 'employer',
        companyId: company.id,
        companyRole: used.companyRole ?? 'recruiter',
        emailVerifiedAt: now,
      });
    });
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_key')) throw new AppError('EMAIL_TAKEN', ADMIN_EMAIL_TAKEN);
    throw err;
  }
}

export async function readMyCompany(deps: Pick<CompanyDeps, 'db' | 'clock'>, user: UserRow): Promise<TMyCompany> {
  authorize(user, 'members.read');
  const company = user.companyId ? await repo.findCompanyById(deps.db, user.companyId) : null;
  if (!company) throw new AppError('NOT_FOUND', 'Company not found');
  const isAdmin = isCompanyAdmin(user);
  const [members, invites] = await Promise.all([
    repo.listMembers(deps.db, company.id),
    isAdmin ? repo.listPendingInvites(deps.db, company.id, deps.clock.now()) : Promise.resolve([]),
  ]);
  return {
    company: toPublicCompany(company),
    members: members.map(toMember),
    invitations: invites.map((i) => ({
      id: i.tokenHash,
      role: i.companyRole ?? 'recruiter',
      email: i.email ?? '',
      expiresAt: i.expiresAt.toISOString(),
      createdAt: i.createdAt.toISOString(),
    })),
    isAdmin,
    myRole: roleOf(user) ?? undefined,
  };
}

/**
 * The profile sign-up left for later and the company's settings (issue 26): owners and admins only
 * ('company.manage'); each change is in the audit log with the fields it set.
 */
export async function updateCompanyProfile(
  deps: Pick<CompanyDeps, 'db' | 'clock'>,
  user: UserRow,
  input: TCompanyProfileUpdate,
  ip: string,
): Promise<TMyCompany> {
  authorize(user, 'company.manage');
  const company = user.companyId ? await repo.findCompanyById(deps.db, user.companyId) : null;
  if (!company) throw new AppError('NOT_FOUND', 'Company not found');
  const values = {
    name: input.companyName,
    website: input.website || null,
    industry: input.industry || null,
    companySize: input.companySize || null,
    establishedYear: input.establishedYear ?? null,
    description: input.description || null,
    linkedinUrl: input.linkedinUrl || null,
    showCandidateScore: input.showCandidateScore,
  };
  await repo.updateCompany(deps.db, company.id, values);
  await recordAudit(deps.db, {
    companyId: company.id,
    actorId: user.id,
    action: 'company.updated',
    targetType: 'company',
    targetId: company.id,
    ip,
    detail: { ...values },
  });
  return readMyCompany(deps, user);
}

export async function readCompanyLogo(deps: Pick<CompanyDeps, 'db' | 'blobs'>, id: string) {
  const company = await repo.findCompanyById(deps.db, id);
  const blob = company?.logoKey ? await deps.blobs.get(company.logoKey) : null;
  if (!company || !blob) throw new AppError('NOT_FOUND', 'This company has no logo');
  return { data: blob.data, contentType: company.logoType ?? blob.contentType };
}

export { toPublicUser };
