/**
 * The results CSV (issue 46): one row per candidate with the results list's figures (the same integrity count,
 * review/integrity-count.ts), the time taken and extra time, and one column per question with its score: a
 * problem's best judged submission (the report's rule), a choice question's marks, a written answer's grade or
 * "Awaiting grading".
 */
import { stageLabel } from '@assessly/shared';
import { inArray } from 'drizzle-orm';
import { aptitudeQuestions, attempts, type TestRow, type UserRow, writtenGrades } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { answerMarks, isWrittenAnswer } from '../aptitude-questions/aptitude-scoring';
import { companyStages } from '../companies/companies.pipeline';
import { requireManagedTest } from '../tests/tests.access';
import { type CsvCell, toCsv } from './csv';
import { testProblems } from './review.repo';
import { getResults } from './review.service';

type Deps = Parameters<typeof getResults>[0];

const round1 = (n: number) => Math.round(n * 10) / 10;
const short = (text: string) => (text.length > 40 ? `${text.slice(0, 37)}...` : text);

interface Column {
  header: string;
  /** The cell of one attempt. */
  cell: (attemptId: string, userId: string) => CsvCell;
}

/** One column per question of the test, in its order: a coding test's problems, then its written questions. */
async function questionColumns(deps: Deps, test: TestRow, attemptIds: string[]): Promise<Column[]> {
  const coding = test.testType === 'CODING';
  const questionIds = (coding ? test.writtenQuestionIds : test.questionIds).filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  const [problems, best, questions, answers, grades] = await Promise.all([
    coding ? testProblems(deps.database, test.id) : [],
    coding
      ? deps.database.query<{ userId: string; questionId: string; score: number }>(
          `SELECT DISTINCT ON (s.user_id, s.question_id) s.user_id AS "userId", s.question_id AS "questionId", s.score
           FROM submissions s WHERE s.test_id = $1 AND s.status = 'judged'
           ORDER BY s.user_id, s.question_id, s.score DESC, s.created_at DESC`,
          [test.id],
        )
      : [],
    questionIds.length
      ? deps.db.select().from(aptitudeQuestions).where(inArray(aptitudeQuestions.id, questionIds))
      : [],
    attemptIds.length
      ? deps.db
          .select({ id: attempts.id, answers: attempts.answers })
          .from(attempts)
          .where(inArray(attempts.id, attemptIds))
      : [],
    attemptIds.length
      ? deps.db
          .select({
            attemptId: writtenGrades.attemptId,
            questionId: writtenGrades.questionId,
            score: writtenGrades.score,
          })
          .from(writtenGrades)
          .where(inArray(writtenGrades.attemptId, attemptIds))
      : [],
  ]);
  const bestOf = new Map(best.map((b) => [`${b.userId}/${b.questionId}`, b.score]));
  const answersOf = new Map(answers.map((a) => [a.id, a.answers]));
  const gradeOf = new Map(grades.map((g) => [`${g.attemptId}/${g.questionId}`, g.score]));
  const problemById = new Map(problems.map((p) => [p.id, p]));
  const questionById = new Map(questions.map((q) => [q.id, q]));
  let n = 0;
  const columns: Column[] = [];
  if (coding) {
    for (const id of test.questionIds) {
      const p = problemById.get(id);
      if (!p) continue;
      n++;
      columns.push({
        header: `Q${n} ${short(p.title)} (of ${p.marks})`,
        cell: (_attemptId, userId) => round1(bestOf.get(`${userId}/${id}`) ?? 0),
      });
    }
  }
  for (const id of questionIds) {
    const q = questionById.get(id);
    if (!q) continue;
    n++;
    columns.push({
      header: `Q${n} ${short(q.questionText)} (of ${q.marks})`,
      cell: (attemptId) => {
        const answer = answersOf.get(attemptId)?.[id];
        if (q.kind !== 'text') return round1(answerMarks(q, answer));
        const grade = gradeOf.get(`${attemptId}/${id}`);
        if (grade !== undefined) return round1(Math.min(grade, q.marks));
        return isWrittenAnswer(answer) ? 'Awaiting grading' : 0;
      },
    });
  }
  return columns;
}

export async function getResultsCsv(
  deps: Deps,
  user: UserRow,
  testId: string,
): Promise<{ filename: string; csv: string }> {
  const test = await requireManagedTest(deps.db, user, testId);
  const rows = await getResults(deps, user, testId);
  // the stage as the company names it (a custom stage's key is internal)
  const [stages, columns] = await Promise.all([
    test.companyId ? companyStages(deps.db, test.companyId) : [],
    questionColumns(
      deps,
      test,
      rows.map((r) => r.attemptId),
    ),
  ]);
  const header = [
    'Name',
    'Email',
    'Email verified',
    'Started',
    'Ended',
    'Score',
    'Max score',
    'Percent',
    'Result',
    'Status',
    'Integrity events',
    'Similarity flags',
    'Time taken (minutes)',
    'Extra time (minutes)',
    ...columns.map((c) => c.header),
  ];
  const csv = toCsv(
    header,
    rows.map((r) => [
      r.name,
      r.email,
      r.emailVerified === false ? 'No' : 'Yes',
      r.startedAt,
      r.endedAt ?? '',
      r.score,
      r.maxScore,
      r.percent,
      r.passed === null ? 'Awaiting grading' : r.passed ? 'Pass' : 'Fail',
      stages.length ? stageLabel(stages, r.hiringStatus) : r.hiringStatus,
      r.eventCount,
      r.similarityFlags,
      round1((r.timeTakenSeconds ?? 0) / 60),
      r.extraMinutes ?? 0,
      ...columns.map((c) => c.cell(r.attemptId, r.userId)),
    ]),
  );
  const slug =
    test.testName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'test';
  return { filename: `${slug}-results.csv`, csv };
}
