/** Starter library: a written question with its rubric (easy). Written for Assessly; CC BY 4.0 (see LICENSE.md). */
import type { TStarterWrittenQuestion } from './types';

export const wrExplainBigO: TStarterWrittenQuestion = {
  slug: 'wr-explain-big-o',
  kind: 'text',
  difficulty: 'easy',
  tags: ['algorithms', 'complexity'],
  questionText:
    'Two functions solve the same task: one is O(n²), the other O(n log n). For which inputs does the difference matter, and can the O(n²) one ever be the better choice?',
  rubric:
    'Full marks (5): explains that the gap grows with n and matters for large inputs (2); notes constant factors, small n, memory or simplicity can favour the O(n²) one (2); a concrete example such as insertion sort on tiny arrays (1).',
  marks: 5,
};
