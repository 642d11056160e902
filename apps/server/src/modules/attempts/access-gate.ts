/**
 * Who may start a test (issue 23). `invited`: only the verified owner of an invited address (an account
 * registered on that address but never verified is not that person yet). `link`: anyone signed in who has the
 * link, until its optional expiry. Company members' previews are not gated here.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { TestRow, UserRow } from '../../db/schema';
import { invitations } from '../../db/schema';
import { AppError } from '../../lib/errors';

/** Returns the invitation the start accepts (null for a link test). */
export async function requireTestAccess(db: Db, user: UserRow, test: TestRow, now: Date): Promise<string | null> {
  requireOwnPractice(user, test);
  if (test.access === 'link') {
    if (test.linkExpiresAt && test.linkExpiresAt <= now) {
      throw new AppError('WINDOW_CLOSED', 'This test link has expired.');
    }
    return null;
  }
  if (!user.emailVerifiedAt) {
    throw new AppError(
      'EMAIL_NOT_VERIFIED',
      'This test is for invited candidates: verify your email address (open the link we emailed you) to start it.',
    );
  }
  const [invited] = await db
    .select({ id: invitations.id })
    .from(invitations)
    .where(and(eq(invitations.testId, test.id), sql`lower(${invitations.email}) = ${user.email.toLowerCase()}`))
    .limit(1);
  if (!invited) throw new AppError('FORBIDDEN', 'This test is open to invited candidates only.');
  return invited.id;
}

/**
 * Issue 42: an invite-only test exists, for a candidate, only when their address was invited (verified or not: the
 * take page then asks them to verify) or they already hold an attempt. Anyone else gets the 404 of a test that does
 * not exist, so its name, details and question ids stay with the people it was sent to.
 */
export async function requireVisibleTest(db: Db, user: UserRow, test: TestRow, hasAttempt: boolean): Promise<void> {
  requireOwnPractice(user, test);
  if (test.access === 'link' || hasAttempt) return;
  const [invited] = await db
    .select({ id: invitations.id })
    .from(invitations)
    .where(and(eq(invitations.testId, test.id), sql`lower(${invitations.email}) = ${user.email.toLowerCase()}`))
    .limit(1);
  if (!invited) throw new AppError('TEST_NOT_FOUND', 'Test not found');
}

/** Issue 46: a practice test exists only for the candidate it was made for. */
function requireOwnPractice(user: UserRow, test: TestRow): void {
  if (test.isPractice && test.createdBy !== user.id) throw new AppError('TEST_NOT_FOUND', 'Test not found');
}
