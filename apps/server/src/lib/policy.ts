/**
 * The ONE access policy for employers: which company role may do what, on which company's things.
 * owner and admin manage members and settings; recruiters author tests, invite and review;
 * reviewers read results and write notes only. Every refusal is a 403 naming the role(s) needed.
 * Tenancy (same company) is part of `can`; callers that must hide another company's thing answer 404 themselves.
 */
import type { UserRow } from '../db/schema';
import { AppError } from './errors';

export const COMPANY_ROLES = ['owner', 'admin', 'recruiter', 'reviewer'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

export type Action =
  | 'company.manage' // company settings, logo
  | 'sso.manage' // single sign-on provider and domain proof (issue 23: the owner only)
  | 'members.read'
  | 'members.manage' // change roles, remove members, team invitations
  | 'templates.edit'
  | 'tests.read'
  | 'tests.author' // create/edit tests, problems, questions; import problems
  | 'tests.delete'
  | 'tests.preview'
  | 'invitations.read'
  | 'invitations.send'
  | 'review.read'
  | 'review.note'
  | 'review.status';

/** What a company's thing looks like to the policy: its company, or its creator when it has none. */
export interface Resource {
  companyId: string | null;
  createdBy?: string | null;
}

const ALL: readonly CompanyRole[] = COMPANY_ROLES;
const MANAGERS: readonly CompanyRole[] = ['owner', 'admin'];
const AUTHORS: readonly CompanyRole[] = ['owner', 'admin', 'recruiter'];

const RULES: Record<Action, { roles: readonly CompanyRole[]; label: string }> = {
  'company.manage': { roles: MANAGERS, label: 'Changing company settings' },
  'sso.manage': { roles: ['owner'], label: 'Setting up single sign-on' },
  'members.read': { roles: ALL, label: 'Seeing the team' },
  'members.manage': { roles: MANAGERS, label: 'Managing team members' },
  'templates.edit': { roles: MANAGERS, label: 'Editing email templates' },
  'tests.read': { roles: ALL, label: 'Reading tests' },
  'tests.author': { roles: AUTHORS, label: 'Creating and editing tests' },
  // A recruiter may delete a test they created themselves (see `can`).
  'tests.delete': { roles: MANAGERS, label: 'Deleting tests' },
  'tests.preview': { roles: ALL, label: 'Previewing tests' },
  'invitations.read': { roles: ALL, label: 'Seeing invitations' },
  'invitations.send': { roles: AUTHORS, label: 'Inviting candidates' },
  'review.read': { roles: ALL, label: 'Reading results' },
  'review.note': { roles: ALL, label: 'Writing reviewer notes' },
  'review.status': { roles: AUTHORS, label: 'Changing a hiring status' },
};

/** An employer's role in their company; an employer without a company role is the owner of their own tenant. */
export function roleOf(user: Pick<UserRow, 'role' | 'companyRole'>): CompanyRole | null {
  if (user.role !== 'employer') return null;
  return user.companyRole ?? 'owner';
}

/** For other modules (API tokens, webhooks, OIDC, audit, erasure): owner or admin of their company. */
export function isCompanyAdmin(user: Pick<UserRow, 'role' | 'companyRole'> | null | undefined): boolean {
  const role = user ? roleOf(user) : null;
  return role === 'owner' || role === 'admin';
}

export function isOwner(user: Pick<UserRow, 'role' | 'companyRole'>): boolean {
  return roleOf(user) === 'owner';
}

/** Same tenant: the resource's company, or its creator when it has no company. */
export function sameTenant(user: Pick<UserRow, 'id' | 'companyId'>, resource: Resource): boolean {
  if (resource.companyId) return user.companyId === resource.companyId;
  return resource.createdBy != null && resource.createdBy === user.id;
}

function roleAllows(user: UserRow, action: Action, resource?: Resource): boolean {
  const role = roleOf(user);
  if (!role) return false;
  if (RULES[action].roles.includes(role)) return true;
  // Recruiters may delete what they created.
  return action === 'tests.delete' && role === 'recruiter' && resource?.createdBy === user.id;
}

/** May this user do this action (on this resource of their company, when one is given)? */
export function can(user: UserRow | null | undefined, action: Action, resource?: Resource): boolean {
  if (!user) return false;
  if (resource && !sameTenant(user, resource)) return false;
  return roleAllows(user, action, resource);
}

function joinRoles(roles: readonly string[]): string {
  if (roles.length === 1) return roles[0]!;
  return `${roles.slice(0, -1).join(', ')} or ${roles[roles.length - 1]}`;
}

/** The refusal message: what was asked, which role(s) it needs, and the caller's role. */
export function refusalMessage(user: UserRow, action: Action): string {
  const { roles, label } = RULES[action];
  const role = roleOf(user);
  const needed =
    action === 'tests.delete'
      ? `${joinRoles(roles)} role (or the recruiter who created it)`
      : `${joinRoles(roles)} role`;
  return role
    ? `${label} needs the ${needed}; your role is ${role}.`
    : `${label} needs an employer account with the ${needed}.`;
}

/**
 * Throws 403 (message naming the role) unless the role allows the action. Tenancy is NOT checked here:
 * callers look the resource up within the tenant first (another company's thing is a 404, not a 403).
 */
export function authorize(user: UserRow, action: Action, resource?: Resource): void {
  if (!roleAllows(user, action, resource)) throw new AppError('FORBIDDEN', refusalMessage(user, action));
}
