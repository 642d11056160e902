import { describe, expect, it } from 'vitest';
import { describeDifference, firstDifference, splitAt, tokenize } from './output-diff';

describe('output diff', () => {
  it('tokenizes by whitespace and keeps line numbers and offsets', () => {
    expect(tokenize(' 1 22\n333 ')).toEqual([
      { text: '1', start: 1, line: 1 },
      { text: '22', start: 3, line: 1 },
      { text: '333', start: 6, line: 2 },
    ]);
  });

  it('finds the first differing token, ignoring whitespace layout', () => {
    expect(firstDifference('1 2\n3\n', '1  2 3')).toBeNull();
    const d = firstDifference('10\n20\n30\n', '10\n21\n30\n')!;
    expect(d.index).toBe(1);
    expect(d.actual).toEqual({ text: '21', start: 3, line: 2 });
    expect(splitAt('10\n21\n30\n', d.actual)).toEqual(['10\n', '21', '\n30\n']);
    expect(describeDifference(d)).toBe('First difference at line 2, token 2: expected "20", got "21"');
  });

  it('reports missing and extra output', () => {
    const short = firstDifference('1 2 3', '1 2')!;
    expect(short.actual).toBeNull();
    expect(describeDifference(short)).toBe('Your output ends early (line 1, token 3): expected "3"');
    const long = firstDifference('1', '1 debug')!;
    expect(describeDifference(long)).toBe('Your output has extra text (line 1, token 2): "debug"');
    expect(splitAt('abc', null)).toEqual(['abc', '', '']);
  });
});
