/**
 * Review: the submissions dashboard, per-candidate reports, results and CSV, hiring status with emails,
 * proctoring frames. Employers of the owning company only (tests.access.ts decides); services never see
 * request or reply.
 */

import {
  scoreBand,
  type TBulkStatusSaved,
  type TBulkStatusUpdate,
  type TCandidateProfile,
  type TDashboard,
  type THiringStatus,
  type TMyTest,
  type TProblemScore,
  type TProctoringEvent,
  type TReport,
  type TReviewResultItem,
  type TReviewResultRow,
  type TSubmissionsPage,
} from '@assessly/shared';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import {
  type AttemptRow,
  aptitudeQuestions,
  attempts,
  proctoringEvents,
  submissions,
  type TestRow,
  type UserRow,
  users,
  writtenGrades,
} from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { type Action, authorize } from '../../lib/policy';
import { answerMarks, isWrittenAnswer } from '../aptitude-questions/aptitude-scoring';
import { companyStages, requireStage } from '../companies/companies.pipeline';
import { seesHidden, withholdResult } from '../companies/hidden-access';
import { computeSignals } from '../playback/playback.service';
import { ruleOf } from '../proctoring-events/proctoring-rules';
import { requireManagedTest } from '../tests/tests.access';
import { profileOf } from '../users/users.service';
import { countTestsNeedingGrading, findDashboardStats, findDashboardTests, type Viewer } from './dashboard-figures';
import { integritySummaries } from './integrity-count';
import * as repo from './review.repo';
import { findSimilarPairs, flagsByUser } from './similarity.service';
import { STATUS_UNDO_MS } from './status-mail';
import { displayName } from './templates';

type Deps = Pick<AppDeps, 'db' | 'database' | 'clock' | 'mailer' | 'blobs' | 'config'>;

export const SCORING_RULE =
  'Coding tests: for each problem the best judged submission counts (highest score; the latest on a tie), out of the ' +
  "problem's marks. Aptitude tests: the attempt's score (written answers count once a reviewer grades them; until " +
  'then the result awaits grading). Pass when score / max × total marks ≥ passing marks.';

const viewerOf = (user: UserRow): Viewer => ({ companyId: user.companyId, userId: user.id });
export const frameUrl = (eventId: string) => `/api/review/frames/${eventId}`;
const round1 = (n: number) => Math.round(n * 10) / 10;

export function percentOf(score: number, max: number): number {
  return max > 0 ? round1((score / max) * 100) : 0;
}

export function isPass(score: number, max: number, test: Pick<TestRow, 'totalMarks' | 'passingMarks'>): boolean {
  if (max <= 0) return false;
  return (score / max) * test.totalMarks >= test.passingMarks - 1e-9;
}

export async function getDashboard(
  deps: Deps,
  user: UserRow,
  page: number,
  pageSize: number,
  needsGrading = false,
): Promise<TDashboard> {
  const v = viewerOf(user);
  const [stats, rows, gradingTotal] = await Promise.all([
    findDashboardStats(deps.database, v),
    findDashboardTests(deps.database, v, pageSize, (page - 1) * pageSize, needsGrading),
    needsGrading ? countTestsNeedingGrading(deps.database, v) : null,
  ]);
  return {
    user: { firstName: user.firstName, lastName: user.lastName, email: user.email },
    stats,
    tests: rows.map((r) => ({
      id: r.id,
      testName: r.testName,
      testType: r.testType,
      isActive: r.isActive,
      startTime: repo.iso(r.startTime),
      endTime: repo.iso(r.endTime),
      createdAt: repo.iso(r.createdAt)!,
      submissionCount: r.submissionCount,
      candidateCount: r.candidateCount,
      averageScore: r.averageScore,
      needsGrading: r.needsGrading,
    })),
    page,
    pageSize,
    totalTests: gradingTotal ?? stats.totalTests,
  };
}

export async function getSubmissionsPage(
  deps: Deps,
  user: UserRow,
  testId: string,
  page: number,
  pageSize: number,
): Promise<TSubmissionsPage> {
  const test = await requireManagedTest(deps.db, user, testId);
  const rows = await repo.submissionsPage(deps.database, testId, pageSize, (page - 1) * pageSize);
  // a reviewer whose company keeps hidden cases from reviewers (issue 42) gets their verdicts, not their data
  const withheld = !(await seesHidden(deps.db, user));
  const sittings = new Map(
    rows.flatMap((r) =>
      r.attemptId && r.attemptStartedAt
        ? [
            [
              r.attemptId,
              { id: r.attemptId, userId: r.candidate.id!, startedAt: new Date(r.attemptStartedAt) },
            ] as const,
          ]
        : [],
    ),
  );
  const integrity = await integritySummaries(deps, test, [...sittings.values()]);
  return {
    testId,
    page,
    pageSize,
    total: rows[0]?.totalRows ?? 0,
    items: rows.map((r) => ({
      id: r.id,
      attemptId: r.attemptId,
      questionNumber: r.questionNumber,
      questionId: r.questionId,
      language: r.language,
      code: r.code,
      status: r.status,
      verdict: r.verdict,
      passed: r.passed,
      total: r.total,
      score: r.score,
      maxScore: r.maxScore,
      band: scoreBand(r.passed, r.total),
      createdAt: repo.iso(r.createdAt)!,
      results: ((r.results ?? []) as TReviewResultItem[]).map((item) => (withheld ? withholdResult(item) : item)),
      problemVersion: r.problemVersion,
      judgeHistory: r.judgeHistory ?? [],
      candidate: r.candidate as unknown as TCandidateProfile,
      hiringStatus: r.hiringStatus,
      proctoring: {
        proctored: r.proctored,
        counts: r.eventCounts ?? {},
        total: r.eventTotal,
        events: (r.events ?? []).map((e) => ({
          id: e.id,
          kind: e.kind,
          detail: e.detail,
          occurredAt: repo.iso(e.occurredAt)!,
          frameUrl: e.hasFrame ? frameUrl(e.id) : null,
          rule: ruleOf(e.kind),
          source: e.source,
          threshold: e.threshold,
          score: e.score,
          response: e.response,
        })),
        integrity: (r.attemptId && integrity.get(r.attemptId)) || { total: 0, counts: {} },
      },
    })),
  };
}

/** The attempt and its test, if this employer manages the test (404 otherwise, so ids of others do not leak). */
export async function requireManagedAttempt(
  deps: Deps,
  user: UserRow,
  attemptId: string,
  action: Action = 'review.read',
) {
  authorize(user, action);
  const [attempt] = await deps.db.select().from(attempts).where(eq(attempts.id, attemptId)).limit(1);
  if (!attempt) throw new AppError('NOT_FOUND', 'Attempt not found');
  try {
    const test = await requireManagedTest(deps.db, user, attempt.testId, action);
    return { attempt, test };
  } catch (err) {
    if (err instanceof AppError && err.code === 'TEST_NOT_FOUND') throw new AppError('NOT_FOUND', 'Attempt not found');
    throw err;
  }
}

/** Seconds from the start to the end (or, still running, to now, at most the deadline). */
export function timeTaken(
  deps: Pick<Deps, 'clock'>,
  a: { startedAt: Date; endedAt: Date | null; deadlineAt: Date },
): number {
  const end = a.endedAt ?? new Date(Math.min(a.deadlineAt.getTime(), deps.clock.now().getTime()));
  return Math.max(0, Math.round((end.getTime() - a.startedAt.getTime()) / 1000));
}

export async function getResults(deps: Deps, user: UserRow, testId: string): Promise<TReviewResultRow[]> {
  const test = await requireManagedTest(deps.db, user, testId);
  const [rows, similarity] = await Promise.all([
    repo.candidateResults(deps.database, testId),
    test.testType === 'CODING' ? findSimilarPairs(deps, test) : null,
  ]);
  const flags = similarity ? flagsByUser(similarity) : new Map<string, number>();
  const integrity = await integritySummaries(
    deps,
    test,
    rows.map((r) => ({ id: r.attemptId, userId: r.userId, startedAt: r.startedAt })),
  );
  return rows.map((r) => ({
    attemptId: r.attemptId,
    userId: r.userId,
    name: displayName(r),
    email: r.email,
    emailVerified: r.emailVerified,
    startedAt: repo.iso(r.startedAt)!,
    endedAt: repo.iso(r.endedAt),
    score: round1(r.score),
    maxScore: r.maxScore,
    percent: percentOf(r.score, r.maxScore),
    passed: r.awaitingGrading ? null : isPass(r.score, r.maxScore, test),
    awaitingGrading: r.awaitingGrading,
    hiringStatus: r.hiringStatus,
    timeTakenSeconds: timeTaken(deps, r),
    extraMinutes: r.extraMinutes,
    eventCount: integrity.get(r.attemptId)?.total ?? 0,
    integrity: integrity.get(r.attemptId) ?? { total: 0, counts: {} },
    similarityFlags: flags.get(r.userId) ?? 0,
    languages: r.languages ?? [],
  }));
}

export async function getReport(deps: Deps, user: UserRow, attemptId: string): Promise<TReport> {
  const { attempt, test } = await requireManagedAttempt(deps, user, attemptId);
  const [[result], problems, subs, events, [candidate], similarity] = await Promise.all([
    repo.candidateResults(deps.database, test.id, attempt.id),
    repo.testProblems(deps.database, test.id),
    deps.db
      .select()
      .from(submissions)
      .where(and(eq(submissions.testId, test.id), eq(submissions.userId, attempt.userId)))
      .orderBy(asc(submissions.createdAt)),
    deps.db
      .select()
      .from(proctoringEvents)
      .where(eq(proctoringEvents.attemptId, attempt.id))
      .orderBy(asc(proctoringEvents.occurredAt)),
    deps.db.select().from(users).where(eq(users.id, attempt.userId)).limit(1),
    test.testType === 'CODING' ? findSimilarPairs(deps, test) : null,
  ]);
  if (!result || !candidate) throw new AppError('NOT_FOUND', 'Attempt not found');
  const [signals, integrity] = await Promise.all([
    test.testType === 'CODING' ? computeSignals(deps, attempt, test) : [],
    integritySummaries(deps, test, [attempt]),
  ]);
  const problemById = new Map(problems.map((p) => [p.id, p]));
  // Issue 41: who decided an identity (live_unconfirmed events), by email
  const deciderIds = [...new Set(events.flatMap((e) => (e.identityDecidedBy ? [e.identityDecidedBy] : [])))];
  const deciders = new Map(
    deciderIds.length
      ? (
          await deps.db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, deciderIds))
        ).map((u) => [u.id, u.email])
      : [],
  );
  const perProblem: TProblemScore[] =
    test.testType === 'APTITUDE'
      ? await aptitudeScores(deps, test.questionIds, attempt)
      : test.questionIds
          .map((qid, index) => ({ qid, index }))
          .map(({ qid, index }) => {
            const mine = subs.filter((s) => s.questionId === qid);
            const judged = mine.filter((s) => s.status === 'judged');
            // Best judged submission; the latest one wins a tie (same rule as the SQL in review.repo.ts).
            const best = judged.reduce<(typeof judged)[number] | null>(
              (b, s) => (!b || s.score >= b.score ? s : b),
              null,
            );
            const shown = best ?? mine[mine.length - 1] ?? null;
            return {
              questionId: qid,
              questionNumber: index,
              title: problemById.get(qid)?.title ?? `Problem ${index + 1}`,
              marks: problemById.get(qid)?.marks ?? shown?.maxScore ?? 0,
              score: best?.score ?? 0,
              passed: best?.passedCount ?? 0,
              total: best?.totalCount ?? 0,
              language: shown?.language ?? null,
              code: shown?.code ?? null,
              submissionId: shown?.id ?? null,
              submissionCount: mine.length,
            };
          });
  // a coding test's written questions (issue 25) follow its problems, numbered after them
  if (test.testType === 'CODING' && test.writtenQuestionIds.length > 0) {
    perProblem.push(...(await aptitudeScores(deps, test.writtenQuestionIds, attempt, test.questionIds.length)));
  }
  const flags = similarity ? (flagsByUser(similarity).get(attempt.userId) ?? 0) : 0;
  return {
    attemptId: attempt.id,
    test: testHeaderOf(test),
    candidate: profileOf(candidate),
    startedAt: attempt.startedAt.toISOString(),
    endedAt: repo.iso(attempt.endedAt),
    timeTakenSeconds: timeTaken(deps, attempt),
    score: round1(result.score),
    maxScore: result.maxScore,
    percent: percentOf(result.score, result.maxScore),
    passed: result.awaitingGrading ? null : isPass(result.score, result.maxScore, test),
    awaitingGrading: result.awaitingGrading,
    hiringStatus: attempt.hiringStatus,
    languages: [...new Set(subs.map((s) => s.language))],
    problems: perProblem,
    events: events.map(
      (e): TProctoringEvent => ({
        id: e.id,
        kind: e.kind,
        detail: e.detail,
        occurredAt: e.occurredAt.toISOString(),
        frameUrl: e.frameKey ? frameUrl(e.id) : null,
        rule: ruleOf(e.kind),
        source: e.source,
        threshold: e.threshold,
        score: e.score,
        response: e.response,
        identity:
          e.identityDecision && e.identityDecidedAt
            ? {
                decision: e.identityDecision,
                decidedAt: e.identityDecidedAt.toISOString(),
                decidedBy: e.identityDecidedBy ? (deciders.get(e.identityDecidedBy) ?? null) : null,
                note: e.identityNote,
              }
            : null,
      }),
    ),
    integrity: integrity.get(attempt.id) ?? { total: 0, counts: {} },
    signals: signals.map((s) => ({ kind: s.kind, at: s.at, rule: s.rule, evidence: s.evidence })),
    similarityFlags: flags,
    proctored: attempt.proctored,
    scoringRule: SCORING_RULE,
    accommodation:
      attempt.extraMinutes > 0 || attempt.accommodationNote || attempt.cameraWaived || attempt.screenReader
        ? {
            extraMinutes: attempt.extraMinutes,
            note: attempt.accommodationNote,
            // issue 46: granted on the candidate's request
            ...(attempt.cameraWaived ? { cameraWaived: true } : {}),
            ...(attempt.screenReader ? { screenReader: true } : {}),
          }
        : null,
    isPreview: attempt.isPreview,
  };
}

/**
 * Aptitude: one row per question in the test's order, full marks when the stored answer is the correct option. A
 * written question (issue 25) shows the answer beside its rubric and earns its grade.
 */
async function aptitudeScores(
  deps: Deps,
  questionIds: string[],
  attempt: Pick<AttemptRow, 'id' | 'answers'>,
  firstNumber = 0,
): Promise<TProblemScore[]> {
  const ids = questionIds.filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  if (ids.length === 0) return [];
  const [rows, grades] = await Promise.all([
    deps.db.select().from(aptitudeQuestions).where(inArray(aptitudeQuestions.id, ids)),
    deps.db
      .select({ grade: writtenGrades, grader: users.email })
      .from(writtenGrades)
      .leftJoin(users, eq(users.id, writtenGrades.gradedBy))
      .where(eq(writtenGrades.attemptId, attempt.id)),
  ]);
  const byId = new Map(rows.map((q) => [q.id, q]));
  const gradeOf = new Map(grades.map((g) => [g.grade.questionId, g]));
  const answers = attempt.answers;
  return questionIds.flatMap((qid, i) => {
    const index = firstNumber + i;
    const q = byId.get(qid);
    if (!q) return [];
    const answer = answers[qid];
    const answered = q.kind === 'text' ? isWrittenAnswer(answer) : answer !== undefined;
    const g = gradeOf.get(qid);
    const earned = q.kind === 'text' ? Math.min(g?.grade.score ?? 0, q.marks) : answerMarks(q, answer);
    const correct = answered && earned === q.marks;
    return [
      {
        questionId: qid,
        questionNumber: index,
        title: q.questionText.length > 80 ? `${q.questionText.slice(0, 77)}...` : q.questionText,
        marks: q.marks,
        score: earned,
        passed: correct ? 1 : 0,
        total: 1,
        language: null,
        code: null,
        submissionId: null,
        submissionCount: answered ? 1 : 0,
        ...(q.kind !== 'text'
          ? {
              choice: {
                options: q.options,
                chosen: typeof answer === 'number' ? [answer] : Array.isArray(answer) ? answer : [],
                correct: Array.isArray(q.correctAnswers) ? q.correctAnswers : [q.correctAnswer],
                multiple: Array.isArray(q.correctAnswers),
              },
            }
          : {}),
        ...(q.kind === 'text'
          ? {
              written: {
                answer: isWrittenAnswer(answer) ? answer : null,
                rubric: q.rubric,
                grade: g
                  ? {
                      score: g.grade.score,
                      comment: g.grade.comment,
                      gradedBy: g.grader,
                      gradedAt: g.grade.gradedAt.toISOString(),
                    }
                  : null,
              },
            }
          : {}),
      },
    ];
  });
}

/** The test as a report or the results page heads it. */
export function testHeaderOf(test: TestRow) {
  return {
    id: test.id,
    testName: test.testName,
    testType: test.testType,
    totalMarks: test.totalMarks,
    passingMarks: test.passingMarks,
  };
}

/**
 * Sets the hiring status. A change to shortlisted or rejected is emailed once it has stood for the undo window
 * (status-mail.ts), and only if it differs from what the candidate was last told: one email per real change.
 */
/** notify false (issue 26): the status changes without the status email (status_silent; status-mail.ts). */
export async function setHiringStatus(deps: Deps, user: UserRow, attemptId: string, status: string, notify = true) {
  const { attempt, test } = await requireManagedAttempt(deps, user, attemptId, 'review.status');
  if (attempt.isPreview) throw new AppError('CONFLICT', 'A preview attempt has no hiring status');
  await requireStage(deps.db, test.companyId, status);
  const now = deps.clock.now();
  const changed =
    attempt.hiringStatus !== status &&
    (
      await deps.db
        .update(attempts)
        .set({ hiringStatus: status, statusChangedAt: now, statusSilent: !notify })
        .where(and(eq(attempts.id, attempt.id), ne(attempts.hiringStatus, status)))
        .returning({ id: attempts.id })
    ).length > 0;
  const current = changed ? status : attempt.hiringStatus;
  const changedAt = changed ? now : attempt.statusChangedAt;
  const silent = changed ? !notify : attempt.statusSilent;
  // An email is pending when the current status is one the candidate has not been told yet (and was not set
  // silently).
  const willEmail = !silent && current !== 'pending' && current !== (attempt.statusMailed ?? 'pending');
  return {
    attemptId: attempt.id,
    hiringStatus: status,
    changed,
    emailed: false,
    emailAt: willEmail && changedAt ? new Date(changedAt.getTime() + STATUS_UNDO_MS).toISOString() : null,
  };
}

/**
 * One status for many candidates of one test (issue 26): all the ids must be attempts of this test the caller
 * manages (else 404 and nothing changes); previews are refused. Only attempts whose status differs change; with
 * notify, their emails follow the usual undo window (status-mail.ts), without it none is sent.
 */
export async function setHiringStatuses(
  deps: Deps,
  user: UserRow,
  testId: string,
  input: TBulkStatusUpdate,
): Promise<TBulkStatusSaved> {
  const test = await requireManagedTest(deps.db, user, testId, 'review.status');
  await requireStage(deps.db, test.companyId, input.status);
  const ids = [...new Set(input.attemptIds)];
  const found = await deps.db
    .select({ id: attempts.id, isPreview: attempts.isPreview })
    .from(attempts)
    .where(and(eq(attempts.testId, test.id), inArray(attempts.id, ids)));
  if (found.length !== ids.length) throw new AppError('NOT_FOUND', 'Attempt not found');
  if (found.some((a) => a.isPreview)) throw new AppError('CONFLICT', 'A preview attempt has no hiring status');
  const now = deps.clock.now();
  const changed = await deps.db
    .update(attempts)
    .set({ hiringStatus: input.status, statusChangedAt: now, statusSilent: !input.notify })
    .where(and(eq(attempts.testId, test.id), inArray(attempts.id, ids), ne(attempts.hiringStatus, input.status)))
    .returning({ id: attempts.id });
  const emails = input.notify && input.status !== 'pending' && changed.length > 0;
  return {
    hiringStatus: input.status,
    changed: changed.map((c) => c.id),
    notify: input.notify,
    emailAt: emails ? new Date(now.getTime() + STATUS_UNDO_MS).toISOString() : null,
  };
}

/** A stored proctoring frame, for employers who manage the event's test only. */
export async function getFrame(deps: Deps, user: UserRow, eventId: string) {
  authorize(user, 'review.read');
  const [event] = await deps.db.select().from(proctoringEvents).where(eq(proctoringEvents.id, eventId)).limit(1);
  if (!event?.frameKey) throw new AppError('NOT_FOUND', 'Frame not found');
  await requireManagedAttempt(deps, user, event.attemptId).catch((err: unknown) => {
    throw err instanceof AppError && err.code === 'NOT_FOUND' ? new AppError('NOT_FOUND', 'Frame not found') : err;
  });
  const blob = await deps.blobs.get(event.frameKey);
  if (!blob) throw new AppError('NOT_FOUND', 'Frame not found');
  return blob;
}

/** The candidate's own tests: attempts with score once the attempt is over, and pending invitations. */
export async function getMyTests(deps: Deps, user: UserRow): Promise<TMyTest[]> {
  const rows = await repo.myTests(deps.database, user.id, user.email);
  const now = deps.clock.now();
  return rows.map((r) => {
    const completed = !!r.endedAt || (!!r.deadlineAt && r.deadlineAt <= now);
    const state: TMyTest['state'] = !r.startedAt ? 'invited' : completed ? 'completed' : 'in_progress';
    const released = state === 'completed' && !r.awaitingGrading && r.showScore !== false;
    return {
      testId: r.testId,
      testName: r.testName,
      testType: r.testType,
      companyName: r.companyName,
      state,
      startedAt: repo.iso(r.startedAt),
      endedAt: repo.iso(r.endedAt ?? (completed ? r.deadlineAt : null)),
      endTime: repo.iso(r.endTime),
      // The score is released once the attempt is over, never while the candidate is still working, not
      // while a written answer awaits grading (issue 25), and never when the company does not show candidates
      // their score (issue 26).
      score: released && r.score != null ? round1(r.score) : null,
      maxScore: released ? r.maxScore : null,
      // A company's own pipeline stage (issue 26) is the employer's working state, not a decision told to the
      // candidate: they see it as pending (they hear of it by email only when the employer notifies them).
      hiringStatus: candidateStatus(r.hiringStatus),
      takePath: takePathOf(r.testType, r.testId),
    };
  });
}

function candidateStatus(status: string | null): THiringStatus | null {
  if (status === null) return null;
  return status === 'shortlisted' || status === 'rejected' ? status : 'pending';
}

export function takePathOf(testType: string, testId: string): string {
  return testType.toUpperCase() === 'APTITUDE' ? `/aptitude/${testId}` : `/code/${testId}`;
}
