/**
 * Output comparison rule (also in README.md):
 * 1. CRLF ("\r\n") becomes LF; then the text is split into lines on "\n".
 * 2. Trailing whitespace (spaces, tabs, \r, \f, \v) is removed from every line. Leading whitespace counts.
 * 3. Trailing empty lines are removed (so a missing or extra final newline never matters).
 * 4. Without a tolerance the remaining lines must be identical.
 * 5. With floatTolerance = t (> 0), lines are compared token by token, tokens being runs of non-blank
 *    characters (so spacing inside a line no longer matters); the token counts per line must match, and two
 *    tokens match when they are equal strings or both are decimal numbers a (actual) and e (expected) with
 *    |a - e| <= t or |a - e| <= t * |e|. NaN/Infinity spelled out are compared as strings.
 */
export function compareOutput(actual: string, expected: string, floatTolerance?: number | null): boolean {
  const a = normaliseLines(actual);
  const e = normaliseLines(expected);
  if (a.length !== e.length) return false;
  const tol = floatTolerance != null && Number.isFinite(floatTolerance) && floatTolerance > 0 ? floatTolerance : null;
  for (let i = 0; i < a.length; i++) {
    const al = a[i] as string;
    const el = e[i] as string;
    if (al === el) continue;
    if (tol === null || !tokensMatch(al, el, tol)) return false;
  }
  return true;
}

export function normaliseLines(text: string): string[] {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  for (let i = 0; i < lines.length; i++) lines[i] = (lines[i] as string).replace(/[ \t\r\f\v]+$/, '');
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

function tokensMatch(actualLine: string, expectedLine: string, tol: number): boolean {
  const at = actualLine.split(/[ \t\f\v]+/).filter((t) => t !== '');
  const et = expectedLine.split(/[ \t\f\v]+/).filter((t) => t !== '');
  if (at.length !== et.length) return false;
  for (let i = 0; i < at.length; i++) {
    const x = at[i] as string;
    const y = et[i] as string;
    if (x === y) continue;
    if (!NUMBER.test(x) || !NUMBER.test(y)) return false;
    const a = Number(x);
    const b = Number(y);
    const diff = Math.abs(a - b);
    if (!(diff <= tol || diff <= tol * Math.abs(b))) return false;
  }
  return true;
}
