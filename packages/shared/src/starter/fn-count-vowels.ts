/** Starter library: a function problem (easy). Written for Assessly; CC BY 4.0 (see LICENSE.md). */
import type { TStarterFunctionProblem } from './types';

export const countVowels: TStarterFunctionProblem = {
  slug: 'fn-count-vowels',
  kind: 'function',
  title: 'Count the vowels',
  difficulty: 'easy',
  tags: ['strings'],
  marks: 10,
  description:
    'Return how many characters of `s` are vowels: a, e, i, o, u, in upper or lower case. y is not a vowel here.',
  constraints: ['0 <= len(s) <= 10^5'],
  signature: { name: 'countVowels', params: [{ name: 's', type: 'string' }], returns: 'int' },
  examples: [
    { input: '"hello"', output: '2' },
    { input: '"sky"', output: '0' },
  ],
  testCases: [
    { input: '"AEIOU"', output: '5' },
    { input: '""', output: '0' },
    { input: '"Programming In Python"', output: '5' },
    { input: '"bcdfg"', output: '0' },
    { input: '"Queueing"', output: '5' },
  ],
  model: {
    language: 'python',
    code: `def countVowels(s):
    return sum(1 for c in s if c in "aeiouAEIOU")
`,
  },
  knownWrong: {
    language: 'python',
    catches: 'forgets upper-case vowels',
    code: `def countVowels(s):
    return sum(1 for c in s if c in "aeiou")
`,
  },
};
