/** face_enrollments: the descriptors the main server keeps (the face service is stateless). */
import { and, desc, eq, isNull } from 'drizzle-orm';
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

export function toDescriptor(row: EnrollmentRow): Descriptor {
  return { values: row.descriptor, model: row.model };
}
