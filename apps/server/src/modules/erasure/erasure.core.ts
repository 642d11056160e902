/**
 * Erasure primitives shared by account deletion, an owner's erasure of one candidate and the retention
 * purge. Rows are changed inside the caller's transaction; the blob keys they free are returned so the files
 * are deleted after the commit (a rolled-back erasure must not lose frames).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  aiExchanges,
  aiFollowUps,
  atsDeliveries,
  atsOrders,
  attempts,
  codeDrafts,
  codeRuns,
  editBatches,
  editStreams,
  faceEnrollments,
  integrityResponses,
  outbox,
  proctoringEvents,
  submissions,
  users,
  webhookDeliveries,
  webhooks,
} from '../../db/schema';
import type { BlobStore } from '../../lib/blobs';
import { eraseInterviewsOf } from '../interviews/interviews.erasure';

export const ERASED_FIRST_NAME = 'Deleted';
export const ERASED_LAST_NAME = 'candidate';
/** Not an argon2 hash, so no password ever verifies against it. */
const NO_PASSWORD = 'erased';

export function erasedEmail(id: string): string {
  return `deleted+${id}@erased.invalid`;
}

/** The anonymous profile an erased account (or a stand-in for one company) carries. */
export function anonymousProfile(id: string, now: Date) {
  return {
    email: erasedEmail(id),
    passwordHash: NO_PASSWORD,
    firstName: ERASED_FIRST_NAME,
    lastName: ERASED_LAST_NAME,
    gender: '',
    dob: '',
    mobileNumber: '',
    bio: '',
    educationDetails: '',
    experienceDetails: '',
    designation: '',
    erasedAt: now,
    updatedAt: now,
  };
}

/** Frames of these attempts (event frames, enrolment photos and descriptors); returns the freed blob keys. */
export async function eraseFrames(tx: Db, attemptIds: string[], now: Date): Promise<string[]> {
  if (attemptIds.length === 0) return [];
  const framed = and(inArray(proctoringEvents.attemptId, attemptIds), isNotNull(proctoringEvents.frameKey));
  const events = await tx.select({ key: proctoringEvents.frameKey }).from(proctoringEvents).where(framed);
  await tx.update(proctoringEvents).set({ frameKey: null, framePurgedAt: now }).where(framed);
  const enrolments = await tx
    .delete(faceEnrollments)
    .where(inArray(faceEnrollments.attemptId, attemptIds))
    .returning({ key: faceEnrollments.frameKey });
  return [...events, ...enrolments].map((e) => e.key).filter((k): k is string => !!k);
}

/** Code of these attempts: drafts deleted, submitted code and compiler output blanked (scores stay). */
export async function eraseCode(tx: Db, attemptIds: string[]): Promise<number> {
  if (attemptIds.length === 0) return 0;
  await tx.delete(codeDrafts).where(inArray(codeDrafts.attemptId, attemptIds));
  // Code playback (issue 29): the recorded streams are code too, and the answers to their signals.
  await tx.delete(editBatches).where(inArray(editBatches.attemptId, attemptIds));
  await tx.delete(editStreams).where(inArray(editStreams.attemptId, attemptIds));
  await tx.delete(aiExchanges).where(inArray(aiExchanges.attemptId, attemptIds));
  await tx.delete(aiFollowUps).where(inArray(aiFollowUps.attemptId, attemptIds));
  await tx.delete(codeRuns).where(inArray(codeRuns.attemptId, attemptIds));
  await tx.delete(integrityResponses).where(inArray(integrityResponses.attemptId, attemptIds));
  const rows = await tx
    .update(submissions)
    .set({ code: '', compileOutput: null })
    .where(and(inArray(submissions.attemptId, attemptIds), ne(submissions.code, '')))
    .returning({ id: submissions.id });
  return rows.length;
}

/**
 * Moves these attempts of one user (and their submissions) to a new anonymous stand-in account, so the
 * company keeps "Deleted candidate" with the score while nothing links the result to the person.
 */
export async function detachAttempts(tx: Db, userId: string, attemptIds: string[], now: Date): Promise<string> {
  const id = randomUUID();
  await tx.insert(users).values({ id, role: 'candidate', ...anonymousProfile(id, now), createdAt: now });
  if (attemptIds.length === 0) return id;
  const owned = await tx
    .update(attempts)
    .set({ userId: id })
    .where(and(inArray(attempts.id, attemptIds), eq(attempts.userId, userId)))
    .returning({ id: attempts.id, testId: attempts.testId });
  const testIds = [...new Set(owned.map((a) => a.testId))];
  if (testIds.length > 0) {
    await tx
      .update(submissions)
      .set({ userId: id })
      .where(and(eq(submissions.userId, userId), inArray(submissions.testId, testIds)));
  }
  await tx
    .delete(faceEnrollments)
    .where(and(eq(faceEnrollments.userId, userId), inArray(faceEnrollments.attemptId, attemptIds)));
  return id;
}

/** Deletes freed files; a missing file is not an error (the row no longer points at it). */
export async function deleteBlobs(blobs: BlobStore, keys: string[]): Promise<void> {
  for (const key of new Set(keys)) await blobs.delete(key).catch(() => {});
}

/**
 * Copies of the person's address elsewhere: webhook delivery bodies (all companies, or one) are replaced and
 * pending ones not sent; with `includeMail`, mail to the address in the outbox is deleted; the interviews held
 * with the address are deleted (returns how many).
 */
export async function scrubCopies(
  tx: Db,
  email: string,
  companyId: string | null,
  includeMail: boolean,
): Promise<number> {
  const needle = `%${email.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const ofCompany = companyId
    ? inArray(
        webhookDeliveries.webhookId,
        tx.select({ id: webhooks.id }).from(webhooks).where(eq(webhooks.companyId, companyId)),
      )
    : undefined;
  await tx
    .update(webhookDeliveries)
    .set({
      body: JSON.stringify({ erased: true }),
      status: sql`CASE WHEN ${webhookDeliveries.status} = 'pending' THEN 'failed' ELSE ${webhookDeliveries.status} END`,
      error: sql`CASE WHEN ${webhookDeliveries.status} = 'pending' THEN 'Not sent: the person was erased' ELSE ${webhookDeliveries.error} END`,
    })
    .where(and(sql`lower(${webhookDeliveries.body}) LIKE ${needle}`, ofCompany));
  if (includeMail) await tx.delete(outbox).where(sql`lower(${outbox.toAddress}) = ${email.toLowerCase()}`);
  await scrubAtsOrders(tx, email.toLowerCase(), companyId);
  return eraseInterviewsOf(tx, email, companyId);
}

/**
 * Tests an ATS ordered for the address (issue 45): the order forgets the address and the ATS's ids, an open one is
 * cancelled, and results not yet sent are not sent (their bodies replaced, as webhook deliveries are).
 */
async function scrubAtsOrders(tx: Db, email: string, companyId: string | null) {
  const mine = and(eq(atsOrders.email, email), companyId ? eq(atsOrders.companyId, companyId) : undefined);
  await tx
    .update(atsDeliveries)
    .set({
      body: JSON.stringify({ erased: true }),
      status: sql`CASE WHEN ${atsDeliveries.status} = 'pending' THEN 'failed' ELSE ${atsDeliveries.status} END`,
      error: sql`CASE WHEN ${atsDeliveries.status} = 'pending' THEN 'Not sent: the person was erased' ELSE ${atsDeliveries.error} END`,
    })
    .where(inArray(atsDeliveries.orderId, tx.select({ id: atsOrders.id }).from(atsOrders).where(mine)));
  await tx
    .update(atsOrders)
    .set({
      email: 'erased',
      context: {},
      status: sql`CASE WHEN ${atsOrders.status} = 'sent' THEN 'cancelled' ELSE ${atsOrders.status} END`,
    })
    .where(mine);
}
