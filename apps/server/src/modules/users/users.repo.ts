import { type AnyColumn, and, desc, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type NewToken, type NewUser, oneTimeTokens, sessions, type TokenRow, users } from '../../db/schema';

/** An email column matches an address whatever its case. */
export function emailIs(column: AnyColumn, email: string): SQL {
  return sql`lower(${column}) = ${email.toLowerCase()}`;
}

/** A one-time token by its hash and kind that is still usable: unused and unexpired. */
export function usableToken(hash: string, kind: TokenRow['kind'], now: Date) {
  return and(
    eq(oneTimeTokens.tokenHash, hash),
    eq(oneTimeTokens.kind, kind),
    isNull(oneTimeTokens.usedAt),
    gt(oneTimeTokens.expiresAt, now),
  );
}

export function findUserByEmail(db: Db, email: string) {
  return db
    .select()
    .from(users)
    .where(emailIs(users.email, email))
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
    .where(usableToken(hash, kind, now))
    .returning();
  return row ?? null;
}

export async function deleteSessionsOfUser(db: Db, userId: string) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** The newest token of this kind for a user (the resend cooldowns). */
export function findLatestUserToken(db: Db, userId: string, kind: TokenRow['kind']): Promise<TokenRow | null> {
  return db
    .select()
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.kind, kind)))
    .orderBy(desc(oneTimeTokens.createdAt))
    .limit(1)
    .then((r) => r[0] ?? null);
}
