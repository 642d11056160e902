/** Starter library: a single-answer question (medium). Written for Assessly; CC BY 4.0 (see LICENSE.md). */
import type { TStarterChoiceQuestion } from './types';

export const mcPythonMutableDefault: TStarterChoiceQuestion = {
  slug: 'mc-python-mutable-default',
  kind: 'choice',
  difficulty: 'medium',
  tags: ['python'],
  questionText: '`def add(x, items=[]): items.append(x); return items` — what does `add(1); print(add(2))` print?',
  options: ['[2]', '[1, 2]', '[1]', 'An error'],
  explanation:
    'The default list is created once, when the function is defined, and shared by every call that omits items.',
  marks: 4,
  correctAnswer: 1,
};
