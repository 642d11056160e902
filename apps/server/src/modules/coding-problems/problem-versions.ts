/**
 * Problem history (issue 11). A problem edited after a submission was judged against it gets a new version:
 * the superseded content is kept in problem_versions (copy on write) and old submissions keep showing, and
 * being judged against, their own version. Re-judging them against the current version is an explicit,
 * logged action; the results it replaces stay readable (submissions.judge_history).
 * Adding a problem to another test copies it (copyProblem) unless the author links it on purpose.
 */
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  codingProblems,
  type JudgeHistoryEntry,
  type NewProblem,
  type ProblemRow,
  type ProblemSnapshot,
  problemRejudges,
  problemVersions,
  submissions,
  tests,
} from '../../db/schema';
import { insertProblem, updateProblem } from './coding-problems.repo';

/** The judging-relevant content of a problem row. */
export function snapshotOf(p: ProblemSnapshot): ProblemSnapshot {
  return {
    title: p.title,
    description: p.description,
    examples: p.examples.map((e) => ({ input: e.input, output: e.output })),
    testCases: p.testCases.map((e) => ({ input: e.input, output: e.output })),
    constraints: [...p.constraints],
    marks: p.marks,
    timeLimitMs: p.timeLimitMs,
    memoryLimitMb: p.memoryLimitMb,
    floatTolerance: p.floatTolerance ?? null,
    comparisonMode: p.comparisonMode,
    ...(p.kind === 'function'
      ? { kind: p.kind, signature: p.signature ?? null, unorderedResult: !!p.unorderedResult }
      : {}),
    ...(p.kind === 'sql' ? { kind: p.kind, sqlSchema: p.sqlSchema ?? '', orderMatters: !!p.orderMatters } : {}),
    ...(p.kind === 'project' ? { kind: p.kind, project: p.project ?? null } : {}),
  };
}

/** The problem as it was at `version` (the current row when that is its version). */
export async function problemAtVersion(db: Db, problem: ProblemRow, version: number): Promise<ProblemSnapshot> {
  if (version === problem.version) return snapshotOf(problem);
  const [old] = await db
    .select()
    .from(problemVersions)
    .where(and(eq(problemVersions.problemId, problem.id), eq(problemVersions.version, version)))
    .limit(1);
  return old?.snapshot ?? snapshotOf(problem);
}

async function hasSubmissionsAt(db: Db, problemId: string, version: number): Promise<boolean> {
  const [row] = await db
    .select({ id: submissions.id })
    .from(submissions)
    .where(and(eq(submissions.questionId, problemId), eq(submissions.problemVersion, version)))
    .limit(1);
  return Boolean(row);
}

/**
 * Updates a problem; when its judging-relevant content changes and submissions were judged against the
 * current version, the current content is first kept as that version and the row becomes version + 1.
 */
export async function updateProblemVersioned(
  db: Db,
  existing: ProblemRow,
  values: Partial<NewProblem>,
): Promise<ProblemRow> {
  return db.transaction(async (tx) => {
    // The row's update lock: a submission being stored holds a share lock on it (createSubmission), so it is
    // either stored before this edit, and counted below, or after it, with the new content and version.
    const [locked] = await tx.select().from(codingProblems).where(eq(codingProblems.id, existing.id)).for('update');
    const current = locked ?? existing;
    const next = snapshotOf({ ...current, ...values } as ProblemSnapshot);
    const changed = JSON.stringify(next) !== JSON.stringify(snapshotOf(current));
    if (changed && (await hasSubmissionsAt(tx, current.id, current.version))) {
      await tx
        .insert(problemVersions)
        .values({ problemId: current.id, version: current.version, snapshot: snapshotOf(current) })
        .onConflictDoNothing();
      return updateProblem(tx, current.id, { ...values, version: current.version + 1 });
    }
    return updateProblem(tx, current.id, values);
  });
}

export interface ProblemHistory {
  version: number;
  /** Judged submissions whose results belong to an older version (what a re-judge would judge again). */
  outdatedSubmissions: number;
  versions: { version: number; title: string; testCaseCount: number; createdAt: string }[];
  rejudges: { id: string; toVersion: number; submissionCount: number; requestedBy: string; createdAt: string }[];
}

export async function readHistory(db: Db, problem: ProblemRow): Promise<ProblemHistory> {
  const [outdated] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(submissions)
    .where(and(eq(submissions.questionId, problem.id), lt(submissions.problemVersion, problem.version)));
  const versions = await db
    .select()
    .from(problemVersions)
    .where(eq(problemVersions.problemId, problem.id))
    .orderBy(desc(problemVersions.version));
  const rejudges = await db
    .select()
    .from(problemRejudges)
    .where(eq(problemRejudges.problemId, problem.id))
    .orderBy(desc(problemRejudges.createdAt))
    .limit(100);
  return {
    version: problem.version,
    outdatedSubmissions: Number(outdated?.n ?? 0),
    versions: versions.map((v) => ({
      version: v.version,
      title: v.snapshot.title,
      testCaseCount: v.snapshot.testCases.length,
      createdAt: v.createdAt.toISOString(),
    })),
    rejudges: rejudges.map((r) => ({
      id: r.id,
      toVersion: r.toVersion,
      submissionCount: r.submissionCount,
      requestedBy: r.requestedBy,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

/**
 * Puts every finished submission judged against an older version back in the queue against the current one.
 * Their current results move to judge_history first, and the action is logged. Returns the ids to enqueue.
 */
export async function markForRejudge(
  db: Db,
  problem: ProblemRow,
  userId: string,
  now: Date,
): Promise<{ ids: string[]; logId: string }> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(submissions)
      .where(
        and(
          eq(submissions.questionId, problem.id),
          lt(submissions.problemVersion, problem.version),
          inArray(submissions.status, ['judged', 'error']),
        ),
      )
      .for('update');
    for (const row of rows) {
      const entry: JudgeHistoryEntry = {
        problemVersion: row.problemVersion,
        verdict: row.verdict,
        compileOutput: row.compileOutput,
        results: row.results,
        passedCount: row.passedCount,
        totalCount: row.totalCount,
        score: row.score,
        judgedAt: row.judgedAt?.toISOString() ?? null,
        rejudgedAt: now.toISOString(),
        rejudgedBy: userId,
      };
      await tx
        .update(submissions)
        .set({
          judgeHistory: [...row.judgeHistory, entry],
          status: 'queued',
          problemVersion: problem.version,
          claimedAt: null,
          judgeAttempts: 0,
          maxScore: problem.marks,
          totalCount: problem.examples.length + problem.testCases.length,
        })
        .where(eq(submissions.id, row.id));
    }
    const [log] = await tx
      .insert(problemRejudges)
      .values({
        problemId: problem.id,
        toVersion: problem.version,
        requestedBy: userId,
        submissionCount: rows.length,
        createdAt: now,
      })
      .returning();
    return { ids: rows.map((r) => r.id), logId: log!.id };
  });
}

/**
 * A copy of a problem for another test (or the bank when testId is null): same content at version 1, no
 * history, no submissions. The one place that copies problems (the library builds on it).
 */
export async function copyProblem(
  db: Db,
  problemId: string,
  companyId: string | null,
  target: { testId?: string | null; createdBy?: string } = {},
): Promise<ProblemRow> {
  const [src] = await db.select().from(codingProblems).where(eq(codingProblems.id, problemId)).limit(1);
  if (!src) throw new Error(`problem ${problemId} not found`);
  const { id: _id, createdAt: _c, updatedAt: _u, version: _v, ...content } = src;
  return insertProblem(db, {
    ...content,
    examples: src.examples.map((e) => ({ ...e })),
    testCases: src.testCases.map((e) => ({ ...e })),
    constraints: [...src.constraints],
    starterCode: { ...src.starterCode },
    companyId,
    testId: target.testId ?? null,
    createdBy: target.createdBy ?? src.createdBy,
  });
}

/** The tests (id, name) that list this problem, for "also used in" notices when linking. */
export async function testsUsingProblem(db: Db, problemId: string): Promise<{ id: string; testName: string }[]> {
  return db
    .select({ id: tests.id, testName: tests.testName })
    .from(tests)
    .where(sql`${tests.questionIds} @> jsonb_build_array(${problemId}::text)`);
}
