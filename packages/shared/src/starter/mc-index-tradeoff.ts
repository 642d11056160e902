/** Starter library: a single-answer question (medium). Written for Assessly; CC BY 4.0 (see LICENSE.md). */
import type { TStarterChoiceQuestion } from './types';

export const mcIndexTradeoff: TStarterChoiceQuestion = {
  slug: 'mc-index-tradeoff',
  kind: 'choice',
  difficulty: 'medium',
  tags: ['sql', 'databases', 'performance'],
  questionText: 'Adding an index on a column usually...',
  options: [
    'speeds up lookups on that column and slows down inserts',
    'slows down lookups and speeds up inserts',
    'has no effect on writes',
    'stores the table twice',
  ],
  explanation: 'The index must be updated on every write, the price for faster reads.',
  marks: 4,
  correctAnswer: 0,
};
