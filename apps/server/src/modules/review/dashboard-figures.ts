/**
 * The ONE place the submissions dashboard's figures are counted (issue 26: every count equals the database).
 * - A "submission" of a coding test is a code submission; of an aptitude test, a finished attempt (its answers
 *   are submitted together). Preview attempts and their submissions never count.
 * - A test's candidates are the people who started it (an attempt), with or without a submission.
 * - An average score is the mean percentage over those submissions: passed/total cases for code, score/max for
 *   aptitude; items that could not be scored (no cases, no marks) do not count.
 * Both queries are one SQL statement each, aggregated in the database (issue 8's data sizes).
 */
import type { Database } from '../../db/client';

export interface Viewer {
  companyId: string | null;
  userId: string;
}

/** The tests an employer manages, as tests.access.ts's canManageTest decides. */
const MANAGED = `(t.company_id = $1::uuid OR (t.company_id IS NULL AND t.created_by = $2::uuid))`;

/** Every scored item of the tests in `tests` (a relation with id and test_type): test, user and percentage. */
const ITEMS = (tests: string) => `
  SELECT s.test_id, s.user_id,
         CASE WHEN s.total_count > 0 THEN s.passed_count::float8 * 100 / s.total_count END AS pct
  FROM ${tests} mt JOIN submissions s ON s.test_id = mt.id
  WHERE NOT EXISTS (SELECT 1 FROM attempts pa WHERE pa.test_id = s.test_id AND pa.user_id = s.user_id AND pa.is_preview)
  UNION ALL
  SELECT a.test_id, a.user_id,
         CASE WHEN a.max_score > 0 THEN coalesce(a.score, 0) * 100 / a.max_score END AS pct
  FROM ${tests} mt JOIN attempts a ON a.test_id = mt.id
  -- a coding test's graded written questions (issue 25) are one item of their own (the attempt's score holds them)
  WHERE (mt.test_type = 'APTITUDE' OR (a.max_score > 0 AND NOT a.awaiting_grading))
    AND a.ended_at IS NOT NULL AND NOT a.is_preview`;

const AVG = `round(avg(i.pct)::numeric, 1)::float8`;

export interface DashboardStats {
  totalTests: number;
  activeTests: number;
  totalSubmissions: number;
  averageScore: number;
}

export async function findDashboardStats(database: Database, v: Viewer): Promise<DashboardStats> {
  const [row] = await database.query<{
    totalTests: number;
    activeTests: number;
    totalSubmissions: number;
    averageScore: number | null;
  }>(
    `WITH mt AS (SELECT t.id, t.is_active, t.test_type FROM tests t WHERE ${MANAGED}),
          i AS (${ITEMS('mt')})
     SELECT (SELECT count(*)::int FROM mt) AS "totalTests",
            (SELECT count(*)::int FROM mt WHERE mt.is_active) AS "activeTests",
            (SELECT count(*)::int FROM i) AS "totalSubmissions",
            (SELECT ${AVG} FROM i) AS "averageScore"`,
    [v.companyId, v.userId],
  );
  return {
    totalTests: row?.totalTests ?? 0,
    activeTests: row?.activeTests ?? 0,
    totalSubmissions: row?.totalSubmissions ?? 0,
    averageScore: row?.averageScore ?? 0,
  };
}

export interface DashboardTestRow {
  id: string;
  testName: string;
  testType: 'APTITUDE' | 'CODING';
  isActive: boolean;
  startTime: Date | null;
  endTime: Date | null;
  createdAt: Date;
  submissionCount: number;
  candidateCount: number;
  averageScore: number | null;
  needsGrading: number;
}

/** How many of the employer's tests have written answers awaiting grading (issue 25): the filtered list's total. */
export async function countTestsNeedingGrading(database: Database, v: Viewer): Promise<number> {
  const [row] = await database.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM tests t WHERE ${MANAGED}
       AND EXISTS (SELECT 1 FROM attempts ga WHERE ga.test_id = t.id AND ga.awaiting_grading AND NOT ga.is_preview)`,
    [v.companyId, v.userId],
  );
  return row?.n ?? 0;
}

/** One page of the employer's tests, newest first, with each test's submissions, candidates and average. */
export function findDashboardTests(database: Database, v: Viewer, limit: number, offset: number, needsGrading = false) {
  // issue 25: "needs grading" keeps the tests with an attempt whose written answers await a grade
  const grading = needsGrading
    ? 'AND EXISTS (SELECT 1 FROM attempts ga WHERE ga.test_id = t.id AND ga.awaiting_grading AND NOT ga.is_preview)'
    : '';
  return database.query<DashboardTestRow>(
    `WITH page AS (SELECT * FROM tests t WHERE ${MANAGED} ${grading} ORDER BY t.created_at DESC, t.id LIMIT $3 OFFSET $4),
          i AS (${ITEMS('page')})
     SELECT t.id, t.test_name AS "testName", t.test_type AS "testType", t.is_active AS "isActive",
            t.start_time AS "startTime", t.end_time AS "endTime", t.created_at AS "createdAt",
            (SELECT count(*)::int FROM i WHERE i.test_id = t.id) AS "submissionCount",
            (SELECT count(DISTINCT a.user_id)::int FROM attempts a WHERE a.test_id = t.id AND NOT a.is_preview)
              AS "candidateCount",
            (SELECT ${AVG} FROM i WHERE i.test_id = t.id) AS "averageScore",
            (SELECT count(*)::int FROM attempts ga WHERE ga.test_id = t.id AND ga.awaiting_grading AND NOT ga.is_preview)
              AS "needsGrading"
     FROM page t
     ORDER BY t.created_at DESC, t.id`,
    [v.companyId, v.userId, limit, offset],
  );
}
