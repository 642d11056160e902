/** Starter library: a function problem (medium). Written for Assessly; CC BY 4.0 (see LICENSE.md). */
import type { TStarterFunctionProblem } from './types';

export const pairWithSum: TStarterFunctionProblem = {
  slug: 'fn-pair-with-sum',
  kind: 'function',
  title: 'Pair with a given sum',
  difficulty: 'medium',
  tags: ['arrays', 'hash maps'],
  marks: 20,
  description:
    'Return the indexes `[i, j]` (i < j) of the two numbers in `nums` that add up to `target`. Each input has exactly one such pair; one element cannot be used twice.',
  constraints: ['2 <= len(nums) <= 10^5', '-10^9 <= nums[i], target <= 10^9', 'exactly one answer'],
  signature: {
    name: 'pairWithSum',
    params: [
      { name: 'nums', type: 'int[]' },
      { name: 'target', type: 'int' },
    ],
    returns: 'int[]',
  },
  examples: [
    { input: '[2,7,11,15]\n9', output: '[0,1]' },
    { input: '[1,5,3]\n8', output: '[1,2]' },
  ],
  testCases: [
    { input: '[3,2,4]\n6', output: '[1,2]' },
    { input: '[3,3]\n6', output: '[0,1]' },
    { input: '[-1,-2,-3,-4,-5]\n-8', output: '[2,4]' },
    { input: '[0,4,3,0]\n0', output: '[0,3]' },
    { input: '[5,1,7,2]\n3', output: '[1,3]' },
  ],
  model: {
    language: 'python',
    code: `def pairWithSum(nums, target):
    seen = {}
    for j, x in enumerate(nums):
        if target - x in seen:
            return [seen[target - x], j]
        seen[x] = j
    return []
`,
  },
  knownWrong: {
    language: 'python',
    catches: 'uses the same element twice when it is half the target',
    code: `def pairWithSum(nums, target):
    where = {x: i for i, x in enumerate(nums)}
    for i, x in enumerate(nums):
        if target - x in where:
            return sorted([i, where[target - x]])
    return []
`,
  },
};
