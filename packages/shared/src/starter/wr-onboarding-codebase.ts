/** Starter library: a written question with its rubric (easy). Written for Assessly; CC BY 4.0 (see LICENSE.md). */
import type { TStarterWrittenQuestion } from './types';

export const wrOnboardingCodebase: TStarterWrittenQuestion = {
  slug: 'wr-onboarding-codebase',
  kind: 'text',
  difficulty: 'easy',
  tags: ['teamwork'],
  questionText:
    'You join a team with a large, unfamiliar codebase. What do you do in your first two weeks to become productive?',
  rubric:
    'Full marks (5): reads documentation and runs the project locally (1); picks small real tasks early (1); asks questions and pairs with teammates (1); traces one request or feature end to end, or writes notes/docs for the next person (2).',
  marks: 5,
};
