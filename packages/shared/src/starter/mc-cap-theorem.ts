/** Starter library: a single-answer question (hard). Written for Assessly; CC BY 4.0 (see LICENSE.md). */
import type { TStarterChoiceQuestion } from './types';

export const mcCapTheorem: TStarterChoiceQuestion = {
  slug: 'mc-cap-theorem',
  kind: 'choice',
  difficulty: 'hard',
  tags: ['distributed systems'],
  questionText: 'During a network partition, a distributed store that keeps answering every request must give up...',
  options: ['durability', 'consistency (every read sees the latest write)', 'partition tolerance', 'availability'],
  explanation:
    'Under a partition the choice is between consistency and availability; staying available means some reads may be stale.',
  marks: 6,
  correctAnswer: 1,
};
