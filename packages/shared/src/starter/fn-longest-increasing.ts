/** Starter library: a function problem (hard). Written for Assessly; CC BY 4.0 (see LICENSE.md). */
import type { TStarterFunctionProblem } from './types';

export const longestIncreasing: TStarterFunctionProblem = {
  slug: 'fn-longest-increasing',
  kind: 'function',
  title: 'Longest strictly increasing subsequence',
  difficulty: 'hard',
  tags: ['dynamic programming', 'binary search'],
  marks: 30,
  description:
    'Return the length of the longest subsequence of `nums` (not necessarily consecutive, order kept) whose values STRICTLY increase.',
  constraints: ['1 <= len(nums) <= 10^5', '-10^9 <= nums[i] <= 10^9'],
  signature: { name: 'longestIncreasing', params: [{ name: 'nums', type: 'int[]' }], returns: 'int' },
  examples: [
    { input: '[10,9,2,5,3,7,101,18]', output: '4' },
    { input: '[0,1,0,3,2,3]', output: '4' },
  ],
  testCases: [
    { input: '[7,7,7,7]', output: '1' },
    { input: '[1]', output: '1' },
    { input: '[4,10,4,3,8,9]', output: '3' },
    { input: '[1,2,2,3]', output: '3' },
    { input: '[5,4,3,2,1]', output: '1' },
  ],
  model: {
    language: 'python',
    code: `from bisect import bisect_left

def longestIncreasing(nums):
    tails = []
    for x in nums:
        i = bisect_left(tails, x)
        if i == len(tails):
            tails.append(x)
        else:
            tails[i] = x
    return len(tails)
`,
  },
  knownWrong: {
    language: 'python',
    catches: 'counts equal values as increasing',
    code: `from bisect import bisect_right

def longestIncreasing(nums):
    tails = []
    for x in nums:
        i = bisect_right(tails, x)
        if i == len(tails):
            tails.append(x)
        else:
            tails[i] = x
    return len(tails)
`,
  },
};
