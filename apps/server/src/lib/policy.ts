/**
 * The ONE access policy for employers: which company role may do what, on which company's things.
 * owner and admin manage members and settings; recruiters author tests, invite and review;
 * reviewers read results and write notes only. Every refusal is a 403 naming the role(s) needed.
 * Tenancy (same company) is part of `can`; callers that must hide another company's thing answer 404 themselves.
 */
import { POLICY_RULES, can as roleCan, type TCompanyRole, type TPolicyAction } from '@assessly/shared';
import type { UserRow } from '../db/schema';
import { AppError } from './errors';

export { COMPANY_ROLES } from '@assessly/shared';
export type CompanyRole = TCompanyRole;
export type Action = TPolicyAction;

/** What a company's thing looks like to the policy: its company, or its creator when it has none. */
export interface Resource {
  companyId: string | null;
  createdBy?: string | null;
}

// The role/action table lives in packages/shared so the web app shows each role only what it may do.
const RULES = POLICY_RULES;

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
  if (roleCan(role, action)) return true;
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
