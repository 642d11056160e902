import { and, asc, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type CompanyRow, companies, type NewCompany, oneTimeTokens, type TokenRow, users } from '../../db/schema';
import { emailIs, usableToken } from '../users/users.repo';

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
    .where(emailIs(companies.email, email))
    .limit(1)
    .then((r) => r[0] ?? null);
}

export async function insertCompany(db: Db, values: NewCompany): Promise<CompanyRow> {
  const [row] = await db.insert(companies).values(values).returning();
  return row!;
}

export async function updateCompany(db: Db, id: string, values: Partial<NewCompany>): Promise<void> {
  await db.update(companies).set(values).where(eq(companies.id, id));
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

/** A usable (unused, unexpired) token by its hash, without consuming it. */
export function findUsableToken(db: Db, hash: string, kind: TokenRow['kind'], now: Date): Promise<TokenRow | null> {
  return db
    .select()
    .from(oneTimeTokens)
    .where(usableToken(hash, kind, now))
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
        emailIs(oneTimeTokens.email, email),
      ),
    );
}
