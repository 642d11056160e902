/**
 * GET /api/attempts/take/{testId}: one answer with everything the test page needs — the test, the window
 * state, the candidate's attempt with the server's now (the page counts down from the server's deadline),
 * and once started the problems or questions (candidate projection), saved drafts and saved answers.
 */
import { offeredLanguages, type TAnswerLanguage, type TTakeTest, type TWindowState } from '@assessly/shared';
import { eq } from 'drizzle-orm';
import { type AttemptRow, codeDrafts, type TestRow, type UserRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { findOwnRequest, toOwnRequest } from '../accommodation-requests/accommodation-requests.service';
import { readProctoringState } from '../face/proctoring.gate';
import { accommodationFor } from '../invitations/accommodations';
import { effectiveSections, entrySections, takeSections } from '../sections/sections.state';
import { findTest } from '../tests/tests.access';
import { requireVisibleTest } from './access-gate';
import { findAnsweredQuestions, findProblemsInOrder, projectProblem, projectQuestion } from './attempts.questions';
import { findAttempt, isPreviewer, isWindowOpen } from './attempts.service';
import { scoreHiddenFrom } from './score-visibility';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function windowStateOf(test: TestRow, attempt: AttemptRow | null, now: Date, preview = false): TWindowState {
  if (attempt) return attempt.endedAt || attempt.deadlineAt <= now ? 'ended' : 'available';
  // A preview may be taken whenever the company likes.
  return preview || isWindowOpen(test, now) ? 'available' : 'out-of-window';
}

/** The sum of the marks of a test's problems and questions (its written questions too), as they are now. */
async function questionMarksOf(deps: Pick<AppDeps, 'database'>, test: TestRow): Promise<number> {
  const [row] = await deps.database.query<{ marks: number }>(
    `SELECT (coalesce((SELECT sum(cp.marks) FROM coding_problems cp
                       WHERE $2 = 'CODING' AND cp.id::text IN (SELECT jsonb_array_elements_text($1::jsonb))), 0)
           + coalesce((SELECT sum(q.marks) FROM aptitude_questions q
                       WHERE q.id::text IN (SELECT jsonb_array_elements_text(
                         CASE WHEN $2 = 'CODING' THEN $3::jsonb ELSE $1::jsonb END))), 0))::float8 AS marks`,
    [JSON.stringify(test.questionIds), test.testType, JSON.stringify(test.writtenQuestionIds)],
  );
  return row?.marks ?? 0;
}

export async function requireTest(deps: Pick<AppDeps, 'db'>, testId: string): Promise<TestRow> {
  const test = await findTest(deps.db, testId);
  if (!test) throw new AppError('TEST_NOT_FOUND', 'Test not found');
  return test;
}

export async function readTakeState(
  deps: Pick<AppDeps, 'db' | 'database' | 'clock' | 'face'>,
  user: UserRow,
  testId: string,
): Promise<TTakeTest> {
  const test = await requireTest(deps, testId);
  const attempt = await findAttempt(deps, user.id, testId);
  const now = deps.clock.now();
  const preview = isPreviewer(user, test);
  if (!preview) await requireVisibleTest(deps.db, user, test, !!attempt);
  const state: TTakeTest = {
    test: {
      id: test.id,
      testName: test.testName,
      testType: test.testType,
      description: test.description,
      duration: test.duration,
      totalMarks: test.totalMarks,
      passingMarks: test.passingMarks,
      startTime: iso(test.startTime),
      endTime: iso(test.endTime),
      questionIds: attempt ? test.questionIds : [],
      questionCount: test.questionIds.length,
      languages: offeredLanguages(test.languages),
      defaultLocale: test.defaultLocale,
    },
    window: {
      state: windowStateOf(test, attempt, now, preview),
      startTime: iso(test.startTime),
      endTime: iso(test.endTime),
    },
    serverNow: now.toISOString(),
    pastePolicy: test.pastePolicy,
    preview,
    ...(test.isPractice ? { practice: true } : {}),
    attempt: null,
    problems: [],
    questions: [],
    drafts: [],
    languages: {},
    answers: {},
    flagged: [],
  };
  const [proctoring, marks, extra, request] = await Promise.all([
    readProctoringState(deps, user.id, test, attempt),
    questionMarksOf(deps, test),
    attempt || preview ? null : accommodationFor(deps, user, testId),
    preview ? null : findOwnRequest(deps, user.id, testId),
  ]);
  // a granted "no camera" (issue 46): no camera step before the start
  state.proctoring = extra?.cameraWaived ? { ...proctoring, required: false } : proctoring;
  if (request) state.accommodationRequest = toOwnRequest(request);
  const cameraWaived = attempt ? attempt.cameraWaived : Boolean(extra?.cameraWaived);
  const screenReader = attempt ? attempt.screenReader : Boolean(extra?.screenReader);
  if (cameraWaived || screenReader) state.accommodations = { cameraWaived, screenReader };
  state.test.questionMarks = marks;
  state.test.extraMinutes = attempt ? attempt.extraMinutes : (extra?.extraMinutes ?? 0);
  // a mixed test's sections (issue 46): before the start only their titles, kinds, counts and minutes
  const sections = effectiveSections(test);
  if (sections && !attempt) state.sections = entrySections(sections);
  // Questions stay unseen until the candidate starts (so the clock runs while they are read).
  if (!attempt) return state;
  const scoreHidden = await scoreHiddenFrom(deps.db, user, test);
  if (scoreHidden) state.scoreHidden = true;
  state.attempt = {
    id: attempt.id,
    isPreview: attempt.isPreview,
    extraMinutes: attempt.extraMinutes,
    startedAt: attempt.startedAt.toISOString(),
    deadlineAt: attempt.deadlineAt.toISOString(),
    endedAt: iso(attempt.endedAt),
    endReason: attempt.endReason,
    // a written answer awaiting its grade: the score is not final, so none is shown (issue 25)
    // the company does not show candidates their score (issue 26): no marks at all
    score: attempt.awaitingGrading || scoreHidden ? null : attempt.score,
    maxScore: scoreHidden ? null : attempt.maxScore,
    ...(attempt.awaitingGrading ? { awaitingGrading: true } : {}),
  };
  if (test.testType === 'CODING') {
    state.problems = (await findProblemsInOrder(deps.db, test)).map(projectProblem);
    const drafts = await deps.db.select().from(codeDrafts).where(eq(codeDrafts.attemptId, attempt.id));
    state.drafts = drafts.map((d) => ({
      questionId: d.questionId,
      language: d.language as TAnswerLanguage,
      code: d.code,
      updatedAt: d.updatedAt.toISOString(),
      revision: d.revision,
    }));
    state.languages = attempt.languages as Record<string, TAnswerLanguage>;
  } else {
    state.flagged = attempt.flagged;
  }
  // an aptitude test's questions, or a coding test's written questions (issue 25), with the saved answers
  state.questions = (await findAnsweredQuestions(deps.db, test)).map(projectQuestion);
  state.answers = attempt.answers;
  // a mixed test's sections (issue 46), taken in order, with where this attempt stands
  if (sections) state.sections = takeSections(sections, test, attempt);
  return state;
}
