/**
 * Tests: create, read (employer or candidate projection), update with optimistic concurrency, delete with
 * what belongs only to the test, the dashboard's numbers. Other features use findTestWithQuestions and the
 * candidate projections exported here.
 */

import {
  checkTestRules,
  offeredLanguages,
  type TAdminStats,
  type TAptitudeQuestion,
  type TCandidateProblem,
  type TCandidateQuestion,
  type TCandidateTest,
  type TCodingProblem,
  type TTest,
  type TTestCreate,
  type TTestUpdate,
  type TTestWithQuestions,
  VERSION_CONFLICT_MESSAGE,
} from '@assessly/shared';
import type { Db } from '../../db/client';
import type { ProblemRow, QuestionRow, TestRow, UserRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { authorize } from '../../lib/policy';
import { findQuestionsByIds } from '../aptitude-questions/aptitude-questions.repo';
import { requireVisibleTest } from '../attempts/access-gate';
import { findAttempt } from '../attempts/attempts.service';
import { findProblemsByIds } from '../coding-problems/coding-problems.repo';
import { copyProblem } from '../coding-problems/problem-versions';
import { seesHidden, withholdProblem } from '../companies/hidden-access';
import { canManageTest, findTest, requireManagedTest } from './tests.access';
import {
  toCandidateProblem,
  toCandidateQuestion,
  toCandidateTest,
  toEmployerProblem,
  toEmployerQuestion,
  toEmployerTest,
} from './tests.projections';
import * as repo from './tests.repo';

// The candidate projections live in tests.projections.ts; they are exported from here for other features.
export { toCandidateProblem, toCandidateQuestion, toCandidateTest } from './tests.projections';

/**
 * A window time from input. JavaScript parses years PostgreSQL cannot store (0, 275760): those are a 400 here,
 * not a 500 from the database.
 */
function toDate(v: string | null | undefined, field: 'startTime' | 'endTime' | 'linkExpiresAt'): Date | null {
  if (!v) return null;
  const d = new Date(v);
  const year = d.getUTCFullYear();
  if (Number.isNaN(d.getTime()) || year < 1970 || year > 9999) {
    const label = { startTime: 'Start time', endTime: 'End time', linkExpiresAt: 'Link expiry' }[field];
    const message = `${label} must be a valid date`;
    throw new AppError('VALIDATION', message, { [field]: message });
  }
  return d;
}

export async function createTest(db: Db, user: UserRow, input: TTestCreate): Promise<TTest> {
  authorize(user, 'tests.author');
  const row = await repo.insertTest(db, {
    testName: input.testName,
    testType: input.testType,
    description: input.description,
    duration: input.duration,
    totalMarks: input.totalMarks,
    passingMarks: input.passingMarks,
    startTime: toDate(input.startTime, 'startTime'),
    endTime: toDate(input.endTime, 'endTime'),
    isActive: input.isActive ?? true,
    proctoring: input.proctoring ?? null,
    languages: input.languages ? offeredLanguages(input.languages) : null,
    pastePolicy: input.pastePolicy ?? 'record',
    access: input.access,
    linkExpiresAt: toDate(input.linkExpiresAt, 'linkExpiresAt'),
    defaultLocale: input.defaultLocale ?? 'en',
    // createdBy comes from the session, never from the body.
    createdBy: user.id,
    companyId: user.companyId,
  });
  return toEmployerTest(row, user.email);
}

/** GET /api/tests/by-user/{userId}: the caller's own id only; answers the tests of the caller's company. */
export async function listTestsForUser(db: Db, user: UserRow, userId?: string): Promise<TTest[]> {
  if (userId !== undefined && userId !== user.id) throw new AppError('FORBIDDEN', 'You can only list your own tests');
  const rows = await repo.listTestsOf(db, user);
  return rows.map((r) => toEmployerTest(r.test, r.email));
}

/** A managing employer reads everything; a candidate the candidate projection; another employer 404. */
export async function readTest(db: Db, user: UserRow, id: string): Promise<TTest | TCandidateTest> {
  if (user.role === 'employer') {
    const test = await requireManagedTest(db, user, id);
    return toEmployerTest(test, await repo.findCreatorEmail(db, test.createdBy));
  }
  const test = await findTest(db, id);
  if (!test) throw new AppError('TEST_NOT_FOUND', 'Test not found');
  await requireVisibleTest(db, user, test, !!(await findAttempt({ db }, user.id, id)));
  return toCandidateTest(test);
}

export function conflict(): AppError {
  return new AppError('CONFLICT', VERSION_CONFLICT_MESSAGE);
}

export async function updateTest(db: Db, user: UserRow, id: string, input: TTestUpdate): Promise<TTest> {
  const test = await requireManagedTest(db, user, id, 'tests.author');
  if (input.version !== undefined && input.version !== test.version) throw conflict();
  const questionIds = input.questionIds ?? test.questionIds;
  const testType = input.testType ?? test.testType;
  if (testType !== test.testType && questionIds.length > 0) {
    throw new AppError('VALIDATION', 'The type of a test that has questions cannot be changed', {
      testType: 'The type of a test that has questions cannot be changed',
    });
  }
  if (input.questionIds) await checkQuestionIds(db, user, testType, input.questionIds);
  let totalMarks = input.totalMarks ?? test.totalMarks;
  let passingMarks = input.passingMarks ?? test.passingMarks;
  // One rule (issue 46, docs/DECISIONS.md §6b): a test with questions totals their marks, whatever is asked;
  // `recomputeTotal` is kept for the spec's call and changes nothing more.
  // a coding test's written questions (issue 25) count toward its total too
  const written = testType === 'CODING' ? await repo.sumMarks(db, 'APTITUDE', test.writtenQuestionIds) : 0;
  const sum = (await repo.sumMarks(db, testType, questionIds)) + written;
  if (sum > 0) {
    // a total sent back unchanged (a form that round-trips what it read) is not a request to change it
    const asked = input.totalMarks !== undefined && input.totalMarks !== test.totalMarks;
    if (asked && input.totalMarks !== sum && !input.recomputeTotal) {
      const message = `Total marks are the sum of the questions' marks (${sum})`;
      throw new AppError('VALIDATION', message, { totalMarks: message });
    }
    totalMarks = sum;
    // the pass mark the employer sets is checked against that total; one set before is capped at it
    // (also one sent back unchanged over a stored total the sum has since replaced)
    const keptPass = input.passingMarks === undefined || input.passingMarks === test.passingMarks;
    passingMarks = keptPass ? Math.min(passingMarks, totalMarks) : input.passingMarks!;
  }
  const startTime = input.startTime !== undefined ? toDate(input.startTime, 'startTime') : test.startTime;
  const endTime = input.endTime !== undefined ? toDate(input.endTime, 'endTime') : test.endTime;
  const broken = checkTestRules({ totalMarks, passingMarks, startTime, endTime });
  if (broken) throw new AppError('VALIDATION', broken.message, { [broken.field]: broken.message });
  const row = await repo.updateTestRow(
    db,
    id,
    {
      testName: input.testName ?? test.testName,
      testType,
      description: input.description ?? test.description,
      duration: input.duration ?? test.duration,
      totalMarks,
      passingMarks,
      startTime,
      endTime,
      isActive: input.isActive ?? test.isActive,
      proctoring: input.proctoring === undefined ? test.proctoring : input.proctoring,
      languages: input.languages === undefined ? test.languages : input.languages && offeredLanguages(input.languages),
      pastePolicy: input.pastePolicy ?? test.pastePolicy,
      access: input.access ?? test.access,
      linkExpiresAt:
        input.linkExpiresAt !== undefined ? toDate(input.linkExpiresAt, 'linkExpiresAt') : test.linkExpiresAt,
      defaultLocale: input.defaultLocale ?? test.defaultLocale,
      questionIds,
    },
    test.version,
  );
  if (!row) throw conflict();
  return toEmployerTest(row, await repo.findCreatorEmail(db, row.createdBy));
}

/** Every id must be a question (aptitude test) or problem (coding test) of this tenant, each once. */
export async function checkQuestionIds(
  db: Db,
  user: UserRow,
  testType: 'APTITUDE' | 'CODING',
  ids: string[],
): Promise<void> {
  if (new Set(ids).size !== ids.length) throw new AppError('VALIDATION', 'Each question can be in a test only once');
  const rows: (QuestionRow | ProblemRow)[] =
    testType === 'APTITUDE' ? await findQuestionsByIds(db, ids) : await findProblemsByIds(db, ids);
  const ok = new Set(rows.filter((r) => canManageTest(user, r)).map((r) => r.id));
  const missing = ids.find((id) => !ok.has(id));
  if (missing)
    throw new AppError('VALIDATION', `Question ${missing} was not found`, {
      questionIds: `Question ${missing} was not found`,
    });
}

/** PUT /api/tests/{id}/update-questions: sets the order and membership of the test's questions. */
export async function setQuestionIds(
  db: Db,
  user: UserRow,
  id: string,
  questionIds: string[],
  version?: number,
  linkIds: string[] = [],
): Promise<TTest> {
  const test = await requireManagedTest(db, user, id);
  if (test.testType !== 'CODING') return updateTest(db, user, id, { questionIds, version });
  await checkQuestionIds(db, user, 'CODING', questionIds);
  return db.transaction(async (tx) => {
    const ids = await copyAddedProblems(tx, user, test, questionIds, new Set(linkIds));
    return updateTest(tx, user, id, { questionIds: ids, version });
  });
}

/**
 * A problem of another test (or of the bank) newly added to this test is copied, so later edits here never
 * rewrite the other test's history; one listed in linkIds is shared on purpose.
 */
export async function copyAddedProblems(
  tx: Db,
  user: UserRow,
  test: TestRow,
  questionIds: string[],
  linkIds: Set<string>,
): Promise<string[]> {
  const already = new Set(test.questionIds);
  const rows = new Map((await findProblemsByIds(tx, questionIds)).map((r) => [r.id, r]));
  const out: string[] = [];
  for (const qid of questionIds) {
    const row = rows.get(qid);
    const foreign = row && row.testId !== test.id && !already.has(qid) && !linkIds.has(qid);
    out.push(foreign ? (await copyProblem(tx, qid, test.companyId, { testId: test.id, createdBy: user.id })).id : qid);
  }
  return out;
}

export async function deleteTest(db: Db, user: UserRow, id: string): Promise<void> {
  const test = await requireManagedTest(db, user, id, 'tests.delete');
  await repo.deleteTestCascade(db, test);
}

/** The test's rows and its questions or problems in questionIds order (ids with no row are skipped). */
export async function findTestWithQuestions(
  db: Db,
  testId: string,
): Promise<{ test: TestRow; questions: QuestionRow[]; problems: ProblemRow[] } | null> {
  const test = await findTest(db, testId);
  if (!test) return null;
  const ids = test.questionIds;
  const order = <R extends { id: string }>(rows: R[]) => {
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id) => byId.get(id)).filter((r): r is R => !!r);
  };
  if (test.testType === 'APTITUDE') return { test, questions: order(await findQuestionsByIds(db, ids)), problems: [] };
  // a coding test's questions are its written ones (issue 25), in their own order
  const written = test.writtenQuestionIds;
  // and since issue 46 a mixed test's single- and multi-select questions
  const writtenRows = await findQuestionsByIds(db, written);
  const byId = new Map(writtenRows.map((r) => [r.id, r]));
  const questions = written.map((id) => byId.get(id)).filter((r): r is QuestionRow => !!r);
  return { test, questions, problems: order(await findProblemsByIds(db, ids)) };
}

/** GET /api/tests/{id}/questions: the managing employer's full view, or the candidate projection. */
export async function readTestQuestions(
  db: Db,
  user: UserRow,
  id: string,
): Promise<
  | TTestWithQuestions<TAptitudeQuestion, TCodingProblem, TTest>
  | TTestWithQuestions<TCandidateQuestion, TCandidateProblem, TCandidateTest>
> {
  if (user.role === 'employer') await requireManagedTest(db, user, id);
  // A candidate sees the questions only once they have started the test, so nobody reads them before the clock runs.
  else if (!(await findAttempt({ db }, user.id, id)))
    throw new AppError('FORBIDDEN', 'Start the test to see its questions');
  const found = await findTestWithQuestions(db, id);
  if (!found) throw new AppError('TEST_NOT_FOUND', 'Test not found');
  if (user.role === 'employer') {
    const problems = found.problems.map(toEmployerProblem);
    return {
      test: toEmployerTest(found.test, await repo.findCreatorEmail(db, found.test.createdBy)),
      questions: found.questions.map(toEmployerQuestion),
      // a reviewer whose company keeps hidden cases and solutions from reviewers (issue 42) reads neither
      problems: (await seesHidden(db, user)) ? problems : problems.map(withholdProblem),
    };
  }
  return {
    test: toCandidateTest(found.test),
    questions: found.questions.map(toCandidateQuestion),
    problems: found.problems.map(toCandidateProblem),
  };
}

export async function readStats(db: Db, user: UserRow): Promise<TAdminStats> {
  return repo.countStats(db, user);
}

export async function readCandidates(db: Db, user: UserRow) {
  const rows = await repo.listCandidates(db, user);
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    firstName: r.first_name,
    lastName: r.last_name,
    testsTaken: Number(r.tests),
    lastActivity: new Date(r.last_activity).toISOString(),
  }));
}
