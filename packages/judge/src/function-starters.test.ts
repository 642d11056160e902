/** The stubs a function problem gives (issue 46): the empty body line carries the body's indentation. */
import { describe, expect, it } from 'vitest';
import { functionStarters, indentEmptyBodies } from './function/generators';

const SIG = {
  name: 'solve',
  params: [
    { name: 'nums', type: 'int[]' as const },
    { name: 'k', type: 'int' as const },
  ],
  returns: 'int' as const,
};

describe('function starters', () => {
  it('leave no unindented empty line inside a body, in every language', () => {
    const starters = functionStarters(SIG);
    expect(Object.keys(starters).length).toBe(12);
    for (const [lang, code] of Object.entries(starters)) {
      const lines = code.split('\n');
      lines.forEach((line, i) => {
        const opens = /\{\s*$/.test(lines[i - 1] ?? '') || (lang === 'ruby' && /^def /.test(lines[i - 1] ?? ''));
        if (opens) expect(line, `${lang} line ${i + 1}`).toMatch(/^\s+$|\S/);
      });
    }
    expect(starters.java).toBe('class Solution {\n    public int solve(int[] nums, int k) {\n        \n    }\n}\n');
    expect(starters.go).toBe('func solve(nums []int, k int) int {\n\t\n}\n');
    expect(starters.ruby).toContain('def solve(nums, k)\n  \nend\n');
    expect(starters.python).toBe('def solve(nums: list[int], k: int) -> int:\n    pass\n');
  });

  it('touches only an empty line right after an opening line', () => {
    expect(indentEmptyBodies('php', '<?php\n\nfunction f(): int {\n\n}\n')).toBe(
      '<?php\n\nfunction f(): int {\n    \n}\n',
    );
  });
});
