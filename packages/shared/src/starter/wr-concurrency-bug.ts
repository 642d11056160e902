/** Starter library: a written question with its rubric (hard). Written for Assessly; CC BY 4.0 (see LICENSE.md). */
import type { TStarterWrittenQuestion } from './types';

export const wrConcurrencyBug: TStarterWrittenQuestion = {
  slug: 'wr-concurrency-bug',
  kind: 'text',
  difficulty: 'hard',
  tags: ['concurrency'],
  questionText:
    'Two requests to "reserve the last seat" arrive at the same moment and both succeed. Explain why this can happen and give two ways to prevent it.',
  rubric:
    'Full marks (15): explains the check-then-act race (read seats, then write) (5); a first correct fix such as a transaction with row lock (SELECT ... FOR UPDATE), a unique constraint, or an atomic conditional UPDATE (5); a second, different fix such as optimistic versioning, a queue/single writer, or a distributed lock with its caveats (5).',
  marks: 15,
};
