import { describe, expect, it } from 'vitest';
import { COMPARISON_MODES, describeComparison, ZComparisonMode } from './comparison';

describe('describeComparison', () => {
  it('tells candidates each rule in one sentence', () => {
    expect(describeComparison('token', null)).toMatch(
      /^Output is compared token by token: .*Upper and lower case count\.$/,
    );
    expect(describeComparison('case-insensitive', null)).toMatch(/ignoring upper and lower case/);
    expect(describeComparison('exact', null)).toMatch(/byte for byte/);
    expect(describeComparison('float', 1e-4)).toMatch(/error of 0\.0001 .*nan, inf and -inf/);
    expect(describeComparison('float', null)).toContain('0.000001');
  });
  it('accepts only the four modes', () => {
    for (const m of COMPARISON_MODES) expect(ZComparisonMode.parse(m)).toBe(m);
    expect(ZComparisonMode.safeParse('fuzzy').success).toBe(false);
  });
});
