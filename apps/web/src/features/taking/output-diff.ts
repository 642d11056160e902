import { englishText, type TranslateText } from '../../i18n/english-text';
/**
 * Where the candidate's output first differs from the expected output, token by token (whitespace separates
 * tokens, as the judge's default comparison does). The result card highlights that token, so a candidate
 * sees "line 3, token 2: expected 42, got 41" instead of two walls of text.
 */
export interface Token {
  text: string;
  /** Offset in the source string. */
  start: number;
  line: number;
}

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let line = 1;
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '\n') {
      line += 1;
      i += 1;
    } else if (/\s/.test(ch)) {
      i += 1;
    } else {
      const start = i;
      while (i < text.length && !/\s/.test(text[i]!)) i += 1;
      tokens.push({ text: text.slice(start, i), start, line });
    }
  }
  return tokens;
}

export interface FirstDifference {
  /** Index of the first differing token (equal to the shorter length when one output is a prefix). */
  index: number;
  expected: Token | null;
  actual: Token | null;
}

/** null when both outputs have the same tokens. */
export function firstDifference(expected: string, actual: string): FirstDifference | null {
  const e = tokenize(expected);
  const a = tokenize(actual);
  const n = Math.max(e.length, a.length);
  for (let i = 0; i < n; i++) {
    if (e[i]?.text !== a[i]?.text) return { index: i, expected: e[i] ?? null, actual: a[i] ?? null };
  }
  return null;
}

/** Splits `text` around one token so it can be wrapped in <mark>. */
export function splitAt(text: string, token: Token | null): [string, string, string] {
  if (!token) return [text, '', ''];
  return [text.slice(0, token.start), token.text, text.slice(token.start + token.text.length)];
}

export function describeDifference(d: FirstDifference, t: TranslateText = englishText): string {
  const where = d.actual ?? d.expected;
  const at = { line: where?.line ?? 1, token: d.index + 1 };
  if (!d.actual) return t('diff.early', { ...at, expected: d.expected?.text ?? '' });
  if (!d.expected) return t('diff.extra', { ...at, actual: d.actual.text });
  return t('diff.first', { ...at, expected: d.expected.text, actual: d.actual.text });
}
