/** Starter library: a single-answer question (medium). Written for Assessly; CC BY 4.0 (see LICENSE.md). */
import type { TStarterChoiceQuestion } from './types';

export const mcHashMapWorst: TStarterChoiceQuestion = {
  slug: 'mc-hash-map-worst',
  kind: 'choice',
  difficulty: 'medium',
  tags: ['data structures', 'complexity'],
  questionText:
    'A hash map uses chaining and every key lands in the same bucket. What is the time of one lookup among n keys?',
  options: ['O(1)', 'O(log n)', 'O(n)', 'O(n²)'],
  explanation: 'All keys share one chain, so a lookup walks a list of n entries.',
  marks: 4,
  correctAnswer: 2,
};
