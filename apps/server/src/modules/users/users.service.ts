import type { TCandidateProfile, TSignup, TUser, TUserUpdate } from '@assessly/shared';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { companies, type UserRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import { hashPassword, type PasswordCost, spendVerifyTime, verifyPassword } from '../../lib/passwords';
import { createToken, hashToken } from '../../lib/tokens';
import * as repo from './users.repo';

export const RESET_TOKEN_MINUTES = 60;
/** At most one reset email a minute per account: the form is public, so it must not be a mail cannon. */
export const RESET_COOLDOWN_MS = 60_000;

/** The profile a reviewer sees of a candidate: the person, not the account. */
export function profileOf(u: UserRow) {
  return {
    id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    role: u.role,
    gender: u.gender,
    dob: u.dob,
    mobileNumber: u.mobileNumber,
    bio: u.bio,
    educationDetails: u.educationDetails,
    experienceDetails: u.experienceDetails,
  } satisfies TCandidateProfile;
}

/** The public projection of a user row: never the password hash. */
export function toPublicUser(u: UserRow): TUser {
  return {
    ...profileOf(u),
    companyId: u.companyId,
    companyRole: u.companyRole,
    emailVerified: u.emailVerifiedAt != null,
    createdAt: u.createdAt.toISOString(),
  };
}

/** What sign-up answers, whether or not the address already had an account (issue 23: no enumeration). */
export const SIGNUP_MESSAGE = 'Check your email: we sent you a link to verify your address. Then sign in.';

/**
 * Creates the account, or returns null when the address already has one. Both paths hash the password, so
 * the answer takes as long either way; the route mails the new account a verification link and the existing
 * owner a note (with a reset link), and answers both alike.
 */
export async function createUser(db: Db, input: TSignup, cost: PasswordCost): Promise<UserRow | null> {
  const passwordHash = await hashPassword(input.password, cost);
  if (await repo.findUserByEmail(db, input.email)) return null;
  try {
    return await db.transaction(async (tx) => {
      const base = {
        email: input.email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        role: input.role,
      };
      if (input.role !== 'employer') return repo.insertUser(tx, base);
      // An employer who signs up alone gets a company of their own (a tenant of one).
      const [company] = await tx
        .insert(companies)
        .values({
          name: `${input.firstName} ${input.lastName}`.trim(),
          email: `${crypto.randomUUID()}@personal.assessly`,
        })
        .returning({ id: companies.id });
      return repo.insertUser(tx, { ...base, companyId: company!.id, companyRole: 'owner' });
    });
  } catch (err) {
    // Two sign-ups racing for one email: the unique index decides; the loser is answered like any taken address.
    if (isUniqueViolation(err, 'users_email_key')) return null;
    throw err;
  }
}

export async function authenticate(db: Db, email: string, password: string, cost: PasswordCost): Promise<UserRow> {
  const user = await repo.findUserByEmail(db, email);
  if (!user) {
    await spendVerifyTime(password, cost);
    throw new AppError('INVALID_CREDENTIALS', 'Invalid email or password');
  }
  const ok = await verifyPassword(user.passwordHash, password);
  if (!ok) throw new AppError('INVALID_CREDENTIALS', 'Invalid email or password');
  return user;
}

/**
 * Who may read a user: the user itself; an employer whose company's tests the user has attempted or
 * submitted to (docs/DECISIONS.md §3). Everyone else gets 403.
 */
export async function canReadUser(db: Db, viewer: UserRow, target: UserRow): Promise<boolean> {
  if (viewer.id === target.id) return true;
  if (viewer.role !== 'employer') return false;
  const rows = await db.execute(sql`
    SELECT 1 FROM tests t
    WHERE (t.created_by = ${viewer.id} OR (${viewer.companyId}::uuid IS NOT NULL AND t.company_id = ${viewer.companyId}::uuid))
      AND (EXISTS (SELECT 1 FROM attempts a WHERE a.test_id = t.id AND a.user_id = ${target.id})
        OR EXISTS (SELECT 1 FROM submissions s WHERE s.test_id = t.id AND s.user_id = ${target.id}))
    LIMIT 1`);
  const list = Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows;
  return list.length > 0;
}

export async function readUserFor(db: Db, viewer: UserRow, target: UserRow | null): Promise<TUser> {
  if (!target) throw new AppError('USER_NOT_FOUND', 'User not found');
  if (!(await canReadUser(db, viewer, target))) throw new AppError('FORBIDDEN', 'You cannot view this user');
  return toPublicUser(target);
}

/**
 * GET /api/users/by-email (issue 23): an address you may not read answers exactly like an unknown one, so the
 * call cannot tell whether an account exists.
 */
export async function readUserByEmailFor(db: Db, viewer: UserRow, target: UserRow | null): Promise<TUser> {
  if (!target || !(await canReadUser(db, viewer, target))) throw new AppError('USER_NOT_FOUND', 'User not found');
  return toPublicUser(target);
}

export async function updateProfile(db: Db, viewer: UserRow, id: string, input: TUserUpdate): Promise<TUser> {
  if (viewer.id !== id) throw new AppError('FORBIDDEN', 'You can only change your own profile');
  const row = await repo.updateUser(db, id, input);
  if (!row) throw new AppError('USER_NOT_FOUND', 'User not found');
  return toPublicUser(row);
}

export async function requestPasswordReset(
  deps: { db: Db; mailer: Mailer; clock: Clock; publicUrl: string },
  email: string,
  /** 'signup': someone tried to sign up with an address that has an account (the owner learns it, nobody else). */
  reason: 'forgot' | 'signup' = 'forgot',
): Promise<void> {
  const user = await repo.findUserByEmail(deps.db, email);
  // The answer is the same whether or not the account exists, so it cannot be used to probe emails.
  if (!user) return;
  const now = deps.clock.now();
  const latest = (await repo.findLatestUserToken(deps.db, user.id, 'password_reset'))?.createdAt ?? null;
  if (latest && now.getTime() - latest.getTime() < RESET_COOLDOWN_MS) return;
  const { token, hash: tokenHash } = createToken();
  await repo.insertOneTimeToken(deps.db, {
    tokenHash,
    kind: 'password_reset',
    userId: user.id,
    expiresAt: new Date(now.getTime() + RESET_TOKEN_MINUTES * 60_000),
    createdAt: now,
  });
  const link = `${deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  const hello = `Hello ${user.firstName || 'there'},\n\n`;
  if (reason === 'signup') {
    await deps.mailer.send({
      to: user.email,
      kind: 'signup_existing',
      subject: 'You already have an Assessly account',
      text: `${hello}Someone tried to create an Assessly account with this address, which already has one.\nIf it was you, sign in at ${deps.publicUrl}/login, or open this link within ${RESET_TOKEN_MINUTES} minutes to choose a new password (it works once):\n\n${link}\n\nIf it was not you, ignore this email; nothing has changed.`,
    });
    return;
  }
  await deps.mailer.send({
    to: user.email,
    kind: 'password_reset',
    subject: 'Reset your Assessly password',
    text: `${hello}Someone asked to reset the password of your Assessly account.\nOpen this link within ${RESET_TOKEN_MINUTES} minutes to choose a new password (it works once):\n\n${link}\n\nIf it was not you, ignore this email; your password stays as it is.`,
  });
}

export async function resetPassword(
  deps: { db: Db; clock: Clock; config: Pick<Config, 'passwordCost'> },
  token: string,
  password: string,
): Promise<string> {
  const passwordHash = await hashPassword(password, deps.config.passwordCost);
  const used = await repo.consumeOneTimeToken(deps.db, hashToken(token), 'password_reset', deps.clock.now());
  if (!used?.userId)
    throw new AppError('TOKEN_INVALID', 'This reset link is invalid or has expired. Please ask for a new one.');
  await repo.updateUser(deps.db, used.userId, { passwordHash });
  // A new password signs out every other session.
  await repo.deleteSessionsOfUser(deps.db, used.userId);
  return used.userId;
}
