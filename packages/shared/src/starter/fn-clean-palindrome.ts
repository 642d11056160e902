/** Starter library: a function problem (easy). Written for Assessly; CC BY 4.0 (see LICENSE.md). */
import type { TStarterFunctionProblem } from './types';

export const cleanPalindrome: TStarterFunctionProblem = {
  slug: 'fn-clean-palindrome',
  kind: 'function',
  title: 'Palindrome, ignoring punctuation',
  difficulty: 'easy',
  tags: ['strings', 'two pointers'],
  marks: 10,
  description:
    'Return true when `s` reads the same backwards, looking only at letters and digits and ignoring case. "A man, a plan, a canal: Panama" is one. An empty string is a palindrome.',
  constraints: ['0 <= len(s) <= 10^5', 's is printable ASCII'],
  signature: { name: 'isCleanPalindrome', params: [{ name: 's', type: 'string' }], returns: 'bool' },
  examples: [
    { input: '"racecar"', output: 'true' },
    { input: '"hello"', output: 'false' },
  ],
  testCases: [
    { input: '"A man, a plan, a canal: Panama"', output: 'true' },
    { input: '""', output: 'true' },
    { input: '"No lemon, no melon"', output: 'true' },
    { input: '"ab"', output: 'false' },
    { input: '"0P"', output: 'false' },
  ],
  model: {
    language: 'python',
    code: `def isCleanPalindrome(s):
    t = [c.lower() for c in s if c.isalnum()]
    return t == t[::-1]
`,
  },
  knownWrong: {
    language: 'python',
    catches: 'compares the raw string, punctuation and case included',
    code: `def isCleanPalindrome(s):
    return s == s[::-1]
`,
  },
};
