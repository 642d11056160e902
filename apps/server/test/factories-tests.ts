/**
 * Coding tests, problems and attempts inserted straight through deps.db (independent of the authoring API),
 * and a helper that attaches a judging service to a test app.
 */
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../src/app';
import { codingProblems, type IoPair, tests, users } from '../src/db/schema';
import { startAttempt } from '../src/modules/attempts/attempts.service';
import { createJudgingService, type JudgingOptions } from '../src/modules/judging/judging.service';
import type { JudgeLike, JudgingService } from '../src/modules/judging/judging.types';
import type { TestApp } from './build-test-app';

export interface ProblemSpec {
  title?: string;
  marks?: number;
  examples?: IoPair[];
  testCases?: IoPair[];
  timeLimitMs?: number;
}

/** "Print the sum of two integers": one visible example, one hidden case, 20 marks. */
export const SUM_PROBLEM: ProblemSpec = {
  title: 'Sum',
  marks: 20,
  examples: [{ input: '1 2\n', output: '3\n' }],
  testCases: [{ input: '40 2\n', output: '42\n' }],
};

export async function createCodingTest(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  employer: { id: string; companyId: string | null },
  opts: { problems?: ProblemSpec[]; duration?: number; startTime?: Date | null; endTime?: Date | null } = {},
) {
  const specs = opts.problems ?? [SUM_PROBLEM];
  const [test] = await deps.db
    .insert(tests)
    .values({
      companyId: employer.companyId,
      createdBy: employer.id,
      testName: 'Coding test',
      testType: 'CODING',
      duration: opts.duration ?? 60,
      startTime: opts.startTime ?? null,
      endTime: opts.endTime ?? null,
    })
    .returning();
  const problems = [];
  for (const [i, p] of specs.entries()) {
    const [row] = await deps.db
      .insert(codingProblems)
      .values({
        testId: test!.id,
        companyId: employer.companyId,
        createdBy: employer.id,
        title: p.title ?? `Problem ${i + 1}`,
        description: 'Read the input and print the answer.',
        marks: p.marks ?? 10,
        examples: p.examples ?? [],
        testCases: p.testCases ?? [],
        timeLimitMs: p.timeLimitMs ?? 2000,
      })
      .returning();
    problems.push(row!);
  }
  const [withIds] = await deps.db
    .update(tests)
    .set({ questionIds: problems.map((p) => p.id) })
    .where(eq(tests.id, test!.id))
    .returning();
  return { test: withIds!, problems };
}

/** Starts the candidate's attempt through the real attempts service. */
export async function startCodingAttempt(deps: Pick<AppDeps, 'db' | 'clock'>, userId: string, testId: string) {
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId)).limit(1);
  return startAttempt(deps, user!, testId);
}

export async function loadUser(deps: Pick<AppDeps, 'db'>, userId: string) {
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId)).limit(1);
  return user!;
}

/** Creates a judging service on the test app's database, attaches it to the app and starts it. */
export async function attachJudging(
  t: TestApp,
  judge: JudgeLike,
  opts: Omit<JudgingOptions, 'deps' | 'judge'> = {},
): Promise<JudgingService> {
  const judging = createJudgingService({ deps: t.deps, judge, ...opts });
  t.deps.judging = judging;
  await judging.start();
  return judging;
}
