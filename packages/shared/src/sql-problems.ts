/**
 * SQL problems (issue 25): the schema a problem declares, the checks of its cases, the result text read back
 * as a table, and a preview of the schema's tables — shared by the builder, the candidate page and the server.
 * The judge has its own reader of the same result text (packages/judge/src/sql), since it imports nothing of ours.
 */
import { z } from 'zod';
import { LANGUAGE_IDS } from './languages';

/** The language of an SQL problem's answers (dialect: SQLite). Not a code language: pickers never offer it. */
export const SQL_LANGUAGE = 'sql' as const;
/** Every language an answer (run, submission, draft, model solution) may be written in. */
export const ANSWER_LANGUAGES = [...LANGUAGE_IDS, SQL_LANGUAGE] as const;
export type TAnswerLanguage = (typeof ANSWER_LANGUAGES)[number];

/** An SQL problem's editor starts from this comment; a draft still holding only it is never submitted. */
export const SQL_STARTER = '-- Write your query here (SQLite)\n';

/** The query travels to the shell as one argument (the judge's MAX_SQL). */
export const SQL_MAX_CHARS = 100 * 1024;

/** The first line of SQL that the sqlite3 shell would read as a dot-command, or null. */
export function dotCommandLine(text: string): string | null {
  return text.split(/\r?\n/).find((line) => line.startsWith('.')) ?? null;
}

export const ZSqlSpec = z.object({
  schema: z
    .string({ error: 'The schema is required' })
    .max(200_000, 'The schema is too long')
    .refine((s) => s.trim() !== '', 'The schema is required: the CREATE TABLE statements every case starts from')
    .refine((s) => dotCommandLine(s) === null, 'The schema cannot hold sqlite3 dot-commands (a line starting with .)'),
});
export type TSqlSpec = z.infer<typeof ZSqlSpec>;

/** The fields a coding problem's input gains for SQL (spread into ZCodingProblemInput). */
export const sqlProblemFields = {
  sql: ZSqlSpec.nullable().optional(),
  /** An SQL problem whose rows must come in the expected order (default: any order). */
  orderMatters: z.boolean().optional().default(false),
};

/** The same fields as the server answers them. */
export const sqlProblemOut = {
  sql: ZSqlSpec.nullable(),
  orderMatters: z.boolean(),
};

/** superRefine of a coding problem's input: an SQL problem has a schema and case data without dot-commands. */
export function checkSqlProblem(
  p: {
    kind?: string;
    sql?: TSqlSpec | null;
    examples: { input: string; output: string }[];
    testCases: { input: string; output: string }[];
  },
  ctx: z.RefinementCtx,
): void {
  if (p.kind !== 'sql') return;
  if (!p.sql) ctx.addIssue({ code: 'custom', path: ['sql'], message: 'An SQL problem needs a schema' });
  for (const [list, label] of [
    ['examples', 'Example'],
    ['testCases', 'Test case'],
  ] as const)
    p[list].forEach((c, k) => {
      const line = dotCommandLine(c.input);
      if (line)
        ctx.addIssue({
          code: 'custom',
          path: [list, k, 'input'],
          message: `${label} ${k + 1}: the data cannot hold sqlite3 dot-commands (${line.slice(0, 40)})`,
        });
    });
}

export type TResultCell = string | null;

/**
 * Result text as a table: one line per row, cells separated by `|`, `NULL` for null; `\` escapes `|`, `\`,
 * newline (`\n`) and carriage return (`\r`), and `\NULL` is the string 'NULL'.
 */
export function parseResultText(text: string): TResultCell[][] {
  const body = text.replace(/\r\n/g, '\n').replace(/\n+$/, '');
  if (body === '') return [];
  return body.split('\n').map((line) => {
    const cells: TResultCell[] = [];
    let cur = '';
    let escaped = false;
    let raw = true;
    for (const ch of line) {
      if (escaped) {
        cur += ch === 'n' ? '\n' : ch === 'r' ? '\r' : ch;
        escaped = false;
      } else if (ch === '\\') {
        escaped = true;
        raw = false;
      } else if (ch === '|') {
        cells.push(raw && cur === 'NULL' ? null : cur);
        cur = '';
        raw = true;
      } else cur += ch;
    }
    if (escaped) cur += '\\';
    cells.push(raw && cur === 'NULL' ? null : cur);
    return cells;
  });
}

export interface TSchemaTable {
  name: string;
  columns: { name: string; type: string }[];
}

/** Strips `--` and block comments, keeping string literals. */
function stripComments(sql: string): string {
  return sql.replace(/('(?:[^']|'')*')|--[^\n]*|\/\*[\s\S]*?\*\//g, (_m, lit) => lit ?? ' ');
}

/** Splits on top-level commas (not inside parentheses or quotes). */
function topLevelParts(body: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let cur = '';
  for (const ch of body) {
    if (quote) {
      if (ch === quote) quote = null;
    } else if (ch === "'" || ch === '"' || ch === '`') quote = ch;
    else if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (ch === ',' && depth === 0) {
      parts.push(cur);
      cur = '';
      continue;
    }
    cur += ch;
  }
  if (cur.trim()) parts.push(cur);
  return parts;
}

const unquote = (s: string) => s.replace(/^["`[]|["`\]]$/g, '');
const CONSTRAINT = /^(constraint|primary|foreign|unique|check)\b/i;

/** The tables a schema creates, for the builder's preview and the candidate page (a best effort, not SQLite). */
export function schemaTables(schema: string): TSchemaTable[] {
  const sql = stripComments(schema);
  const out: TSchemaTable[] = [];
  const head =
    /create\s+(?:temp\s+|temporary\s+)?table\s+(?:if\s+not\s+exists\s+)?("[^"]+"|`[^`]+`|\[[^\]]+\]|[\w.]+)\s*\(/gi;
  for (let m = head.exec(sql); m; m = head.exec(sql)) {
    let depth = 1;
    let i = head.lastIndex;
    let quote: string | null = null;
    for (; i < sql.length && depth > 0; i++) {
      const ch = sql[i] as string;
      if (quote) {
        if (ch === quote) quote = null;
      } else if (ch === "'" || ch === '"' || ch === '`') quote = ch;
      else if (ch === '(') depth++;
      else if (ch === ')') depth--;
    }
    const body = sql.slice(head.lastIndex, i - 1);
    const columns = topLevelParts(body)
      .map((p) => p.trim())
      .filter((p) => p && !CONSTRAINT.test(p))
      .map((p) => {
        const name = /^("[^"]+"|`[^`]+`|\[[^\]]+\]|\S+)/.exec(p)?.[1] ?? p;
        const type =
          /^\s*([A-Za-z][\w ]*?(?:\([^)]*\))?)(?=\s+(?:primary|not|null|unique|default|check|references|collate|generated|as)\b|\s*$)/i.exec(
            p.slice(name.length),
          )?.[1];
        return { name: unquote(name), type: (type ?? '').trim().toUpperCase() };
      });
    out.push({ name: unquote(m[1] as string), columns });
    head.lastIndex = i;
  }
  return out;
}

export interface TInsertedRows {
  table: string;
  /** The column list of the INSERT, or null when it names none (the table's order). */
  columns: string[] | null;
  rows: TResultCell[][];
}

/**
 * A case's data as tables, for the candidate page: the rows of plain `INSERT INTO t [(cols)] VALUES (...), ...;`
 * statements (strings, numbers, NULL). Null when the data holds anything else: the page then shows the SQL.
 */
export function insertedRows(data: string): TInsertedRows[] | null {
  const sql = stripComments(data);
  const out: TInsertedRows[] = [];
  let i = 0;
  const ws = () => {
    while (i < sql.length && /\s/.test(sql[i] as string)) i++;
  };
  const word = (w: string) => {
    ws();
    if (sql.slice(i, i + w.length).toLowerCase() !== w || /\w/.test(sql[i + w.length] ?? '')) return false;
    i += w.length;
    return true;
  };
  const name = (): string | null => {
    ws();
    const m = /^("[^"]+"|`[^`]+`|\[[^\]]+\]|[A-Za-z_][\w]*)/.exec(sql.slice(i));
    if (!m) return null;
    i += (m[1] as string).length;
    return unquote(m[1] as string);
  };
  const punct = (c: string) => {
    ws();
    if (sql[i] !== c) return false;
    i++;
    return true;
  };
  const value = (): TResultCell | undefined => {
    ws();
    const str = /^'((?:[^']|'')*)'/.exec(sql.slice(i));
    if (str) {
      i += (str[0] as string).length;
      return (str[1] as string).replace(/''/g, "'");
    }
    const num = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/.exec(sql.slice(i));
    if (num) {
      i += num[0].length;
      return num[0].replace(/^\+/, '');
    }
    if (word('null')) return null;
    return undefined;
  };
  for (;;) {
    ws();
    if (i >= sql.length) return out;
    if (!word('insert') || !word('into')) return null;
    const table = name();
    if (!table) return null;
    let columns: string[] | null = null;
    if (punct('(')) {
      columns = [];
      do {
        const c = name();
        if (!c) return null;
        columns.push(c);
      } while (punct(','));
      if (!punct(')')) return null;
    }
    if (!word('values')) return null;
    const rows: TResultCell[][] = [];
    do {
      if (!punct('(')) return null;
      const row: TResultCell[] = [];
      do {
        const v = value();
        if (v === undefined) return null;
        row.push(v);
      } while (punct(','));
      if (!punct(')')) return null;
      rows.push(row);
    } while (punct(','));
    if (!punct(';')) {
      ws();
      if (i < sql.length) return null;
    }
    const same = out.find((t) => t.table === table && JSON.stringify(t.columns) === JSON.stringify(columns));
    if (same) same.rows.push(...rows);
    else out.push({ table, columns, rows });
  }
}
