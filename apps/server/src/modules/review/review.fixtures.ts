/** Seeds review data straight into the database (the taking and judging flows are tested in their own modules). */
import type { AppDeps } from '../../app';
import { attempts, codingProblems, proctoringEvents, submissions, tests } from '../../db/schema';

type Db = AppDeps['db'];

/** The smallest valid JPEG-like bytes we need (the server never decodes frames). */
export const TINY_JPEG = Buffer.from(
  'ffd8ffe000104a46494600010100000100010000ffdb004300080606070605080707070909080a0c140d0c0b0b0c1912130f141d1a1f1e1d1a1c1c20242e2720222c231c1c2837292c30313434341f27393d38323c2e333432ffc0000b080001000101011100ffc4001f0000010501010101010100000000000000000102030405060708090a0bffda0008010100003f00d2cf20ffd9',
  'hex',
);

export async function seedCodingTest(
  db: Db,
  owner: { id: string; companyId: string | null },
  opts: {
    name?: string;
    marks?: number[];
    isActive?: boolean;
    endTime?: Date | null;
    totalMarks?: number;
    passingMarks?: number;
  } = {},
) {
  const marks = opts.marks ?? [50, 50];
  const problems = [];
  for (const [i, m] of marks.entries()) {
    const [p] = await db
      .insert(codingProblems)
      .values({
        createdBy: owner.id,
        companyId: owner.companyId,
        title: `Problem ${i + 1}`,
        description: 'Solve it',
        marks: m,
      })
      .returning();
    problems.push(p!);
  }
  const [test] = await db
    .insert(tests)
    .values({
      companyId: owner.companyId,
      createdBy: owner.id,
      testName: opts.name ?? 'Coding round',
      testType: 'CODING',
      totalMarks: opts.totalMarks ?? 100,
      passingMarks: opts.passingMarks ?? 50,
      isActive: opts.isActive ?? true,
      endTime: opts.endTime ?? null,
      questionIds: problems.map((p) => p.id),
    })
    .returning();
  return { test: test!, problems };
}

export async function seedAttempt(
  db: Db,
  testId: string,
  userId: string,
  opts: { startedAt?: Date; endedAt?: Date | null; minutes?: number } = {},
) {
  const startedAt = opts.startedAt ?? new Date(Date.now() - 3_600_000);
  const [a] = await db
    .insert(attempts)
    .values({
      testId,
      userId,
      startedAt,
      deadlineAt: new Date(startedAt.getTime() + (opts.minutes ?? 60) * 60_000),
      endedAt: opts.endedAt === undefined ? new Date(startedAt.getTime() + 30 * 60_000) : opts.endedAt,
    })
    .returning();
  return a!;
}

export async function seedSubmission(
  db: Db,
  v: {
    testId: string;
    userId: string;
    attemptId?: string | null;
    problem: { id: string; marks: number };
    questionNumber: number;
    passed: number;
    total: number;
    code?: string;
    language?: string;
    status?: 'queued' | 'judged';
    createdAt?: Date;
  },
) {
  const results = Array.from({ length: v.total }, (_, i) => ({
    passed: i < v.passed,
    verdict: i < v.passed ? 'AC' : 'WA',
    timeMs: 5,
    memoryKb: 1000,
  }));
  const [s] = await db
    .insert(submissions)
    .values({
      testId: v.testId,
      userId: v.userId,
      attemptId: v.attemptId ?? null,
      questionId: v.problem.id,
      questionNumber: v.questionNumber,
      language: v.language ?? 'python',
      code: v.code ?? `print(${v.passed})`,
      status: v.status ?? 'judged',
      results,
      passedCount: v.passed,
      totalCount: v.total,
      score: v.total > 0 ? (v.problem.marks * v.passed) / v.total : 0,
      maxScore: v.problem.marks,
      createdAt: v.createdAt ?? new Date(),
    })
    .returning();
  return s!;
}

export async function seedEvent(
  db: Db,
  attemptId: string,
  kind: string,
  frameKey: string | null = null,
  occurredAt = new Date(),
) {
  const [e] = await db
    .insert(proctoringEvents)
    .values({ attemptId, kind, detail: `${kind} detected`, frameKey, occurredAt })
    .returning();
  return e!;
}
