/**
 * The SCIM User (RFC 7643 §4.1) of a company member: userName is the email address (the one Assessly signs in
 * with), name.givenName/familyName, one work email (the same address), active, and the role's group. Reading a
 * request: what Assessly keeps (userName/emails, name, active, externalId) is taken; attributes it does not keep
 * (displayName, title, locale, phone numbers, the enterprise extension, a password) are accepted and not stored.
 */
import { ROLE_LABELS } from '@assessly/shared';
import type { ScimUserRow, UserRow } from '../../db/schema';
import { roleOf } from '../../lib/policy';
import { type ScimContext, weakEtag } from './scim.context';
import { invalidValue, mutability } from './scim.errors';
import { expandValueObject, type PatchOperation, readBoolean } from './scim.patch';

export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const NAME_MAX = 100;

/** A user as SCIM sees it in one company: the row, its SCIM link (if any) and whether it is a member now. */
export interface UserView {
  user: UserRow;
  link: ScimUserRow | null;
  member: boolean;
}

/** What a request asks to change; undefined: leave as it is. */
export interface UserChanges {
  email?: string;
  givenName?: string;
  familyName?: string;
  active?: boolean;
  externalId?: string | null;
}

export function userVersion(v: UserView): string {
  const u = v.user;
  return weakEtag(u.id, u.email, u.firstName, u.lastName, u.companyRole, v.member, v.link?.externalId ?? null);
}

export function toScimUser(ctx: ScimContext, v: UserView) {
  const u = v.user;
  const role = v.member ? roleOf(u) : null;
  const location = `${ctx.baseUrl}/Users/${u.id}`;
  const formatted = `${u.firstName} ${u.lastName}`.trim();
  return {
    schemas: [USER_SCHEMA],
    id: u.id,
    ...(v.link?.externalId ? { externalId: v.link.externalId } : {}),
    userName: u.email,
    name: { givenName: u.firstName, familyName: u.lastName, formatted },
    displayName: formatted || u.email,
    emails: [{ value: u.email, type: 'work', primary: true }],
    active: v.member,
    groups: role
      ? [{ value: role, display: ROLE_LABELS[role], $ref: `${ctx.baseUrl}/Groups/${role}`, type: 'direct' }]
      : [],
    meta: {
      resourceType: 'User',
      created: u.createdAt.toISOString(),
      lastModified: (v.link && v.link.updatedAt > u.updatedAt ? v.link.updatedAt : u.updatedAt).toISOString(),
      location,
      version: userVersion(v),
    },
  };
}

function text(value: unknown, attr: string, max = NAME_MAX): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') throw invalidValue(`${attr} must be a string`);
  const t = value.trim();
  if (t.length > max) throw invalidValue(`${attr} is at most ${max} characters`);
  if (t.includes('\u0000')) throw invalidValue(`${attr} holds a NUL character`);
  return t;
}

function email(value: unknown, attr: string): string {
  const t = text(value, attr, 254);
  if (!EMAIL.test(t)) throw invalidValue(`${attr} must be an email address (Assessly's userName is the email)`);
  return t.toLowerCase();
}

/** The primary (else the first) address of an `emails` value. */
function emailOfList(value: unknown): string | undefined {
  if (!Array.isArray(value)) throw invalidValue('emails must be a list');
  const list = value as { value?: unknown; primary?: unknown }[];
  const chosen = list.find((e) => e && (e.primary === true || e.primary === 'true')) ?? list[0];
  return chosen?.value === undefined ? undefined : email(chosen.value, 'emails.value');
}

function readName(value: unknown, into: UserChanges): void {
  if (value === null || value === undefined) return;
  if (typeof value !== 'object') throw invalidValue('name must be an object');
  const n = value as { givenName?: unknown; familyName?: unknown };
  if (n.givenName !== undefined) into.givenName = text(n.givenName, 'name.givenName');
  if (n.familyName !== undefined) into.familyName = text(n.familyName, 'name.familyName');
}

/** The user of a POST or PUT body (a whole resource). */
export function readUserResource(body: unknown): UserChanges & { email: string } {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw invalidValue('The body must be a User');
  const b = body as Record<string, unknown>;
  if (b.userName === undefined) throw invalidValue('userName is required');
  const out: UserChanges & { email: string } = {
    email: email(b.userName, 'userName'),
    givenName: '',
    familyName: '',
    active: b.active === undefined ? true : readBoolean(b.active, 'active'),
    externalId: b.externalId === undefined || b.externalId === null ? null : text(b.externalId, 'externalId', 255),
  };
  readName(b.name, out);
  return out;
}

/** Applies one user PATCH operation (RFC 7644 §3.5.2) to the changes. */
function applyUserOp(op: PatchOperation, into: UserChanges): void {
  const remove = op.op === 'remove';
  switch (op.path) {
    case 'active':
      if (!remove) into.active = readBoolean(op.value, 'active');
      return;
    case 'username':
      if (remove) throw mutability('userName is required and cannot be removed');
      into.email = email(op.value, 'userName');
      return;
    case 'externalid':
      into.externalId = remove ? null : text(op.value, 'externalId', 255) || null;
      return;
    case 'name':
      if (remove) {
        into.givenName = '';
        into.familyName = '';
      } else readName(op.value, into);
      return;
    case 'name.givenname':
      into.givenName = remove ? '' : text(op.value, 'name.givenName');
      return;
    case 'name.familyname':
      into.familyName = remove ? '' : text(op.value, 'name.familyName');
      return;
    case 'emails': {
      if (remove) throw mutability('The email address is the userName and cannot be removed');
      // emails[type eq "work"].value, emails[primary eq true].value, emails[…] with an object, or the whole list
      if (op.filter) {
        const v = op.subAttr === 'value' ? op.value : (op.value as { value?: unknown } | null)?.value;
        if (v !== undefined) into.email = email(v, 'emails.value');
      } else {
        const found = emailOfList(Array.isArray(op.value) ? op.value : [op.value]);
        if (found) into.email = found;
      }
      return;
    }
    case 'emails.value':
      if (!remove) into.email = email(op.value, 'emails.value');
      return;
    case 'groups':
      throw mutability('A user’s groups are read-only: change membership through /Groups');
    default:
      // attributes Assessly does not keep (displayName, title, locale, phoneNumbers, the enterprise extension…)
      return;
  }
}

export function readUserPatch(ops: PatchOperation[]): UserChanges {
  const changes: UserChanges = {};
  for (const op of ops.flatMap(expandValueObject)) applyUserOp(op, changes);
  return changes;
}
