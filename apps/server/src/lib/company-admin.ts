/**
 * The one gate for company-administration actions of issue 14 (API tokens, webhooks, SSO, retention,
 * erasure) and the one gate for reading the audit log. Today company_role is admin|recruiter; an "owner"
 * role is coming with the policy module, so both are allowed here. Point these at `can()` when it lands.
 */
import type { UserRow } from '../db/schema';
import { AppError } from './errors';

const ADMIN_ROLES = new Set<string>(['owner', 'admin']);

/** A signed-in employer with an owner/admin role in a company; returns the company id. 403 otherwise. */
export function requireCompanyAdmin(user: UserRow): string {
  if (user.role !== 'employer' || !user.companyId || !ADMIN_ROLES.has(String(user.companyRole))) {
    throw new AppError('FORBIDDEN', 'Only company owners and admins can do this');
  }
  return user.companyId;
}

/** Who reads and exports the company's audit log (owners; admins until the owner role exists). */
export function requireAuditReader(user: UserRow): string {
  return requireCompanyAdmin(user);
}
