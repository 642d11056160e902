/**
 * SCIM Groups are the company's roles (issue 45): `owner`, `admin`, `recruiter`, `reviewer`, each group's id and
 * displayName. A member is in the group of their role, so adding a user to a group gives them that role, and taking
 * them out of it leaves them the least role, reviewer (removing someone from `reviewer` changes nothing: everyone
 * without another group is a reviewer). The groups are fixed: none is created, renamed or deleted. The owner group
 * is read-only and an owner's role is never changed here.
 */
import { COMPANY_ROLES, type TCompanyRole } from '@assessly/shared';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, scimUsers, type UserRow, users } from '../../db/schema';
import { roleOf } from '../../lib/policy';
import { revokeTokensOf } from '../companies/companies.team';
import { auditScim, type ScimContext, weakEtag } from './scim.context';
import { invalidValue, mutability, notFound, ownerIsManual, ScimError } from './scim.errors';
import type { FilterTerm } from './scim.filter';
import { expandValueObject, type PatchOperation } from './scim.patch';
import { SCIM_DEFAULT_ROLE } from './scim.users';

export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const GROUP_FILTER_ATTRIBUTES = ['displayname', 'id'] as const;

export function roleOfGroup(id: string): TCompanyRole {
  const role = COMPANY_ROLES.find((r) => r === id.toLowerCase());
  if (!role) throw notFound('Group', id);
  return role;
}

async function membersOf(ctx: ScimContext, db: Db, role: TCompanyRole): Promise<UserRow[]> {
  const roleIs =
    role === 'owner' ? sql`coalesce(${users.companyRole}, 'owner') = 'owner'` : eq(users.companyRole, role);
  return db
    .select()
    .from(users)
    .where(and(eq(users.companyId, ctx.companyId), eq(users.role, 'employer'), isNull(users.erasedAt), roleIs))
    .orderBy(asc(users.createdAt), asc(users.id));
}

export async function groupResource(ctx: ScimContext, db: Db, role: TCompanyRole, withMembers = true) {
  const members = await membersOf(ctx, db, role);
  const [company] = await db
    .select({ createdAt: companies.createdAt })
    .from(companies)
    .where(eq(companies.id, ctx.companyId));
  const created = company?.createdAt ?? new Date(0);
  const lastModified = new Date(Math.max(created.getTime(), ...members.map((m) => m.updatedAt.getTime())));
  return {
    schemas: [GROUP_SCHEMA],
    id: role,
    displayName: role,
    ...(withMembers
      ? {
          members: members.map((m) => ({
            value: m.id,
            display: `${m.firstName} ${m.lastName}`.trim() || m.email,
            $ref: `${ctx.baseUrl}/Users/${m.id}`,
            type: 'User',
          })),
        }
      : {}),
    meta: {
      resourceType: 'Group',
      created: created.toISOString(),
      lastModified: lastModified.toISOString(),
      location: `${ctx.baseUrl}/Groups/${role}`,
      version: weakEtag(
        role,
        members.map((m) => m.id),
      ),
    },
  };
}

export function groupsMatching(terms: FilterTerm[]): TCompanyRole[] {
  return COMPANY_ROLES.filter((role) =>
    terms.every((t) => typeof t.value === 'string' && t.value.toLowerCase() === role),
  );
}

/** Gives a member a role through a group, or leaves it (never to or from owner). */
async function setRole(ctx: ScimContext, tx: Db, user: UserRow, role: TCompanyRole, group: TCompanyRole) {
  const from = roleOf(user);
  if (from === role) return;
  if (from === 'owner' || role === 'owner') throw ownerIsManual();
  const now = ctx.clock.now();
  await tx.update(users).set({ companyRole: role, updatedAt: now }).where(eq(users.id, user.id));
  await tx
    .update(scimUsers)
    .set({ role, updatedAt: now })
    .where(and(eq(scimUsers.companyId, ctx.companyId), eq(scimUsers.userId, user.id)));
  // The lookup refuses them already; revoked for good, as a demotion in the team page does.
  if (role !== 'admin') await revokeTokensOf(tx, user.id, now);
  await auditScim(ctx, tx, 'member.role_changed', 'user', user.id, { from, to: role, group });
}

async function activeMember(ctx: ScimContext, tx: Db, id: unknown): Promise<UserRow> {
  const value = typeof id === 'string' ? id : '';
  const [m] = /^[0-9a-f-]{36}$/i.test(value)
    ? await tx
        .select()
        .from(users)
        .where(and(eq(users.id, value), eq(users.companyId, ctx.companyId), eq(users.role, 'employer')))
        .limit(1)
    : [];
  if (!m) throw invalidValue(`${value || 'A member'} is no active user of this company`);
  return m;
}

function memberIds(value: unknown): unknown[] {
  const list = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return list.map((m) => (m && typeof m === 'object' ? (m as { value?: unknown }).value : m));
}

async function addMembers(ctx: ScimContext, tx: Db, role: TCompanyRole, ids: unknown[]) {
  if (role === 'owner' && ids.length > 0) throw ownerIsManual();
  for (const id of ids) await setRole(ctx, tx, await activeMember(ctx, tx, id), role, role);
}

async function removeMembers(ctx: ScimContext, tx: Db, role: TCompanyRole, ids: unknown[] | 'all') {
  const current = await membersOf(ctx, tx, role);
  const leaving = ids === 'all' ? current : current.filter((m) => ids.includes(m.id));
  if (role === 'owner' && leaving.length > 0) throw ownerIsManual();
  if (role === SCIM_DEFAULT_ROLE) return;
  for (const m of leaving) await setRole(ctx, tx, m, SCIM_DEFAULT_ROLE, role);
}

async function replaceMembers(ctx: ScimContext, tx: Db, role: TCompanyRole, ids: unknown[]) {
  const keep = new Set(ids.map(String));
  const current = await membersOf(ctx, tx, role);
  await removeMembers(
    ctx,
    tx,
    role,
    current.filter((m) => !keep.has(m.id)).map((m) => m.id),
  );
  await addMembers(
    ctx,
    tx,
    role,
    ids.filter((id) => !current.some((m) => m.id === id)),
  );
}

function checkName(role: TCompanyRole, value: unknown): void {
  if (typeof value !== 'string' || value.trim().toLowerCase() !== role)
    throw mutability(`Groups are Assessly's roles: group ${role} keeps its displayName "${role}"`);
}

async function applyGroupOp(ctx: ScimContext, tx: Db, role: TCompanyRole, op: PatchOperation) {
  switch (op.path) {
    case 'members':
      if (op.op === 'add') return addMembers(ctx, tx, role, memberIds(op.value));
      if (op.op === 'replace') return replaceMembers(ctx, tx, role, memberIds(op.value));
      if (op.filter) {
        if (op.filter.attr !== 'value') throw new ScimError(400, 'Members are chosen by value', 'invalidFilter');
        return removeMembers(ctx, tx, role, [op.filter.value]);
      }
      // Entra ID's form for older apps: the members to remove in the value; no value: every member.
      return removeMembers(ctx, tx, role, op.value === undefined ? 'all' : memberIds(op.value));
    case 'displayname':
      if (op.op === 'remove') throw mutability('displayName cannot be removed');
      return checkName(role, op.value);
    case 'id':
    case 'externalid':
    case 'schemas':
    case 'meta':
      return;
    default:
      throw new ScimError(400, `Groups have no attribute ${op.path}`, 'invalidPath');
  }
}

/** PATCH /Groups/:id (RFC 7644 §3.5.2), in one transaction with the If-Match check. */
export async function patchGroup(
  ctx: ScimContext,
  role: TCompanyRole,
  ops: PatchOperation[],
  check: (v: string) => Promise<void>,
) {
  await ctx.db.transaction(async (tx) => {
    await check((await groupResource(ctx, tx, role, true)).meta.version);
    for (const op of ops.flatMap(expandValueObject)) await applyGroupOp(ctx, tx, role, op);
  });
}

/** PUT /Groups/:id: the same displayName, and exactly these members. */
export async function replaceGroup(
  ctx: ScimContext,
  role: TCompanyRole,
  body: unknown,
  check: (v: string) => Promise<void>,
) {
  if (!body || typeof body !== 'object') throw invalidValue('The body must be a Group');
  const b = body as { displayName?: unknown; members?: unknown };
  checkName(role, b.displayName);
  await ctx.db.transaction(async (tx) => {
    await check((await groupResource(ctx, tx, role, true)).meta.version);
    await replaceMembers(ctx, tx, role, memberIds(b.members));
  });
}
