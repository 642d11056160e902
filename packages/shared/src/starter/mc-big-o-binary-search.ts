/** Starter library: a single-answer question (easy). Written for Assessly; CC BY 4.0 (see LICENSE.md). */
import type { TStarterChoiceQuestion } from './types';

export const mcBigOBinarySearch: TStarterChoiceQuestion = {
  slug: 'mc-big-o-binary-search',
  kind: 'choice',
  difficulty: 'easy',
  tags: ['algorithms', 'complexity'],
  questionText: 'What is the worst-case time of binary search on a sorted array of n elements?',
  options: ['O(1)', 'O(log n)', 'O(n)', 'O(n log n)'],
  explanation: 'Each step halves the range that can hold the value, so at most about log2(n) steps.',
  marks: 2,
  correctAnswer: 1,
};
