/** Starter library: a function problem (easy). Written for Assessly; CC BY 4.0 (see LICENSE.md). */
import type { TStarterFunctionProblem } from './types';

export const sumOfEvens: TStarterFunctionProblem = {
  slug: 'fn-sum-of-evens',
  kind: 'function',
  title: 'Sum of the even numbers',
  difficulty: 'easy',
  tags: ['arrays', 'loops'],
  marks: 10,
  description:
    'Return the sum of the even numbers in `nums`. Negative numbers count too: -4 is even. An empty list sums to 0.',
  constraints: ['0 <= len(nums) <= 10^5', '-10^9 <= nums[i] <= 10^9'],
  signature: { name: 'sumOfEvens', params: [{ name: 'nums', type: 'int[]' }], returns: 'long' },
  examples: [
    { input: '[1,2,3,4]', output: '6' },
    { input: '[5,7]', output: '0' },
  ],
  testCases: [
    { input: '[]', output: '0' },
    { input: '[-4,-3,2]', output: '-2' },
    { input: '[1000000000,1000000000,1000000000]', output: '3000000000' },
    { input: '[0]', output: '0' },
    { input: '[-2]', output: '-2' },
  ],
  model: {
    language: 'python',
    code: `def sumOfEvens(nums):
    return sum(x for x in nums if x % 2 == 0)
`,
  },
  knownWrong: {
    language: 'python',
    catches: 'skips negative even numbers',
    code: `def sumOfEvens(nums):
    return sum(x for x in nums if x % 2 == 0 and x > 0)
`,
  },
};
