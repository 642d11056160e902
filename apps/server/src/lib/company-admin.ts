/**
 * The one gate for company-administration actions of issue 14 (API tokens, webhooks, SSO, retention,
 * erasure) and the one gate for reading the audit log, both on top of the access policy (lib/policy.ts).
 */
import type { UserRow } from '../db/schema';
import { AppError } from './errors';
import { isCompanyAdmin, isOwner, roleOf } from './policy';

/** A signed-in employer with the owner or admin role in a company; returns the company id. 403 otherwise. */
export function requireCompanyAdmin(user: UserRow): string {
  if (!user.companyId || !isCompanyAdmin(user)) {
    const role = roleOf(user);
    throw new AppError(
      'FORBIDDEN',
      `This needs the owner or admin role${role ? `; your role is ${role}` : ' in a company'}.`,
    );
  }
  return user.companyId;
}

/** Owners read and export the company's audit log (issue 14). */
export function requireAuditReader(user: UserRow): string {
  if (!user.companyId || !isOwner(user)) {
    const role = roleOf(user);
    throw new AppError('FORBIDDEN', `The audit log is for the company owner${role ? `; your role is ${role}` : ''}.`);
  }
  return user.companyId;
}
