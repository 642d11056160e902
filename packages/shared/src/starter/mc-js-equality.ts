/** Starter library: a single-answer question (easy). Written for Assessly; CC BY 4.0 (see LICENSE.md). */
import type { TStarterChoiceQuestion } from './types';

export const mcJsEquality: TStarterChoiceQuestion = {
  slug: 'mc-js-equality',
  kind: 'choice',
  difficulty: 'easy',
  tags: ['javascript'],
  questionText: 'In JavaScript, what does `0 == "0"` evaluate to, and what does `0 === "0"`?',
  options: ['true, true', 'true, false', 'false, true', 'false, false'],
  explanation:
    '== converts the string to a number before comparing; === compares type as well, and number is not string.',
  marks: 2,
  correctAnswer: 1,
};
