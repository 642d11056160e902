/**
 * One rule for a test's total (issue 46, docs/DECISIONS.md §6b): once a test holds questions, its total marks are
 * the sum of their marks (a coding test's problems and written questions; an aptitude test's questions), kept
 * so on every change of the questions or of their marks; the pass mark stays as the employer set it, capped at
 * the total. A test without questions keeps the total its author typed. Nothing else writes total_marks.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** The sum of a test row's questions' marks, as SQL over the row aliased `t` (0 without questions). */
export const QUESTION_MARKS_SUM = `(CASE WHEN t.test_type = 'CODING' THEN
    coalesce((SELECT sum(cp.marks) FROM coding_problems cp
              WHERE cp.id::text IN (SELECT jsonb_array_elements_text(t.question_ids))), 0)
  + coalesce((SELECT sum(wq.marks) FROM aptitude_questions wq
              WHERE wq.id::text IN (SELECT jsonb_array_elements_text(t.written_question_ids))), 0)
  ELSE coalesce((SELECT sum(q.marks) FROM aptitude_questions q
              WHERE q.id::text IN (SELECT jsonb_array_elements_text(t.question_ids))), 0) END)::int`;

/**
 * Brings the totals of the named tests, or of the tests holding the named question or problem, back to the sum
 * of their questions' marks. The version is not bumped: the author changed a question, not the test.
 */
export async function syncTestTotals(db: Db, scope: { testIds?: string[]; itemId?: string }): Promise<void> {
  const testIds = scope.testIds ?? [];
  if (testIds.length === 0 && !scope.itemId) return;
  const item = scope.itemId ?? null;
  await db.execute(sql`
      UPDATE tests AS u SET total_marks = s.total, passing_marks = LEAST(u.passing_marks, s.total)
      FROM (SELECT t.id, ${sql.raw(QUESTION_MARKS_SUM)} AS total FROM tests t
            WHERE t.id = ANY(${`{${testIds.join(',')}}`}::uuid[])
               OR (${item}::text IS NOT NULL AND (t.question_ids ? ${item}::text OR t.written_question_ids ? ${item}::text))) s
      WHERE u.id = s.id AND s.total > 0 AND (u.total_marks <> s.total OR u.passing_marks > s.total)`);
}
