/** Starter library: a function problem (easy). Written for Assessly; CC BY 4.0 (see LICENSE.md). */
import type { TStarterFunctionProblem } from './types';

export const average: TStarterFunctionProblem = {
  slug: 'fn-average',
  kind: 'function',
  title: 'Average of a list',
  difficulty: 'easy',
  tags: ['numbers'],
  marks: 10,
  description:
    'Return the arithmetic mean of `nums` as a decimal number (not rounded down). Answers within 10^-6 are accepted.',
  constraints: ['1 <= len(nums) <= 10^5', '-10^6 <= nums[i] <= 10^6'],
  signature: { name: 'average', params: [{ name: 'nums', type: 'int[]' }], returns: 'double' },
  examples: [
    { input: '[1,2,3,4]', output: '2.5' },
    { input: '[5]', output: '5.0' },
  ],
  testCases: [
    { input: '[1,2]', output: '1.5' },
    { input: '[-1,-2]', output: '-1.5' },
    { input: '[1,1,2]', output: '1.3333333333333333' },
    { input: '[1000000,-1000000,3]', output: '1.0' },
  ],
  floatTolerance: 1e-6,
  model: {
    language: 'python',
    code: `def average(nums):
    return sum(nums) / len(nums)
`,
  },
  knownWrong: {
    language: 'python',
    catches: 'divides whole numbers and drops the fraction',
    code: `def average(nums):
    return float(sum(nums) // len(nums))
`,
  },
};
