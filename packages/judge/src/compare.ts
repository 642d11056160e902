/**
 * Output comparison (also in README.md). Four modes, chosen per problem:
 * - `token` (default): tokens are runs of non-whitespace; any run of whitespace (spaces, tabs, newlines, \r,
 *   \f, \v) separates them, so spacing, blank lines and trailing whitespace never matter. Case-sensitive.
 *   This is DOMjudge's default validator and Codeforces' token checker.
 * - `case-insensitive`: the same tokens, compared ignoring ASCII case.
 * - `exact`: byte for byte, after removing trailing newlines (\n or \r\n) from both texts.
 * - `float`: tokens; two tokens match when equal, or when both are numbers (decimal, exponent, or
 *   nan/inf/infinity with optional sign, any case) and |a - e| <= abs or |a - e| <= rel * |e| (DOMjudge's
 *   float_absolute_tolerance / float_relative_tolerance). NaN matches NaN only; an infinity matches only
 *   the same infinity.
 */
export type CompareMode = 'token' | 'case-insensitive' | 'exact' | 'float';

export const COMPARE_MODES: readonly CompareMode[] = ['token', 'case-insensitive', 'exact', 'float'];

export interface CompareRule {
  mode: CompareMode;
  /** float mode: absolute tolerance (default 1e-6). */
  absTolerance?: number | null;
  /** float mode: relative tolerance (default = absTolerance). */
  relTolerance?: number | null;
}

/** A rule from the older single-number form: a positive tolerance means float mode with abs = rel = t. */
export function toRule(rule: CompareRule | number | null | undefined): CompareRule {
  if (typeof rule === 'number') {
    return Number.isFinite(rule) && rule > 0
      ? { mode: 'float', absTolerance: rule, relTolerance: rule }
      : { mode: 'token' };
  }
  return rule ?? { mode: 'token' };
}

export function compareOutput(actual: string, expected: string, rule?: CompareRule | number | null): boolean {
  const r = toRule(rule);
  switch (r.mode) {
    case 'exact':
      return stripTrailingNewlines(actual) === stripTrailingNewlines(expected);
    case 'case-insensitive':
      return compareTokens(actual, expected, (a, e) => a.length === e.length && a.toLowerCase() === e.toLowerCase());
    case 'float': {
      const abs = positive(r.absTolerance) ?? 1e-6;
      const rel = positive(r.relTolerance) ?? abs;
      return compareTokens(actual, expected, (a, e) => a === e || floatsMatch(a, e, abs, rel));
    }
    default:
      return compareTokens(actual, expected, (a, e) => a === e);
  }
}

function positive(n: number | null | undefined): number | null {
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : null;
}

function stripTrailingNewlines(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 10) {
    end--;
    if (end > 0 && text.charCodeAt(end - 1) === 13) end--;
  }
  return text.slice(0, end);
}

function isSpace(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13);
}

/**
 * Walks both texts token by token without building arrays: a 16 MiB output of single-character tokens would
 * otherwise allocate millions of strings.
 */
function compareTokens(actual: string, expected: string, same: (a: string, e: string) => boolean): boolean {
  let i = 0;
  let j = 0;
  for (;;) {
    while (i < actual.length && isSpace(actual.charCodeAt(i))) i++;
    while (j < expected.length && isSpace(expected.charCodeAt(j))) j++;
    if (i >= actual.length || j >= expected.length) return i >= actual.length && j >= expected.length;
    let ie = i;
    let je = j;
    while (ie < actual.length && !isSpace(actual.charCodeAt(ie))) ie++;
    while (je < expected.length && !isSpace(expected.charCodeAt(je))) je++;
    if (!same(actual.slice(i, ie), expected.slice(j, je))) return false;
    i = ie;
    j = je;
  }
}

const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const SPECIAL = /^([+-]?)(nan|inf|infinity)$/i;

/** A token as a float, or null when it is not a number. */
export function parseFloatToken(token: string): number | null {
  if (DECIMAL.test(token)) return Number(token);
  const m = SPECIAL.exec(token);
  if (!m) return null;
  if ((m[2] as string).toLowerCase() === 'nan') return Number.NaN;
  return m[1] === '-' ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
}

function floatsMatch(actual: string, expected: string, abs: number, rel: number): boolean {
  const a = parseFloatToken(actual);
  const e = parseFloatToken(expected);
  if (a === null || e === null) return false;
  if (Number.isNaN(a) || Number.isNaN(e)) return Number.isNaN(a) && Number.isNaN(e);
  if (!Number.isFinite(a) || !Number.isFinite(e)) return a === e;
  const diff = Math.abs(a - e);
  return diff <= abs || diff <= rel * Math.abs(e);
}

/** The older line rule's normalisation (kept for callers that show outputs line by line). */
export function normaliseLines(text: string): string[] {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  for (let i = 0; i < lines.length; i++) lines[i] = (lines[i] as string).replace(/[ \t\r\f\v]+$/, '');
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}
