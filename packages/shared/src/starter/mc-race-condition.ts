/** Starter library: a single-answer question (hard). Written for Assessly; CC BY 4.0 (see LICENSE.md). */
import type { TStarterChoiceQuestion } from './types';

export const mcRaceCondition: TStarterChoiceQuestion = {
  slug: 'mc-race-condition',
  kind: 'choice',
  difficulty: 'hard',
  tags: ['concurrency'],
  questionText:
    'Two threads each run `counter = counter + 1` 1,000 times on a shared integer without a lock. Which final values are possible?',
  options: ['Only 2000', 'Any value from 2 to 2000', 'Only values from 1000 to 2000', 'Only 1000 or 2000'],
  explanation:
    'Interleaved read-modify-write steps can lose updates; in the worst schedule almost every increment is lost, down to 2.',
  marks: 6,
  correctAnswer: 1,
};
