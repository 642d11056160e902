/**
 * Run and Submit moments of an attempt for the replay's timeline (issue 29). A Run is not kept anywhere else,
 * so its verdict is noted here when it is answered (no code, no output: the recording has the code); a
 * submission is already stored with its verdict.
 */
import type { TPlaybackMoment } from '@assessly/shared';
import { asc, eq, inArray } from 'drizzle-orm';
import { codeRuns, submissions } from '../../db/schema';
import type { AppDeps } from '../../deps';

type Deps = Pick<AppDeps, 'db'>;

/** The run's verdict: the first case that did not pass, else Accepted (null when no case ran). */
export function runVerdict(items: readonly { passed: boolean; verdict: string }[]): string | null {
  if (items.length === 0) return null;
  return items.find((i) => !i.passed)?.verdict ?? 'Accepted';
}

export async function recordRun(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  run: { attemptId: string; questionId: string; language: string },
  items: readonly { passed: boolean; verdict: string }[],
) {
  await deps.db.insert(codeRuns).values({
    ...run,
    verdict: runVerdict(items),
    passed: items.filter((i) => i.passed).length,
    total: items.length,
    ranAt: deps.clock.now(),
  });
}

/** The attempt's runs and submissions, in time order, in ms since it started. */
export async function attemptMoments(deps: Deps, attemptId: string, startedAt: Date): Promise<TPlaybackMoment[]> {
  const [runs, subs] = await Promise.all([
    deps.db.select().from(codeRuns).where(eq(codeRuns.attemptId, attemptId)).orderBy(asc(codeRuns.ranAt)),
    deps.db
      .select({
        questionId: submissions.questionId,
        language: submissions.language,
        verdict: submissions.verdict,
        passed: submissions.passedCount,
        total: submissions.totalCount,
        createdAt: submissions.createdAt,
      })
      .from(submissions)
      .where(eq(submissions.attemptId, attemptId))
      .orderBy(asc(submissions.createdAt)),
  ]);
  const since = (d: Date) => Math.max(0, d.getTime() - startedAt.getTime());
  return [
    ...runs.map((r) => ({
      at: since(r.ranAt),
      kind: 'run' as const,
      questionId: r.questionId,
      language: r.language,
      verdict: r.verdict,
      passed: r.passed,
      total: r.total,
    })),
    ...subs.map((s) => ({
      at: since(s.createdAt),
      kind: 'submit' as const,
      questionId: s.questionId,
      language: s.language,
      verdict: s.verdict,
      passed: s.passed,
      total: s.total,
    })),
  ].sort((a, b) => a.at - b.at);
}

/** The candidate's own runs for their data export. */
export async function exportRuns(deps: Deps, attemptIds: string[]) {
  if (attemptIds.length === 0) return [];
  const rows = await deps.db
    .select()
    .from(codeRuns)
    .where(inArray(codeRuns.attemptId, attemptIds))
    .orderBy(asc(codeRuns.ranAt));
  return rows.map(({ id: _id, ...r }) => ({ ...r, ranAt: r.ranAt.toISOString() }));
}
