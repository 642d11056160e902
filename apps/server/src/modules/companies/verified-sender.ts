/**
 * Verified senders: mail that a company's members cause to go to strangers (candidate invitations, team
 * invitations) and the templates that shape it need a verified sender — the acting member's own email and the
 * company's owner's email both verified. Otherwise 403 EMAIL_NOT_VERIFIED saying what to do.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { type Action, authorize } from '../../lib/policy';

const WHAT: Partial<Record<Action, string>> = {
  'invitations.send': 'sending invitations',
  'templates.edit': 'editing email templates',
  'members.manage': 'inviting colleagues',
};

export async function requireVerifiedSender(db: Db, user: UserRow, action: Action): Promise<void> {
  authorize(user, action);
  const what = WHAT[action] ?? 'sending email';
  if (!user.emailVerifiedAt)
    throw new AppError(
      'EMAIL_NOT_VERIFIED',
      `Verify your email address before ${what}: open the link we emailed you, or ask for a new one.`,
    );
  if (!user.companyId || user.companyRole === 'owner' || user.companyRole == null) return;
  const [owner] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, user.companyId), eq(users.companyRole, 'owner'), isNotNull(users.emailVerifiedAt)))
    .limit(1);
  if (!owner)
    throw new AppError(
      'EMAIL_NOT_VERIFIED',
      `Your company's owner must verify their email address before ${what} is possible.`,
    );
}
