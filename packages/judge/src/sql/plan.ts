import type { Plan } from '../plan';
import type { SqliteToolchain } from './toolchain';

/** Printed by the shell once the schema and the case's data are in: what follows is the candidate's. */
export const SETUP_DONE = '@@ASSESSLY-SQL-SETUP-DONE';
/** How the shell prints a result for the judge: control characters no ordinary value holds. */
export const NULL_MARK = '\x1d';
export const CELL_SEP = '\x1f';
export const ROW_END = '\x1e\n';
/** The case's setup SQL in the work dir, written afresh before each case. */
export const SQL_SETUP_FILE = 'setup.sql';
/** One argv string holds at most 128 KiB on Linux; the query travels as one. */
export const MAX_SQL = 100 << 10;

/**
 * One sqlite3 shell per case on a fresh in-memory database. The schema and the case's data come first, as the
 * init file (/box/setup.sql, rewritten for each case; read before safe mode, so they must hold no dot-command: judge-sql.ts refuses them);
 * then, in `-safe` mode (no .shell/.system/.import/.output/.read/.load, no ATTACH, no readfile, writefile or
 * load_extension), the candidate's SQL as one command-line argument: the shell hands it to sqlite3_prepare
 * statement by statement, so SQLite's own tokenizer splits it, and a line starting with `.` is a syntax error
 * rather than a dot-command (the argument starts with a newline). `-bail` stops at the first error. Defensive mode
 * (SQLITE_DBCONFIG_DEFENSIVE, turned on after the setup) refuses `PRAGMA writable_schema` and other ways to corrupt
 * the schema, which `-safe` allows: a rewritten schema could turn a case's rows into an error message.
 */
export function sqlPlan(code: string, tc: SqliteToolchain): Plan {
  return {
    files: {},
    compile: null,
    run: {
      argv: [
        tc.bin,
        '-safe',
        '-bail',
        '-batch',
        '-list',
        '-noheader',
        '-nullvalue',
        NULL_MARK,
        '-separator',
        CELL_SEP,
        '-newline',
        ROW_END,
        '-init',
        `/box/${SQL_SETUP_FILE}`,
        '-cmd',
        '.dbconfig defensive on',
        '-cmd',
        `.print ${SETUP_DONE}`,
        ':memory:',
        `\n${code}`,
      ],
      binds: tc.binds,
      env: { HOME: '/tmp' },
    },
    runtimeOverheadMb: 0,
    pids: 4,
  };
}
