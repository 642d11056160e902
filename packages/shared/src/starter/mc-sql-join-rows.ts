/** Starter library: a single-answer question (easy). Written for Assessly; CC BY 4.0 (see LICENSE.md). */
import type { TStarterChoiceQuestion } from './types';

export const mcSqlJoinRows: TStarterChoiceQuestion = {
  slug: 'mc-sql-join-rows',
  kind: 'choice',
  difficulty: 'easy',
  tags: ['sql', 'databases'],
  questionText: 'Table A has 3 rows and table B has 4 rows. How many rows does `SELECT * FROM A CROSS JOIN B` return?',
  options: ['7', '12', '4', '3'],
  explanation: 'A cross join pairs every row of A with every row of B: 3 × 4 = 12.',
  marks: 2,
  correctAnswer: 1,
};
