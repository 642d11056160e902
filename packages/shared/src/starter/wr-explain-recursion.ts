/** Starter library: a written question with its rubric (easy). Written for Assessly; CC BY 4.0 (see LICENSE.md). */
import type { TStarterWrittenQuestion } from './types';

export const wrExplainRecursion: TStarterWrittenQuestion = {
  slug: 'wr-explain-recursion',
  kind: 'text',
  difficulty: 'easy',
  tags: ['algorithms', 'communication'],
  questionText: 'Explain recursion to a colleague who has never met it, with a small example of your choice.',
  rubric:
    'Full marks (5): defines recursion as a function solving a problem by calling itself on a smaller instance (2); names the base case and why it is needed to stop (2); gives a correct small example such as factorial or a tree walk (1). Deduct for an example without a base case.',
  marks: 5,
};
