import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type NewToken, type NewUser, oneTimeTokens, sessions, users } from '../../db/schema';

export function findUserByEmail(db: Db, email: string) {
  return db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1)
    .then((r) => r[0] ?? null);
}

export function findUserById(db: Db, id: string) {
  return db
    .select()
    .from(users)
    .where(eq(users.id, id))
    .limit(1)
    .then((r) => r[0] ?? null);
}

export async function insertUser(db: Db, values: NewUser) {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateUser(db: Db, id: string, values: Partial<NewUser>) {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row ?? null;
}

export async function insertOneTimeToken(db: Db, values: NewToken) {
  await db.insert(oneTimeTokens).values(values);
}

/** Marks an unused, unexpired token of this kind as used and returns it; null when it cannot be used. */
export async function consumeOneTimeToken(
  db: Db,
  hash: string,
  kind: 'password_reset' | 'email_verification' | 'company_invite',
  now: Date,
) {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, hash),
        eq(oneTimeTokens.kind, kind),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, now),
      ),
    )
    .returning();
  return row ?? null;
}

export async function deleteSessionsOfUser(db: Db, userId: string) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** When this user's newest one-time token of this kind was made (the resend cooldowns). */
export async function latestTokenCreatedAt(db: Db, userId: string, kind: 'password_reset' | 'email_verification') {
  const [row] = await db
    .select({ createdAt: oneTimeTokens.createdAt })
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.kind, kind)))
    .orderBy(desc(oneTimeTokens.createdAt))
    .limit(1);
  return row?.createdAt ?? null;
}
