/**
 * The text of a query result (issue 25): one line per row, cells separated by `|`, `NULL` for null, values as
 * the sqlite3 shell prints them, no header. So that a string can hold anything and stay apart from NULL, a
 * cell escapes `\` `|`, newline and carriage return with a backslash, and the string 'NULL' is written `\NULL`.
 * Most results hold none of these and read exactly as the shell's list mode prints them.
 */
export type Cell = string | null;
export type Rows = Cell[][];

/** One cell as result text. */
export function cellText(c: Cell): string {
  if (c === null) return 'NULL';
  const s = c.replace(/[\\|\n\r]/g, (ch) => (ch === '\n' ? '\\n' : ch === '\r' ? '\\r' : `\\${ch}`));
  return s === 'NULL' ? '\\NULL' : s;
}

/** Rows as result text (no trailing newline; no rows = ''). */
export function rowsText(rows: Rows): string {
  return rows.map((r) => r.map(cellText).join('|')).join('\n');
}

/** Reads result text back into rows; a trailing newline and CRLF endings are allowed. */
export function parseRowsText(text: string): Rows {
  const body = text.replace(/\r\n/g, '\n').replace(/\n+$/, '');
  if (body === '') return [];
  return body.split('\n').map((line) => {
    const cells: Cell[] = [];
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

/** Whether two results are the same table: cell by cell, rows in order or as a multiset. */
export function sameRows(got: Rows, expected: Rows, orderMatters: boolean): boolean {
  if (got.length !== expected.length) return false;
  const a = got.map((r) => rowsText([r]));
  const b = expected.map((r) => rowsText([r]));
  if (!orderMatters) {
    a.sort();
    b.sort();
  }
  return a.every((line, i) => line === b[i]);
}
