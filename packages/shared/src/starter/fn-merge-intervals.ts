/** Starter library: a function problem (medium). Written for Assessly; CC BY 4.0 (see LICENSE.md). */
import type { TStarterFunctionProblem } from './types';

export const mergeIntervals: TStarterFunctionProblem = {
  slug: 'fn-merge-intervals',
  kind: 'function',
  title: 'Merge overlapping intervals',
  difficulty: 'medium',
  tags: ['arrays', 'sorting'],
  marks: 20,
  description:
    'Each interval is `[start, end]` with start <= end. Merge every pair that overlaps or touches (`[1,4]` and `[4,5]` become `[1,5]`) and return the merged intervals sorted by start. The input may come in any order.',
  constraints: ['1 <= len(intervals) <= 10^4', '0 <= start <= end <= 10^9'],
  signature: { name: 'mergeIntervals', params: [{ name: 'intervals', type: 'int[][]' }], returns: 'int[][]' },
  examples: [
    { input: '[[1,3],[2,6],[8,10]]', output: '[[1,6],[8,10]]' },
    { input: '[[5,6]]', output: '[[5,6]]' },
  ],
  testCases: [
    { input: '[[1,4],[4,5]]', output: '[[1,5]]' },
    { input: '[[8,10],[1,3],[2,6]]', output: '[[1,6],[8,10]]' },
    { input: '[[1,10],[2,3],[4,5]]', output: '[[1,10]]' },
    { input: '[[0,0],[0,0]]', output: '[[0,0]]' },
    { input: '[[1,2],[3,4]]', output: '[[1,2],[3,4]]' },
  ],
  model: {
    language: 'python',
    code: `def mergeIntervals(intervals):
    out = []
    for s, e in sorted(intervals):
        if out and s <= out[-1][1]:
            out[-1][1] = max(out[-1][1], e)
        else:
            out.append([s, e])
    return out
`,
  },
  knownWrong: {
    language: 'python',
    catches: 'keeps touching intervals apart',
    code: `def mergeIntervals(intervals):
    out = []
    for s, e in sorted(intervals):
        if out and s < out[-1][1]:
            out[-1][1] = max(out[-1][1], e)
        else:
            out.append([s, e])
    return out
`,
  },
};
