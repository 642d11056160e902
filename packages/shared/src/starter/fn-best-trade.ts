/** Starter library: a function problem (easy). Written for Assessly; CC BY 4.0 (see LICENSE.md). */
import type { TStarterFunctionProblem } from './types';

export const bestTrade: TStarterFunctionProblem = {
  slug: 'fn-best-trade',
  kind: 'function',
  title: 'Best single trade',
  difficulty: 'easy',
  tags: ['arrays', 'greedy'],
  marks: 10,
  description:
    '`prices[i]` is a share price on day i. Buy on one day and sell on a LATER day; return the largest profit, or 0 if no trade makes money.',
  constraints: ['1 <= len(prices) <= 10^5', '0 <= prices[i] <= 10^4'],
  signature: { name: 'bestTrade', params: [{ name: 'prices', type: 'int[]' }], returns: 'int' },
  examples: [
    { input: '[7,1,5,3,6,4]', output: '5' },
    { input: '[1,2]', output: '1' },
  ],
  testCases: [
    { input: '[7,6,4,3,1]', output: '0' },
    { input: '[5]', output: '0' },
    { input: '[2,4,1]', output: '2' },
    { input: '[3,3,3]', output: '0' },
    { input: '[9,1,8,2,10]', output: '9' },
  ],
  model: {
    language: 'python',
    code: `def bestTrade(prices):
    low = prices[0]
    best = 0
    for p in prices:
        low = min(low, p)
        best = max(best, p - low)
    return best
`,
  },
  knownWrong: {
    language: 'python',
    catches: 'ignores that the sale comes after the purchase',
    code: `def bestTrade(prices):
    return max(prices) - min(prices)
`,
  },
};
