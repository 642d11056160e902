/** Starter library: a multiple-answer question (easy). Written for Assessly; CC BY 4.0 (see LICENSE.md). */
import type { TStarterChoiceQuestion } from './types';

export const mcStackQueue: TStarterChoiceQuestion = {
  slug: 'mc-stack-queue',
  kind: 'choice',
  difficulty: 'easy',
  tags: ['data structures'],
  questionText: 'Which structures take elements out in the order they were put in (first in, first out)?',
  options: ['Stack', 'Queue', 'Deque used only with push-back and pop-front', 'Binary heap'],
  explanation:
    'A queue is FIFO; a deque used at opposite ends behaves like one. A stack is LIFO; a heap takes the smallest (or largest) out first.',
  marks: 2,
  correctAnswers: [1, 2],
  scoring: 'all',
};
