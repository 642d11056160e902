/** Starter library: a function problem (medium). Written for Assessly; CC BY 4.0 (see LICENSE.md). */
import type { TStarterFunctionProblem } from './types';

export const longestDistinctRun: TStarterFunctionProblem = {
  slug: 'fn-longest-distinct-run',
  kind: 'function',
  title: 'Longest run of distinct characters',
  difficulty: 'medium',
  tags: ['strings', 'sliding window'],
  marks: 20,
  description:
    'Return the length of the longest substring of `s` (consecutive characters) in which no character repeats.',
  constraints: ['0 <= len(s) <= 10^5'],
  signature: { name: 'longestDistinctRun', params: [{ name: 's', type: 'string' }], returns: 'int' },
  examples: [
    { input: '"abcabcbb"', output: '3' },
    { input: '"bbbbb"', output: '1' },
  ],
  testCases: [
    { input: '"abba"', output: '2' },
    { input: '""', output: '0' },
    { input: '"pwwkew"', output: '3' },
    { input: '"dvdf"', output: '3' },
    { input: '"tmmzuxt"', output: '5' },
  ],
  model: {
    language: 'python',
    code: `def longestDistinctRun(s):
    last = {}
    start = best = 0
    for i, c in enumerate(s):
        if c in last and last[c] >= start:
            start = last[c] + 1
        last[c] = i
        best = max(best, i - start + 1)
    return best
`,
  },
  knownWrong: {
    language: 'python',
    catches: 'moves the window start backwards on an old repeat',
    code: `def longestDistinctRun(s):
    last = {}
    start = best = 0
    for i, c in enumerate(s):
        if c in last:
            start = last[c] + 1
        last[c] = i
        best = max(best, i - start + 1)
    return best
`,
  },
};
