/**
 * Issue 46: a practice test any signed-in candidate can take to try the editor, Run, the camera check and the
 * timer (docs/DECISIONS.md §23). Each candidate gets one of their own: a coding test created for them (their id as
 * its creator, no company), so no company's query — results, counts, CSV, webhooks, the candidates list — can
 * reach it. It is never scored: Submit is refused and nothing is submitted at the end. Asking again after it
 * ended throws that sitting away and starts afresh (camera check included).
 */
import { and, eq } from 'drizzle-orm';
import type { UserRow } from '../../db/schema';
import { attempts, codingProblems, submissions, tests } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';

/** Minutes on the practice timer. */
export const PRACTICE_MINUTES = 15;

const PROBLEM = {
  title: 'Practice: add two numbers',
  description:
    'This is a practice problem: nothing here is scored or shown to any employer.\n\n' +
    'Read two integers `a` and `b` from standard input and print `a + b`. Press **Run** to try your code on the ' +
    'examples, or type your own input under "Custom input".',
  examples: [
    { input: '1 2\n', output: '3\n' },
    { input: '10 20\n', output: '30\n' },
  ],
  testCases: [{ input: '40 2\n', output: '42\n' }],
  constraints: ['-1000 <= a, b <= 1000'],
};

async function findPractice(deps: Pick<AppDeps, 'db'>, userId: string) {
  const [row] = await deps.db
    .select()
    .from(tests)
    .where(and(eq(tests.isPractice, true), eq(tests.createdBy, userId)))
    .limit(1);
  return row ?? null;
}

async function createPractice(deps: Pick<AppDeps, 'db'>, user: UserRow) {
  return deps.db.transaction(async (tx) => {
    const [test] = await tx
      .insert(tests)
      .values({
        createdBy: user.id,
        companyId: null,
        testName: 'Practice test',
        testType: 'CODING',
        description: 'Try the editor, Run, the camera check and the timer. Nothing is scored or shared.',
        duration: PRACTICE_MINUTES,
        totalMarks: 10,
        passingMarks: 1,
        proctoring: true,
        access: 'link',
        isPractice: true,
      })
      .returning();
    const [problem] = await tx
      .insert(codingProblems)
      .values({ testId: test!.id, companyId: null, createdBy: user.id, marks: 10, ...PROBLEM })
      .returning();
    await tx
      .update(tests)
      .set({ questionIds: [problem!.id] })
      .where(eq(tests.id, test!.id));
    return test!;
  });
}

/** POST /api/practice: the caller's practice test, ready to start (a finished one is cleared). */
export async function openPractice(deps: Pick<AppDeps, 'db' | 'clock'>, user: UserRow): Promise<{ testId: string }> {
  if (user.role !== 'candidate') throw new AppError('FORBIDDEN', 'The practice test is for candidates');
  const test = (await findPractice(deps, user.id)) ?? (await createPractice(deps, user));
  const [attempt] = await deps.db
    .select()
    .from(attempts)
    .where(and(eq(attempts.testId, test.id), eq(attempts.userId, user.id)))
    .limit(1);
  if (attempt && (attempt.endedAt || attempt.deadlineAt <= deps.clock.now())) {
    await deps.db.transaction(async (tx) => {
      await tx.delete(submissions).where(and(eq(submissions.testId, test.id), eq(submissions.userId, user.id)));
      await tx.delete(attempts).where(eq(attempts.id, attempt.id));
    });
  }
  return { testId: test.id };
}
