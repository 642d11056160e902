/** Starter library: a function problem (hard). Written for Assessly; CC BY 4.0 (see LICENSE.md). */
import type { TStarterFunctionProblem } from './types';

export const fewestCoins: TStarterFunctionProblem = {
  slug: 'fn-fewest-coins',
  kind: 'function',
  title: 'Fewest coins',
  difficulty: 'hard',
  tags: ['dynamic programming'],
  marks: 30,
  description:
    'Return the fewest coins of the given denominations (each usable any number of times) that add up to `amount`, or -1 if no combination does. An amount of 0 needs 0 coins.',
  constraints: ['1 <= len(coins) <= 12', '1 <= coins[i] <= 10^4', '0 <= amount <= 10^4'],
  signature: {
    name: 'fewestCoins',
    params: [
      { name: 'coins', type: 'int[]' },
      { name: 'amount', type: 'int' },
    ],
    returns: 'int',
  },
  examples: [
    { input: '[1,2,5]\n11', output: '3' },
    { input: '[2]\n3', output: '-1' },
  ],
  testCases: [
    { input: '[1,3,4]\n6', output: '2' },
    { input: '[1]\n0', output: '0' },
    { input: '[5,7]\n23', output: '-1' },
    { input: '[186,419,83,408]\n6249', output: '20' },
    { input: '[3,7]\n1', output: '-1' },
  ],
  model: {
    language: 'python',
    code: `def fewestCoins(coins, amount):
    INF = amount + 1
    best = [0] + [INF] * amount
    for a in range(1, amount + 1):
        for c in coins:
            if c <= a and best[a - c] + 1 < best[a]:
                best[a] = best[a - c] + 1
    return -1 if best[amount] == INF else best[amount]
`,
  },
  knownWrong: {
    language: 'python',
    catches: 'takes the largest coin first (greedy), which is not always fewest',
    code: `def fewestCoins(coins, amount):
    n = 0
    for c in sorted(coins, reverse=True):
        n += amount // c
        amount %= c
    return n if amount == 0 else -1
`,
  },
};
