import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type CompanyRow, companies, type NewCompany, oneTimeTokens, type TokenRow, users } from '../../db/schema';

export function findCompanyById(db: Db, id: string): Promise<CompanyRow | null> {
  return db
    .select()
    .from(companies)
    .where(eq(companies.id, id))
    .limit(1)
    .then((r) => r[0] ?? null);
}

export function findCompanyByEmail(db: Db, email: string): Promise<CompanyRow | null> {
  return db
    .select()
    .from(companies)
    .where(sql`lower(${companies.email}) = ${email.toLowerCase()}`)
    .limit(1)
    .then((r) => r[0] ?? null);
}

export async function insertCompany(db: Db, values: NewCompany): Promise<CompanyRow> {
  const [row] = await db.insert(companies).values(values).returning();
  return row!;
}

export function listMembers(db: Db, companyId: string) {
  return db.select().from(users).where(eq(users.companyId, companyId)).orderBy(asc(users.createdAt));
}

export async function markEmailVerified(db: Db, userId: string, at: Date) {
  await db
    .update(users)
    .set({ emailVerifiedAt: at, updatedAt: at })
    .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)));
}

/** The newest token of this kind for a user (resend cooldown). */
export function findLatestUserToken(db: Db, userId: string, kind: TokenRow['kind']): Promise<TokenRow | null> {
  return db
    .select()
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.kind, kind)))
    .orderBy(desc(oneTimeTokens.createdAt))
    .limit(1)
    .then((r) => r[0] ?? null);
}

/** A usable (unused, unexpired) token by its hash, without consuming it. */
export function findUsableToken(db: Db, hash: string, kind: TokenRow['kind'], now: Date): Promise<TokenRow | null> {
  return db
    .select()
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.tokenHash, hash),
        eq(oneTimeTokens.kind, kind),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, now),
      ),
    )
    .limit(1)
    .then((r) => r[0] ?? null);
}

export function listPendingInvites(db: Db, companyId: string, now: Date): Promise<TokenRow[]> {
  return db
    .select()
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.companyId, companyId),
        eq(oneTimeTokens.kind, 'company_invite'),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, now),
      ),
    )
    .orderBy(desc(oneTimeTokens.createdAt));
}

/** Retires the pending invitations of one email to one company (a new invitation replaces them). */
export async function retireInvites(db: Db, companyId: string, email: string, now: Date) {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeTokens.companyId, companyId),
        eq(oneTimeTokens.kind, 'company_invite'),
        isNull(oneTimeTokens.usedAt),
        sql`lower(${oneTimeTokens.email}) = ${email.toLowerCase()}`,
      ),
    );
}
