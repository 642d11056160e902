/**
 * Judging an SQL problem (issue 25) over the ordinary judge: each case is its own sandboxed sqlite3 shell on a
 * fresh in-memory database (plan.ts), so whatever the candidate's statements change is gone with the case. The
 * result is read from the shell's output in a form that keeps NULL apart from the string 'NULL', and compared
 * here, as a table: the expected output never enters the sandbox.
 */
import type { CaseResult, JudgeRequest, JudgeResult } from '../types';
import { CELL_SEP, MAX_SQL, NULL_MARK, ROW_END, SETUP_DONE } from './plan';
import { type Cell, parseRowsText, type Rows, rowsText, sameRows } from './result-text';
import type { SqlSpec } from './types';

const SHOWN = 64 << 10;
/** The submission's message when the query failed to compile on a hidden case only: no text of that case. */
export const HIDDEN_PREPARE_ERROR = 'the query failed to compile on a hidden case';

/** The first line of author SQL that sqlite3 would read as a dot-command, or null. */
export function dotCommandLine(sqlText: string): string | null {
  return sqlText.split(/\r?\n/).find((line) => line.startsWith('.')) ?? null;
}

/** The candidate's rows out of the shell's stdout (after the setup marker), or null when they do not parse. */
export function readShellRows(after: string): Rows | null {
  if (after === '') return [];
  if (!after.endsWith(ROW_END)) return null;
  return after
    .slice(0, -ROW_END.length)
    .split(ROW_END)
    .map((line) => line.split(CELL_SEP).map((c): Cell => (c === NULL_MARK ? null : c)));
}

type RunStdio = (req: JudgeRequest) => Promise<JudgeResult>;

function whole(req: JudgeRequest, verdict: JudgeResult['verdict'], message: string): JudgeResult {
  return { verdict, compileOutput: message, cases: [], compileMs: null, passedCount: 0, totalCount: req.cases.length };
}

/** Judges req (language sql, carrying `sql`): one fresh database per case, results compared as tables. */
export async function judgeSql(req: JudgeRequest, spec: SqlSpec, run: RunStdio): Promise<JudgeResult> {
  if (typeof req.code !== 'string' || Buffer.byteLength(req.code) > MAX_SQL)
    return whole(req, 'Compilation Error', `the query is missing or over ${MAX_SQL >> 10} KiB`);
  if (req.code.includes('\0')) return whole(req, 'Compilation Error', 'the query holds a NUL character');
  const authorDot = [spec.schema, ...req.cases.map((c) => c.input)].map(dotCommandLine).find((l) => l !== null);
  if (authorDot)
    return whole(
      req,
      'Internal Error',
      `the schema or a case's data holds a dot-command line: ${authorDot.slice(0, 80)}`,
    );
  const result = await run({
    ...req,
    sql: null,
    function: null,
    language: 'sql',
    keepRawOutput: true,
    compare: null,
    floatTolerance: null,
    cases: req.cases.map((c) => ({ input: `${spec.schema}\n${c.input}\n`, expectedOutput: null })),
  });
  if (result.verdict === 'Compilation Error' || result.verdict === 'Internal Error') return result;
  // SQLite compiles each statement as it reaches it: an error there is the query's, whatever the case. Its text
  // becomes the submission's message only from a visible case: a hidden case's error text can carry its rows
  // (a schema rewritten to name them, say), so there the message says no more than where it failed.
  const isPrepareError = (c: CaseResult) =>
    c.verdict === 'Runtime Error' &&
    c.stderr.startsWith('Error: in prepare, ') &&
    (c.rawOutput ?? '').includes(SETUP_DONE);
  const visibleError = result.cases.find((c, k) => req.cases[k]?.hidden !== true && isPrepareError(c));
  if (visibleError)
    return { ...result, ...whole(req, 'Compilation Error', visibleError.stderr.trim()), compileMs: result.compileMs };
  if (result.cases.some(isPrepareError))
    return { ...result, ...whole(req, 'Compilation Error', HIDDEN_PREPARE_ERROR), compileMs: result.compileMs };
  const judged: CaseResult[] = result.cases.map((c, k) => {
    const { rawOutput, ...rest } = c;
    const raw = rawOutput ?? '';
    const at = raw.indexOf(`${SETUP_DONE}\n`);
    const base: CaseResult = { ...rest, output: '' };
    if (at < 0) {
      if (c.verdict !== 'Runtime Error') return base;
      return {
        ...base,
        verdict: 'Internal Error',
        message: `the schema or this case's data failed: ${c.stderr.trim()}`,
      };
    }
    if (c.verdict === 'Runtime Error')
      return { ...base, message: c.stderr.trim().replace(/^Error: /, '') || c.message };
    if (c.verdict !== 'Accepted') return base;
    const rows = readShellRows(raw.slice(at + SETUP_DONE.length + 1));
    if (!rows) return { ...base, passed: false, verdict: 'Runtime Error', message: 'the result could not be read' };
    const full = rowsText(rows);
    const output = full.length > SHOWN ? `${full.slice(0, SHOWN)}…` : full;
    const expected = req.cases[k]?.expectedOutput ?? null;
    if (expected === null) return { ...base, output, passed: true, verdict: 'Accepted' };
    const passed = sameRows(rows, parseRowsText(expected), spec.orderMatters ?? false);
    return { ...base, output, passed, verdict: passed ? 'Accepted' : 'Wrong Answer', message: null };
  });
  const firstBad = judged.find((c) => c.verdict !== 'Accepted');
  return {
    ...result,
    verdict: firstBad ? firstBad.verdict : 'Accepted',
    cases: judged,
    passedCount: judged.filter((c) => c.passed).length,
  };
}
