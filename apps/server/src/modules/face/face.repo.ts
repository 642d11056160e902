/** face_enrollments: the descriptors the main server keeps (the face service is stateless). */
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type EnrollmentRow, faceEnrollments } from '../../db/schema';
import type { Descriptor } from './face-client';

export async function insertEnrollment(
  db: Db,
  row: { userId: string; attemptId: string | null; descriptor: Descriptor; frameKey: string | null; createdAt: Date },
): Promise<EnrollmentRow> {
  const [saved] = await db
    .insert(faceEnrollments)
    .values({
      userId: row.userId,
      attemptId: row.attemptId,
      descriptor: row.descriptor.values,
      model: row.descriptor.model,
      frameKey: row.frameKey,
      createdAt: row.createdAt,
    })
    .returning();
  return saved!;
}

/** The newest enrolment of a user: for one attempt, or the user's own (attemptId null) for the live screens. */
export async function findLatestEnrollment(
  db: Db,
  userId: string,
  attemptId: string | null,
): Promise<EnrollmentRow | null> {
  const [row] = await db
    .select()
    .from(faceEnrollments)
    .where(
      and(
        eq(faceEnrollments.userId, userId),
        attemptId ? eq(faceEnrollments.attemptId, attemptId) : isNull(faceEnrollments.attemptId),
      ),
    )
    .orderBy(desc(faceEnrollments.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * The reference enrolment of a candidate for a test (issue 17): one row per user and test, taken before the
 * attempt starts. Rows of older attempts (enrolled after start, no test_id) count as the reference too.
 */
export async function findReference(
  db: Db,
  userId: string,
  testId: string,
  attemptId: string | null = null,
): Promise<EnrollmentRow | null> {
  const [byTest] = await db
    .select()
    .from(faceEnrollments)
    .where(and(eq(faceEnrollments.userId, userId), eq(faceEnrollments.testId, testId)))
    .limit(1);
  if (byTest || !attemptId) return byTest ?? null;
  const [byAttempt] = await db
    .select()
    .from(faceEnrollments)
    .where(and(eq(faceEnrollments.userId, userId), eq(faceEnrollments.attemptId, attemptId)))
    .orderBy(asc(faceEnrollments.createdAt))
    .limit(1);
  return byAttempt ?? null;
}

/**
 * Saves the pre-start reference: a candidate may retake it until the attempt starts (the row is replaced
 * only while it is not bound to an attempt). Returns null when a bound reference already exists.
 */
export async function saveReference(
  db: Db,
  row: {
    userId: string;
    testId: string;
    attemptId: string | null;
    descriptor: Descriptor;
    frameKey: string;
    createdAt: Date;
  },
): Promise<EnrollmentRow | null> {
  const values = {
    userId: row.userId,
    testId: row.testId,
    attemptId: row.attemptId,
    descriptor: row.descriptor.values,
    model: row.descriptor.model,
    frameKey: row.frameKey,
    createdAt: row.createdAt,
    // A new reference needs its own live sequence (issue 27).
    liveMinYaw: null,
    liveMaxYaw: null,
    livePassedAt: null,
  };
  const [updated] = await db
    .update(faceEnrollments)
    .set(values)
    .where(
      and(
        eq(faceEnrollments.userId, row.userId),
        eq(faceEnrollments.testId, row.testId),
        isNull(faceEnrollments.attemptId),
      ),
    )
    .returning();
  if (updated) return updated;
  const [inserted] = await db.insert(faceEnrollments).values(values).onConflictDoNothing().returning();
  return inserted ?? null;
}

export function toDescriptor(row: EnrollmentRow): Descriptor {
  return { values: row.descriptor, model: row.model };
}

/**
 * Widens the reference's live-sequence extremes with one matched frame's head turn; sets live_passed_at once
 * the swing reaches the rule. Returns the row as saved.
 */
export async function noteLiveYaw(
  db: Db,
  row: EnrollmentRow,
  yaw: number,
  passed: (min: number, max: number) => boolean,
  now: Date,
): Promise<EnrollmentRow> {
  const min = row.liveMinYaw === null ? yaw : Math.min(row.liveMinYaw, yaw);
  const max = row.liveMaxYaw === null ? yaw : Math.max(row.liveMaxYaw, yaw);
  const [saved] = await db
    .update(faceEnrollments)
    .set({ liveMinYaw: min, liveMaxYaw: max, livePassedAt: row.livePassedAt ?? (passed(min, max) ? now : null) })
    .where(eq(faceEnrollments.id, row.id))
    .returning();
  return saved ?? row;
}
