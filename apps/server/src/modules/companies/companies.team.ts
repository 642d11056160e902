/**
 * The team of a company: list members, change a member's role, remove a member, revoke a team invitation.
 * Owner and admin manage members (lib/policy.ts); only an owner may grant, change or remove the owner role,
 * and a company always keeps at least one owner. A removed member is detached from the company, loses the
 * employer role and is signed out everywhere; the tests they wrote stay with the company.
 */
import type { TCompanyMember, TCompanyRole } from '@assessly/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { apiTokens, oneTimeTokens, sessions, users } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { authorize, isOwner, roleOf } from '../../lib/policy';
import * as repo from './companies.repo';

type TeamDeps = { db: Db; clock: Clock };

const OWNER_ONLY = 'Changing or granting the owner role needs the owner role';
const LAST_OWNER = 'A company needs at least one owner: make someone else owner first';

export function toMember(m: UserRow): TCompanyMember {
  return {
    id: m.id,
    firstName: m.firstName,
    lastName: m.lastName,
    email: m.email,
    designation: m.designation,
    companyRole: m.companyRole,
    emailVerified: m.emailVerifiedAt != null,
  };
}

function requireCompany(user: UserRow): string {
  if (!user.companyId) throw new AppError('FORBIDDEN', 'Your account has no company');
  return user.companyId;
}

export async function listTeam(deps: TeamDeps, user: UserRow): Promise<TCompanyMember[]> {
  authorize(user, 'members.read');
  return (await repo.listMembers(deps.db, requireCompany(user))).map(toMember);
}

async function requireMember(db: Db, companyId: string, userId: string): Promise<UserRow> {
  const [m] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.companyId, companyId)))
    .limit(1);
  if (!m) throw new AppError('USER_NOT_FOUND', 'This person is not a member of your company');
  return m;
}

async function countOwners(db: Db, companyId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.companyRole, 'owner')));
  return Number(row?.n ?? 0);
}

export async function changeMemberRole(
  deps: TeamDeps,
  actor: UserRow,
  userId: string,
  role: TCompanyRole,
): Promise<TCompanyMember> {
  authorize(actor, 'members.manage');
  // An unverified account could otherwise promote a colleague who is a verified sender (issue 23).
  if (!actor.emailVerifiedAt)
    throw new AppError('EMAIL_NOT_VERIFIED', 'Verify your email address before changing anyone’s role.');
  const companyId = requireCompany(actor);
  return deps.db.transaction(async (tx) => {
    const target = await requireMember(tx, companyId, userId);
    const current = roleOf(target);
    if ((role === 'owner' || current === 'owner') && !isOwner(actor))
      throw new AppError('FORBIDDEN', `${OWNER_ONLY}; your role is ${roleOf(actor)}.`);
    if (current === 'owner' && role !== 'owner' && (await countOwners(tx, companyId)) <= 1)
      throw new AppError('CONFLICT', LAST_OWNER);
    const [row] = await tx
      .update(users)
      .set({ companyRole: role, updatedAt: deps.clock.now() })
      .where(eq(users.id, target.id))
      .returning();
    if (role !== 'owner' && role !== 'admin') await revokeTokensOf(tx, target.id, deps.clock.now());
    return toMember(row!);
  });
}

export async function removeMember(deps: TeamDeps, actor: UserRow, userId: string): Promise<void> {
  authorize(actor, 'members.manage');
  const companyId = requireCompany(actor);
  await deps.db.transaction(async (tx) => {
    const target = await requireMember(tx, companyId, userId);
    if (roleOf(target) === 'owner') {
      if (!isOwner(actor))
        throw new AppError('FORBIDDEN', `Removing an owner needs the owner role; your role is ${roleOf(actor)}.`);
      if ((await countOwners(tx, companyId)) <= 1) throw new AppError('CONFLICT', LAST_OWNER);
    }
    await detachMember(tx, target.id, deps.clock.now());
  });
}

/**
 * Takes a member out of their company at once (team removal, SCIM deactivation and deletion): no company, no
 * employer role, every session ended, every API token revoked. What they wrote (tests, notes, interviews) stays
 * with the company.
 */
export async function detachMember(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ companyId: null, companyRole: null, role: 'candidate', updatedAt: now })
    .where(eq(users.id, userId));
  await db.delete(sessions).where(eq(sessions.userId, userId));
  await revokeTokensOf(db, userId, now);
}

/**
 * A member who loses the right to hold API tokens loses them for good: a later promotion does not bring a
 * token back to life (the lookup also refuses them meanwhile, lib/api-token-auth.ts).
 */
export async function revokeTokensOf(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(and(eq(apiTokens.createdBy, userId), isNull(apiTokens.revokedAt)));
}

/** Revokes a pending team invitation of the caller's company (its link stops working at once). */
export async function revokeTeamInvite(deps: TeamDeps, actor: UserRow, id: string): Promise<void> {
  authorize(actor, 'members.manage');
  const companyId = requireCompany(actor);
  const done = await deps.db
    .update(oneTimeTokens)
    .set({ usedAt: deps.clock.now() })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, id),
        eq(oneTimeTokens.kind, 'company_invite'),
        eq(oneTimeTokens.companyId, companyId),
        isNull(oneTimeTokens.usedAt),
      ),
    )
    .returning({ id: oneTimeTokens.tokenHash });
  if (done.length === 0) throw new AppError('NOT_FOUND', 'Invitation not found');
}
