/**
 * SCIM Users of one company (issue 45): its members, and the users its provider deactivated (detached from the
 * company like a removed member, kept in scim_users so that a reactivation gives their role back). Creating a user
 * makes a member without a password (they sign in with single sign-on or set a password through a reset link);
 * deactivating or deleting one ends their sessions and revokes their API tokens at once; what they wrote stays with
 * the company. The owner role stays manual: SCIM neither deactivates, deletes nor re-addresses an owner.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { scimUsers, users } from '../../db/schema';
import { isUniqueViolation } from '../../lib/db-errors';
import { roleOf } from '../../lib/policy';
import { detachMember } from '../companies/companies.team';
import { emailIs } from '../users/users.repo';
import { auditScim, type ScimContext } from './scim.context';
import { notFound, ownerIsManual, ScimError } from './scim.errors';
import type { FilterTerm } from './scim.filter';
import { toScimUser, type UserChanges, type UserView } from './scim.user-model';

/** The role of a member made through SCIM until a group says otherwise: the least one. */
export const SCIM_DEFAULT_ROLE = 'reviewer' as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const USER_FILTER_ATTRIBUTES = ['username', 'externalid', 'id', 'emails', 'emails.value'] as const;

function isMemberOf(companyId: string) {
  return and(eq(users.companyId, companyId), eq(users.role, 'employer'));
}

function termCondition(term: FilterTerm): SQL {
  const v = term.value;
  if (typeof v !== 'string') return sql`false`;
  switch (term.attr) {
    case 'externalid':
      return eq(scimUsers.externalId, v);
    case 'id':
      return UUID.test(v) ? eq(users.id, v) : sql`false`;
    default:
      return emailIs(users.email, v);
  }
}

function selectViews(ctx: ScimContext, db: Db, where?: SQL) {
  return db
    .select({ user: users, link: scimUsers })
    .from(users)
    .leftJoin(scimUsers, and(eq(scimUsers.userId, users.id), eq(scimUsers.companyId, ctx.companyId)))
    .where(and(isNull(users.erasedAt), or(isMemberOf(ctx.companyId), isNotNull(scimUsers.userId)), where));
}

function toView(ctx: ScimContext, row: { user: UserView['user']; link: UserView['link'] }): UserView {
  return { ...row, member: row.user.companyId === ctx.companyId && row.user.role === 'employer' };
}

export async function listUsers(ctx: ScimContext, q: { terms: FilterTerm[]; startIndex: number; count: number }) {
  const where = q.terms.length ? and(...q.terms.map(termCondition)) : undefined;
  const rows = await selectViews(ctx, ctx.db, where)
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(q.count)
    .offset(q.startIndex - 1);
  const [total] = await ctx.db
    .select({ n: count() })
    .from(users)
    .leftJoin(scimUsers, and(eq(scimUsers.userId, users.id), eq(scimUsers.companyId, ctx.companyId)))
    .where(and(isNull(users.erasedAt), or(isMemberOf(ctx.companyId), isNotNull(scimUsers.userId)), where));
  return { total: Number(total?.n ?? 0), resources: rows.map((r) => toScimUser(ctx, toView(ctx, r))) };
}

/** The company's user by id, or a 404 (another company's user, an unknown or malformed id). */
export async function findUserView(ctx: ScimContext, db: Db, id: string): Promise<UserView> {
  if (!UUID.test(id)) throw notFound('User', id);
  const [row] = await selectViews(ctx, db, eq(users.id, id)).limit(1);
  if (!row) throw notFound('User', id);
  return toView(ctx, row);
}

const taken = () => new ScimError(409, 'This userName already belongs to an Assessly account', 'uniqueness');

export async function createUser(ctx: ScimContext, input: UserChanges & { email: string }): Promise<UserView> {
  const now = ctx.clock.now();
  try {
    const view = await ctx.db.transaction(async (tx) => {
      // An address with an account (a member, a candidate, another company's employer) is never taken over:
      // a member of this company is found by the userName filter, anyone else is invited from the team page.
      const [existing] = await tx
        .select({ id: users.id })
        .from(users)
        .where(emailIs(users.email, input.email))
        .limit(1);
      if (existing) throw taken();
      const active = input.active !== false;
      const [user] = await tx
        .insert(users)
        .values({
          email: input.email,
          // Not an argon2 hash: no password verifies until the member sets one through a reset link.
          passwordHash: `scim:${randomBytes(16).toString('hex')}`,
          firstName: input.givenName ?? '',
          lastName: input.familyName ?? '',
          role: active ? 'employer' : 'candidate',
          companyId: active ? ctx.companyId : null,
          companyRole: active ? SCIM_DEFAULT_ROLE : null,
          // The provider's word is not our mail: no verified sender until the member follows our own link.
          emailVerifiedAt: null,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      const [link] = await tx
        .insert(scimUsers)
        .values({
          companyId: ctx.companyId,
          userId: user!.id,
          externalId: input.externalId ?? null,
          role: SCIM_DEFAULT_ROLE,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await auditScim(ctx, tx, 'member.joined', 'user', user!.id, { role: SCIM_DEFAULT_ROLE, active });
      return toView(ctx, { user: user!, link: link! });
    });
    return view;
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_key')) throw taken();
    throw err;
  }
}

/** Applies a PUT's or PATCH's changes in one transaction, with the If-Match check inside it. */
export async function changeUser(
  ctx: ScimContext,
  id: string,
  changes: UserChanges,
  check: (v: UserView) => void,
): Promise<UserView> {
  const now = ctx.clock.now();
  try {
    await ctx.db.transaction(async (tx) => {
      const view = await findUserView(ctx, tx, id);
      check(view);
      await applyChanges(ctx, tx, view, changes, now);
    });
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_key')) throw taken();
    throw err;
  }
  return findUserView(ctx, ctx.db, id);
}

async function applyChanges(ctx: ScimContext, tx: Db, view: UserView, c: UserChanges, now: Date): Promise<void> {
  const { user } = view;
  const isOwner = view.member && roleOf(user) === 'owner';
  const profile: Partial<typeof users.$inferInsert> = {};
  if (c.email !== undefined && c.email.toLowerCase() !== user.email.toLowerCase()) {
    if (isOwner) throw ownerIsManual();
    const [other] = await tx.select({ id: users.id }).from(users).where(emailIs(users.email, c.email)).limit(1);
    if (other) throw taken();
    // A new address is not verified until its owner follows our link.
    Object.assign(profile, { email: c.email, emailVerifiedAt: null });
  }
  if (c.givenName !== undefined && c.givenName !== user.firstName) profile.firstName = c.givenName;
  if (c.familyName !== undefined && c.familyName !== user.lastName) profile.lastName = c.familyName;
  const externalChanged = c.externalId !== undefined && (view.link?.externalId ?? null) !== c.externalId;
  if (Object.keys(profile).length > 0) {
    await tx
      .update(users)
      .set({ ...profile, updatedAt: now })
      .where(eq(users.id, user.id));
  }
  if (externalChanged || (c.active === false && view.member)) {
    const role = view.member ? roleOf(user) : null;
    const keep = role && role !== 'owner' ? role : (view.link?.role ?? SCIM_DEFAULT_ROLE);
    await tx
      .insert(scimUsers)
      .values({
        companyId: ctx.companyId,
        userId: user.id,
        externalId: c.externalId ?? null,
        role: keep,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [scimUsers.companyId, scimUsers.userId],
        set: { role: keep, updatedAt: now, ...(c.externalId !== undefined ? { externalId: c.externalId } : {}) },
      });
  }
  if (Object.keys(profile).length > 0 || externalChanged) {
    await auditScim(ctx, tx, 'member.updated', 'user', user.id, {
      fields: [
        ...Object.keys(profile).filter((k) => k !== 'emailVerifiedAt'),
        ...(externalChanged ? ['externalId'] : []),
      ],
    });
  }
  if (c.active === false && view.member) {
    if (isOwner) throw ownerIsManual();
    await detachMember(tx, user.id, now);
    await auditScim(ctx, tx, 'member.deactivated', 'user', user.id, { role: roleOf(user) });
  } else if (c.active === true && !view.member) {
    await reactivate(ctx, tx, view, now);
  }
}

async function reactivate(ctx: ScimContext, tx: Db, view: UserView, now: Date): Promise<void> {
  const [current] = await tx.select().from(users).where(eq(users.id, view.user.id)).for('update');
  if (current?.companyId && current.companyId !== ctx.companyId)
    throw new ScimError(409, 'This user is now a member of another company', 'uniqueness');
  const role = view.link?.role ?? SCIM_DEFAULT_ROLE;
  await tx
    .update(users)
    .set({ companyId: ctx.companyId, role: 'employer', companyRole: role, updatedAt: now })
    .where(eq(users.id, view.user.id));
  await auditScim(ctx, tx, 'member.reactivated', 'user', view.user.id, { role });
}

export async function deleteUser(ctx: ScimContext, id: string, check: (v: UserView) => void): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const view = await findUserView(ctx, tx, id);
    check(view);
    if (view.member) {
      if (roleOf(view.user) === 'owner') throw ownerIsManual();
      await detachMember(tx, id, ctx.clock.now());
    }
    await tx.delete(scimUsers).where(and(eq(scimUsers.companyId, ctx.companyId), eq(scimUsers.userId, id)));
    await auditScim(ctx, tx, 'member.removed', 'user', id, { wasMember: view.member });
  });
}
