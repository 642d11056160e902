import { describe, expect, it } from 'vitest';
import { compareOutput, normaliseLines } from './compare';

describe('compareOutput', () => {
  it('accepts identical output', () => {
    expect(compareOutput('1 2 3\n', '1 2 3\n')).toBe(true);
  });
  it('ignores CRLF, trailing spaces/tabs and trailing blank lines', () => {
    expect(compareOutput('a b  \r\nc\t\r\n\r\n\n', 'a b\nc')).toBe(true);
    expect(compareOutput('x', 'x\n\n\n')).toBe(true);
  });
  it('keeps leading whitespace and inner spacing significant without tolerance', () => {
    expect(compareOutput(' a', 'a')).toBe(false);
    expect(compareOutput('a  b', 'a b')).toBe(false);
  });
  it('keeps inner blank lines significant', () => {
    expect(compareOutput('a\n\nb', 'a\nb')).toBe(false);
  });
  it('rejects different values and missing lines', () => {
    expect(compareOutput('3', '4')).toBe(false);
    expect(compareOutput('1\n2', '1\n2\n3')).toBe(false);
    expect(compareOutput('', '0')).toBe(false);
  });
  it('treats empty and whitespace-only output as equal', () => {
    expect(compareOutput('', '\n \n')).toBe(true);
  });
  it('compares numbers within absolute or relative tolerance', () => {
    expect(compareOutput('0.3333', '0.333333', 1e-3)).toBe(true);
    expect(compareOutput('0.33', '0.333333', 1e-3)).toBe(false);
    expect(compareOutput('1000001', '1000000', 1e-6)).toBe(true); // relative
    expect(compareOutput('1.5e3 x', '1500.0001 x', 1e-6)).toBe(true);
  });
  it('with tolerance still requires non-numeric tokens to match and token counts to agree', () => {
    expect(compareOutput('yes 1.0', 'no 1.0', 1e-3)).toBe(false);
    expect(compareOutput('1.0 2.0', '1.0', 1e-3)).toBe(false);
    expect(compareOutput('nan', 'NaN', 1e-3)).toBe(false);
  });
  it('ignores tolerance when null, zero or negative', () => {
    expect(compareOutput('0.3333', '0.333333', null)).toBe(false);
    expect(compareOutput('0.3333', '0.333333', 0)).toBe(false);
    expect(compareOutput('0.3333', '0.333333', -1)).toBe(false);
  });
  it('normaliseLines documents the exact rule', () => {
    expect(normaliseLines('a \r\n b\t\r\n\r\n')).toEqual(['a', ' b']);
  });
});
