import { describe, expect, it } from 'vitest';
import { type CompareRule, compareOutput, parseFloatToken } from './compare';

const token: CompareRule = { mode: 'token' };
const nocase: CompareRule = { mode: 'case-insensitive' };
const exact: CompareRule = { mode: 'exact' };
const float = (abs: number, rel = abs): CompareRule => ({ mode: 'float', absTolerance: abs, relTolerance: rel });

describe('token comparison (the default)', () => {
  it('is the default without a rule', () => {
    expect(compareOutput('1  2\n3', '1 2 3')).toBe(true);
    expect(compareOutput('1 2 3', '1 2 4')).toBe(false);
  });
  it.each([
    ['leading spaces', '  1 2', '1 2'],
    ['doubled spaces', '1  2', '1 2'],
    ['tabs', '1\t2', '1 2'],
    ['CRLF', '1 2\r\n3\r\n', '1 2\n3\n'],
    ['blank lines between', '1\n\n\n2', '1\n2'],
    ['a token split across lines', '1\n2', '1 2'],
    ['trailing whitespace and lines', '1 2 \t\n\n\n', '1 2'],
    ['no final newline', '42', '42\n'],
    ['vertical tab and form feed', '1\v2\f3', '1 2 3'],
    ['empty against whitespace', '', '\n \n'],
  ])('accepts %s', (_name, actual, expected) => {
    expect(compareOutput(actual, expected, token)).toBe(true);
  });
  it.each([
    ['a different token', '1 2', '1 3'],
    ['a missing token', '1 2', '1 2 3'],
    ['an extra token', '1 2 3', '1 2'],
    ['tokens glued together', '12', '1 2'],
    ['a different case', 'Yes', 'YES'],
    ['empty against a value', '', '0'],
  ])('rejects %s', (_name, actual, expected) => {
    expect(compareOutput(actual, expected, token)).toBe(false);
  });
  it('compares numbers as text', () => {
    expect(compareOutput('1.0', '1', token)).toBe(false);
  });
  it('handles very long lines (a 16 MiB single line of tokens)', () => {
    const n = 4 << 20;
    const expected = '7 '.repeat(n);
    expect(compareOutput(`${'7\t'.repeat(n)}\n`, expected, token)).toBe(true);
    expect(compareOutput(`${'7 '.repeat(n - 1)}8`, expected, token)).toBe(false);
    const longToken = 'x'.repeat(8 << 20);
    expect(compareOutput(longToken, `${longToken}\n`, token)).toBe(true);
    expect(compareOutput(`${longToken}y`, longToken, token)).toBe(false);
  });
});

describe('case-insensitive comparison', () => {
  it('ignores case but not spacing rules or content', () => {
    expect(compareOutput('yes\nNO', 'YES no', nocase)).toBe(true);
    expect(compareOutput('Possible', 'IMPOSSIBLE', nocase)).toBe(false);
    expect(compareOutput('  yes  ', 'YES\n', nocase)).toBe(true);
  });
  it('rejects what token mode rejects', () => {
    expect(compareOutput('yes yes', 'YES', nocase)).toBe(false);
  });
});

describe('exact comparison', () => {
  it('only forgives trailing newlines', () => {
    expect(compareOutput('1 2\n', '1 2', exact)).toBe(true);
    expect(compareOutput('1 2\r\n\r\n', '1 2\n', exact)).toBe(true);
    expect(compareOutput('1 2 \n', '1 2\n', exact)).toBe(false);
    expect(compareOutput(' 1 2', '1 2', exact)).toBe(false);
    expect(compareOutput('1  2', '1 2', exact)).toBe(false);
    expect(compareOutput('1\n\n2', '1\n2', exact)).toBe(false);
    expect(compareOutput('a\tb', 'a b', exact)).toBe(false);
    expect(compareOutput('Yes', 'yes', exact)).toBe(false);
  });
  it('compares very long lines', () => {
    const line = 'ab'.repeat(4 << 20);
    expect(compareOutput(`${line}\n`, line, exact)).toBe(true);
    expect(compareOutput(`${line}c`, line, exact)).toBe(false);
  });
});

describe('float comparison', () => {
  it('accepts numbers within the absolute or the relative tolerance', () => {
    expect(compareOutput('0.3333', '0.333333', float(1e-3))).toBe(true);
    expect(compareOutput('0.33', '0.333333', float(1e-3))).toBe(false);
    expect(compareOutput('1000001', '1000000', float(0, 1e-6))).toBe(true);
    expect(compareOutput('1000002', '1000000', float(0, 1e-6))).toBe(false);
    expect(compareOutput('0.0000015', '0.000001', float(1e-6, 0))).toBe(true);
    expect(compareOutput('1.5e3\nx', '1500.0001 x', float(1e-6))).toBe(true);
  });
  it('requires non-numeric tokens to match exactly and token counts to agree', () => {
    expect(compareOutput('yes 1.0', 'no 1.0', float(1e-3))).toBe(false);
    expect(compareOutput('1.0 2.0', '1.0', float(1e-3))).toBe(false);
    expect(compareOutput('abc', 'abc', float(1e-3))).toBe(true);
  });
  it.each([
    ['nan', 'NaN'],
    ['NAN', 'nan'],
    ['-nan', 'NaN'],
    ['inf', 'Infinity'],
    ['INF', 'inf'],
    ['infinity', 'INFINITY'],
    ['-inf', '-Infinity'],
    ['+inf', 'inf'],
  ])('parses %s and %s as the same float', (a, e) => {
    expect(compareOutput(a, e, float(1e-6))).toBe(true);
  });
  it.each([
    ['nan', '0'],
    ['0', 'nan'],
    ['inf', '-inf'],
    ['inf', '1e308'],
    ['1e308', 'inf'],
    ['nan', 'inf'],
    ['infin', 'inf'],
  ])('keeps %s and %s apart', (a, e) => {
    expect(compareOutput(a, e, float(1e-6))).toBe(false);
  });
  it('reads the older single-number tolerance as abs = rel', () => {
    expect(compareOutput('0.3333', '0.333333', 1e-3)).toBe(true);
    expect(compareOutput('0.3333', '0.333333', null)).toBe(false);
    expect(compareOutput('0.3333', '0.333333', 0)).toBe(false);
  });
  it('parses float tokens', () => {
    expect(parseFloatToken('-1.5e-3')).toBe(-0.0015);
    expect(parseFloatToken('.5')).toBe(0.5);
    expect(Number.isNaN(parseFloatToken('NaN'))).toBe(true);
    expect(parseFloatToken('-Infinity')).toBe(Number.NEGATIVE_INFINITY);
    expect(parseFloatToken('0x10')).toBeNull();
    expect(parseFloatToken('1,5')).toBeNull();
  });
  it('handles a very long line of floats', () => {
    const n = 1 << 20;
    expect(compareOutput('0.10000001 '.repeat(n), '0.1 '.repeat(n), float(1e-6))).toBe(true);
    expect(compareOutput(`${'0.1 '.repeat(n - 1)}0.2`, '0.1 '.repeat(n), float(1e-6))).toBe(false);
  });
});
