/** Starter library: a function problem (medium). Written for Assessly; CC BY 4.0 (see LICENSE.md). */
import type { TStarterFunctionProblem } from './types';

export const exactTotal: TStarterFunctionProblem = {
  slug: 'fn-exact-total',
  kind: 'function',
  title: 'Exact total of large amounts',
  difficulty: 'medium',
  tags: ['numbers', 'overflow'],
  marks: 20,
  description:
    'Amounts are whole numbers of cents up to 10^15 each. Return their exact total. (Floating point loses cents at this size, and 32-bit integers overflow.)',
  constraints: [
    '0 <= len(values) <= 10^4',
    '-10^15 <= values[i] <= 10^15',
    'the total fits in a signed 64-bit integer',
  ],
  signature: { name: 'exactTotal', params: [{ name: 'values', type: 'long[]' }], returns: 'long' },
  examples: [
    { input: '[1,2,3]', output: '6' },
    { input: '[]', output: '0' },
  ],
  testCases: [
    { input: '[999999999999999,999999999999999,999999999999999,3]', output: '3000000000000000' },
    { input: '[1000000000000001,-1]', output: '1000000000000000' },
    { input: '[9007199254740993]', output: '9007199254740993' },
    { input: '[-5,5]', output: '0' },
  ],
  model: {
    language: 'python',
    code: `def exactTotal(values):
    return sum(values)
`,
  },
  knownWrong: {
    language: 'python',
    catches: 'adds in floating point and loses the last cents',
    code: `def exactTotal(values):
    return int(sum(float(v) for v in values))
`,
  },
};
