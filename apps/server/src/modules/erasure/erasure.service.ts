/**
 * Data-protection requests: a candidate downloads all their data or deletes their account; an owner erases
 * one candidate's data for the company. Employers keep an anonymised result ("Deleted candidate", score).
 * Every erasure is written to the audit log of each company that held the data.
 */

import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import {
  accommodationRequests,
  attempts,
  codeDrafts,
  faceEnrollments,
  invitations,
  oneTimeTokens,
  proctoringEvents,
  sessions,
  submissions,
  tests,
  users,
} from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import { toOwnRequest } from '../accommodation-requests/accommodation-requests.service';
import { exportAiOf } from '../ai/ai.export';
import { recordAudit } from '../audit/audit.service';
import { countInterviewsOf, exportInterviewsOf } from '../interviews/interviews.erasure';
import { toCandidateCompileOutput, toCandidateResults } from '../judging/projection';
import { exportRecordings } from '../playback/playback.service';
import { exportRuns } from '../playback/runs';
import { toPublicUser } from '../users/users.service';
import {
  anonymousProfile,
  deleteBlobs,
  detachAttempts,
  eraseCode,
  erasedEmail,
  eraseFrames,
  scrubCopies,
} from './erasure.core';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'blobs'>;

/** Companies whose tests this user attempted or was invited to (they get the audit entry). */
async function companiesOf(db: Db, user: UserRow): Promise<string[]> {
  const rows = await db
    .selectDistinct({ companyId: tests.companyId })
    .from(tests)
    .where(
      and(
        isNotNull(tests.companyId),
        sql`(EXISTS (SELECT 1 FROM attempts a WHERE a.test_id = ${tests.id} AND a.user_id = ${user.id})
          OR EXISTS (SELECT 1 FROM invitations i WHERE i.test_id = ${tests.id} AND lower(i.email) = lower(${user.email})))`,
      ),
    );
  return rows.map((r) => r.companyId!);
}

/**
 * DELETE /api/users/me: sessions, profile, frames, drafts, enrolments and submitted code are erased; the
 * account row stays as "Deleted candidate" so employers' results keep the score. Password re-entry required.
 */
export async function eraseAccount(deps: Deps, user: UserRow, password: string, ip: string): Promise<void> {
  if (user.role !== 'candidate') {
    throw new AppError('FORBIDDEN', 'Employer accounts are removed by the company owner');
  }
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw new AppError('INVALID_CREDENTIALS', 'The password is not correct');
  }
  const now = deps.clock.now();
  const companyIds = await companiesOf(deps.db, user);
  const keys = await deps.db.transaction(async (tx) => {
    const mine = await tx.select({ id: attempts.id }).from(attempts).where(eq(attempts.userId, user.id));
    const ids = mine.map((a) => a.id);
    const freed = await eraseFrames(tx, ids, now);
    await eraseCode(tx, ids);
    const enrolments = await tx
      .delete(faceEnrollments)
      .where(eq(faceEnrollments.userId, user.id))
      .returning({ key: faceEnrollments.frameKey });
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    // issue 46: a request's reason is often about the candidate's health
    await tx.delete(accommodationRequests).where(eq(accommodationRequests.userId, user.id));
    await tx.delete(oneTimeTokens).where(eq(oneTimeTokens.userId, user.id));
    await tx
      .update(invitations)
      .set({ email: erasedEmail(user.id) })
      .where(sql`lower(${invitations.email}) = lower(${user.email})`);
    await scrubCopies(tx, user.email, null, true);
    await tx.update(users).set(anonymousProfile(user.id, now)).where(eq(users.id, user.id));
    return [...freed, ...enrolments.map((e) => e.key).filter((k): k is string => !!k)];
  });
  await deleteBlobs(deps.blobs, keys);
  for (const companyId of [null, ...companyIds]) {
    await recordAudit(deps.db, {
      companyId,
      actorId: user.id,
      action: 'user.erased',
      targetType: 'user',
      targetId: user.id,
      ip,
      detail: { by: 'self' },
    });
  }
}

/**
 * An owner erases one candidate's data held by the company: frames, code, drafts, enrolments, the
 * invitations' address and the interviews held with the candidate's address (rooms, notes, runs, scorecard);
 * the company's test results move to an anonymous stand-in (other companies keep theirs).
 */
export async function eraseCandidateForCompany(
  deps: Deps,
  actor: { userId: string; companyId: string; ip: string },
  candidateId: string,
): Promise<{ attempts: number; interviews: number }> {
  const [candidate] = await deps.db.select().from(users).where(eq(users.id, candidateId)).limit(1);
  if (candidate?.role !== 'candidate') throw new AppError('USER_NOT_FOUND', 'Candidate not found');
  const companyTests = deps.db.select({ id: tests.id }).from(tests).where(eq(tests.companyId, actor.companyId));
  const held = await deps.db
    .select({ id: attempts.id })
    .from(attempts)
    .where(and(eq(attempts.userId, candidateId), inArray(attempts.testId, companyTests)));
  const invited = await deps.db
    .select({ id: invitations.id })
    .from(invitations)
    .where(
      and(sql`lower(${invitations.email}) = lower(${candidate.email})`, inArray(invitations.testId, companyTests)),
    );
  const interviewCount = await countInterviewsOf(deps.db, candidate.email, actor.companyId);
  if (held.length === 0 && invited.length === 0 && interviewCount === 0) {
    throw new AppError('USER_NOT_FOUND', 'Candidate not found');
  }
  const ids = held.map((a) => a.id);
  const now = deps.clock.now();
  const { keys, standIn, interviews } = await deps.db.transaction(async (tx) => {
    const freed = await eraseFrames(tx, ids, now);
    await eraseCode(tx, ids);
    const standIn = await detachAttempts(tx, candidateId, ids, now);
    const interviews = await scrubCopies(tx, candidate.email, actor.companyId, false);
    await tx
      .delete(accommodationRequests)
      .where(and(eq(accommodationRequests.userId, candidateId), inArray(accommodationRequests.testId, companyTests)));
    if (invited.length > 0) {
      await tx
        .update(invitations)
        .set({ email: erasedEmail(standIn) })
        .where(
          inArray(
            invitations.id,
            invited.map((i) => i.id),
          ),
        );
    }
    return { keys: freed, standIn, interviews };
  });
  await deleteBlobs(deps.blobs, keys);
  await recordAudit(deps.db, {
    companyId: actor.companyId,
    actorId: actor.userId,
    action: 'candidate.erased',
    targetType: 'user',
    targetId: candidateId,
    ip: actor.ip,
    detail: { attempts: ids.length, invitations: invited.length, interviews, anonymisedAs: standIn },
  });
  return { attempts: ids.length, interviews };
}

/** Everything stored about the signed-in user, as one JSON document (frames are listed, not embedded). */
export async function exportMyData(deps: Deps, user: UserRow, ip: string) {
  const mine = await deps.db.select().from(attempts).where(eq(attempts.userId, user.id));
  const ids = mine.map((a) => a.id);
  const none = ids.length === 0;
  const [subs, drafts, events, enrolments, invites, testRows] = await Promise.all([
    deps.db.select().from(submissions).where(eq(submissions.userId, user.id)),
    none ? [] : deps.db.select().from(codeDrafts).where(inArray(codeDrafts.attemptId, ids)),
    none ? [] : deps.db.select().from(proctoringEvents).where(inArray(proctoringEvents.attemptId, ids)),
    deps.db.select().from(faceEnrollments).where(eq(faceEnrollments.userId, user.id)),
    // The same rule as the test list (issue 23): invitations to an address show only once it is verified.
    user.emailVerifiedAt
      ? deps.db
          .select({
            testId: invitations.testId,
            email: invitations.email,
            status: invitations.status,
            sentAt: invitations.sentAt,
          })
          .from(invitations)
          .where(sql`lower(${invitations.email}) = lower(${user.email})`)
      : [],
    none
      ? []
      : deps.db
          .select({ id: tests.id, testName: tests.testName })
          .from(tests)
          .where(inArray(tests.id, [...new Set(mine.map((a) => a.testId))])),
  ]);
  const [recordings, runs, ai, accommodation] = await Promise.all([
    exportRecordings(deps, ids),
    exportRuns(deps, ids),
    exportAiOf(deps, ids),
    deps.db
      .select()
      .from(accommodationRequests)
      .where(eq(accommodationRequests.userId, user.id))
      .orderBy(asc(accommodationRequests.createdAt)),
  ]);
  // The same rule as invitations: interviews held with an address show once the address is verified.
  const interviewRows = user.emailVerifiedAt ? await exportInterviewsOf(deps.db, user.email) : [];
  await recordAudit(deps.db, {
    companyId: user.companyId,
    actorId: user.id,
    action: 'data.exported',
    targetType: 'user',
    targetId: user.id,
    ip,
    detail: { what: 'own_data', format: 'json' },
  });
  return {
    exportedAt: deps.clock.now().toISOString(),
    profile: toPublicUser(user),
    // Listed fields only, and results through the candidate projection: the stored items of hidden test
    // cases hold their input and expected output, which a candidate must never receive.
    attempts: mine.map((a) => ({
      id: a.id,
      testId: a.testId,
      testName: testRows.find((t) => t.id === a.testId)?.testName ?? null,
      startedAt: a.startedAt,
      deadlineAt: a.deadlineAt,
      endedAt: a.endedAt,
      endReason: a.endReason,
      answers: a.answers,
      score: a.score,
      maxScore: a.maxScore,
      hiringStatus: a.hiringStatus,
    })),
    submissions: subs.map((s) => ({
      id: s.id,
      testId: s.testId,
      attemptId: s.attemptId,
      questionNumber: s.questionNumber,
      language: s.language,
      code: s.code,
      status: s.status,
      verdict: s.verdict,
      compileOutput: toCandidateCompileOutput(s.verdict, s.compileOutput),
      results: toCandidateResults(s.results),
      passedCount: s.passedCount,
      totalCount: s.totalCount,
      score: s.score,
      maxScore: s.maxScore,
      createdAt: s.createdAt,
    })),
    drafts: drafts.map((d) => ({ attemptId: d.attemptId, language: d.language, code: d.code, updatedAt: d.updatedAt })),
    proctoringEvents: events.map((e) => ({
      kind: e.kind,
      detail: e.detail,
      occurredAt: e.occurredAt,
      hasFrame: !!e.frameKey,
    })),
    faceEnrollments: enrolments.map((e) => ({
      createdAt: e.createdAt,
      model: e.model,
      descriptor: e.descriptor,
      hasPhoto: !!e.frameKey,
    })),
    invitations: invites,
    editRecordings: recordings,
    interviews: interviewRows,
    codeRuns: runs,
    aiExchanges: ai.exchanges,
    aiFollowUps: ai.followUps,
    accommodationRequests: accommodation.map((r) => ({ testId: r.testId, createdAt: r.createdAt, ...toOwnRequest(r) })),
  };
}
