/**
 * Per-test figures (issue 26): the invited → started → completed funnel, the distribution of completed scores with
 * percentiles, and per-question figures. Previews never count. Scores are the results page's (getResults).
 */
import type { TTestFigures } from '@assessly/shared';
import { and, eq, isNotNull } from 'drizzle-orm';
import { aptitudeQuestions, attempts, type TestRow, type UserRow, writtenGrades } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { answerMarks, isWrittenAnswer } from '../aptitude-questions/aptitude-scoring';
import { requireManagedTest } from '../tests/tests.access';
import { getResults } from './review.service';

type Deps = Pick<AppDeps, 'db' | 'database' | 'clock' | 'mailer' | 'blobs' | 'config'>;

const round1 = (n: number) => Math.round(n * 10) / 10;

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: number[], p: number): number {
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1]!;
}

export function distributionOf(percents: number[]): TTestFigures['distribution'] {
  const bands = Array.from({ length: 10 }, (_, i) => ({ from: i * 10, to: i === 9 ? 100 : i * 10 + 9, count: 0 }));
  for (const p of percents) bands[Math.min(9, Math.floor(p / 10))]!.count++;
  const sorted = [...percents].sort((a, b) => a - b);
  return {
    count: sorted.length,
    bands,
    percentiles: sorted.length
      ? {
          p25: percentile(sorted, 25),
          p50: percentile(sorted, 50),
          p75: percentile(sorted, 75),
          p90: percentile(sorted, 90),
        }
      : null,
  };
}

async function funnelOf(deps: Deps, testId: string) {
  const [row] = await deps.database.query<{ invited: number; started: number; completed: number }>(
    `SELECT (SELECT count(*)::int FROM invitations i WHERE i.test_id = $1) AS invited,
            (SELECT count(DISTINCT a.user_id)::int FROM attempts a WHERE a.test_id = $1 AND NOT a.is_preview) AS started,
            (SELECT count(DISTINCT a.user_id)::int FROM attempts a WHERE a.test_id = $1 AND NOT a.is_preview
               AND a.ended_at IS NOT NULL) AS completed`,
    [testId],
  );
  return row ?? { invited: 0, started: 0, completed: 0 };
}

async function codingQuestions(deps: Deps, testId: string): Promise<TTestFigures['questions']> {
  const rows = await deps.database.query<{
    id: string;
    title: string;
    marks: number;
    attempted: number;
    avg: number | null;
    full: number;
  }>(
    `SELECT cp.id, cp.title, cp.marks, count(b.user_id)::int AS attempted, avg(b.score)::float8 AS avg,
            (count(*) FILTER (WHERE b.total > 0 AND b.passed = b.total))::int AS full
     FROM tests t
     CROSS JOIN LATERAL jsonb_array_elements_text(t.question_ids) WITH ORDINALITY q(id, ord)
     JOIN coding_problems cp ON cp.id::text = q.id
     LEFT JOIN LATERAL (
       SELECT DISTINCT ON (s.user_id) s.user_id, s.score, s.passed_count AS passed, s.total_count AS total
       FROM submissions s
       WHERE s.test_id = t.id AND s.question_id = cp.id AND s.status = 'judged'
         AND NOT EXISTS (SELECT 1 FROM attempts pa WHERE pa.test_id = s.test_id AND pa.user_id = s.user_id AND pa.is_preview)
       ORDER BY s.user_id, s.score DESC, s.created_at DESC
     ) b ON true
     WHERE t.id = $1
     GROUP BY cp.id, cp.title, cp.marks, q.ord
     ORDER BY q.ord`,
    [testId],
  );
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    maxScore: r.marks,
    attempted: r.attempted,
    averageScore: r.avg === null ? null : round1(r.avg),
    passRate: r.attempted ? round1((r.full * 100) / r.attempted) : null,
    commonWrongAnswer: null,
  }));
}

/**
 * Per aptitude question: how many answered it, their mean marks and the share with full marks. Multi-select
 * answers score as the test does (answerMarks); a written answer is attempted once given and earns its grade
 * once graded (issues 25, 46): the average and the share are over the graded answers.
 */
async function aptitudeQuestionFigures(deps: Deps, test: TestRow): Promise<TTestFigures['questions']> {
  const [questions, finished, grades] = await Promise.all([
    deps.db.select().from(aptitudeQuestions).where(eq(aptitudeQuestions.testId, test.id)),
    deps.db
      .select({ id: attempts.id, answers: attempts.answers })
      .from(attempts)
      .where(and(eq(attempts.testId, test.id), eq(attempts.isPreview, false), isNotNull(attempts.endedAt))),
    deps.db
      .select({ attemptId: writtenGrades.attemptId, questionId: writtenGrades.questionId, score: writtenGrades.score })
      .from(writtenGrades)
      .innerJoin(attempts, eq(attempts.id, writtenGrades.attemptId))
      .where(eq(attempts.testId, test.id)),
  ]);
  const gradeOf = new Map(grades.map((g) => [`${g.attemptId}/${g.questionId}`, g.score]));
  const byId = new Map(questions.map((q) => [q.id, q]));
  return test.questionIds.flatMap((id) => {
    const q = byId.get(id);
    if (!q) return [];
    const earned: number[] = [];
    const wrong = new Map<number, number>();
    // issue 46: a written answer is attempted when given; it earns its grade once graded
    let answered = 0;
    let awaiting = 0;
    for (const a of finished) {
      const answer = a.answers[id];
      if (q.kind === 'text') {
        if (!isWrittenAnswer(answer)) continue;
        answered++;
        const grade = gradeOf.get(`${a.id}/${id}`);
        if (grade === undefined) awaiting++;
        else earned.push(Math.min(grade, q.marks));
        continue;
      }
      if (answer === undefined || typeof answer === 'string') continue;
      answered++;
      earned.push(answerMarks(q, answer));
      if (typeof answer === 'number' && answer !== q.correctAnswer) wrong.set(answer, (wrong.get(answer) ?? 0) + 1);
    }
    const full = earned.filter((e) => e >= q.marks).length;
    const [top] = [...wrong.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
    return [
      {
        id,
        title: q.questionText,
        maxScore: q.marks,
        attempted: answered,
        ...(q.kind === 'text' ? { awaitingGrading: awaiting } : {}),
        averageScore: earned.length ? round1(earned.reduce((x, y) => x + y, 0) / earned.length) : null,
        passRate: earned.length ? round1((full * 100) / earned.length) : null,
        commonWrongAnswer: top ? { option: q.options[top[0]] ?? `Option ${top[0] + 1}`, count: top[1] } : null,
      },
    ];
  });
}

export async function getTestFigures(deps: Deps, user: UserRow, testId: string): Promise<TTestFigures> {
  const test = await requireManagedTest(deps.db, user, testId);
  const [funnel, rows, questions] = await Promise.all([
    funnelOf(deps, testId),
    getResults(deps, user, testId),
    test.testType === 'CODING'
      ? // a coding test's written questions (issue 25) follow its problems, figured as an aptitude test's
        Promise.all([
          codingQuestions(deps, testId),
          aptitudeQuestionFigures(deps, { ...test, questionIds: test.writtenQuestionIds }),
        ]).then(([problems, written]) => [...problems, ...written])
      : aptitudeQuestionFigures(deps, test),
  ]);
  const done = rows.filter((r) => r.endedAt !== null);
  return { funnel, distribution: distributionOf(done.map((r) => r.percent)), questions };
}
