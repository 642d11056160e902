/**
 * SQL problems (issue 25) on the server: what the judge is given and what the employer and the candidate see.
 * The query runs only in the judge's sandbox (one sqlite3 shell per case on a fresh in-memory database).
 */
import type { SqlSpec } from '@assessly/judge';
import { SQL_LANGUAGE } from '@assessly/shared';
import type { ProblemSnapshot } from '../../db/schema';
import { AppError } from '../../lib/errors';

type SqlFields = Partial<Pick<ProblemSnapshot, 'kind' | 'sqlSchema' | 'orderMatters'>>;

export const isSqlProblem = (p: SqlFields): boolean => p.kind === 'sql';

/** The judge's SQL spec of a problem, or undefined for another kind. */
export function sqlSpecOf(p: SqlFields): SqlSpec | undefined {
  if (!isSqlProblem(p)) return undefined;
  return { schema: p.sqlSchema ?? '', orderMatters: !!p.orderMatters };
}

/** sql and orderMatters as the employer's response schema carries them. */
export function sqlFieldsOf(row: SqlFields) {
  return isSqlProblem(row)
    ? { sql: { schema: row.sqlSchema ?? '' }, orderMatters: !!row.orderMatters }
    : { sql: null, orderMatters: false };
}

/** The same for a candidate: only an SQL problem carries them (another kind's answer keeps its shape). */
export function candidateSqlFields(row: SqlFields) {
  return isSqlProblem(row) ? sqlFieldsOf(row) : { sql: undefined, orderMatters: undefined };
}

/** An SQL problem is answered in `sql` only, and `sql` answers nothing else: a clear 400 either way. */
export function requireAnswerLanguage(problem: SqlFields, language: string): void {
  const sql = isSqlProblem(problem);
  if (sql === (language === SQL_LANGUAGE)) return;
  const message = sql ? 'This is an SQL problem: answer it in sql' : 'sql answers SQL problems only';
  throw new AppError('VALIDATION', message, { language: message });
}
