/** Starter library: a written question with its rubric (easy). Written for Assessly; CC BY 4.0 (see LICENSE.md). */
import type { TStarterWrittenQuestion } from './types';

export const wrTestingPyramid: TStarterWrittenQuestion = {
  slug: 'wr-testing-pyramid',
  kind: 'text',
  difficulty: 'easy',
  tags: ['testing'],
  questionText:
    'What kinds of automated tests would you write for a web application, and roughly in what proportion? Why?',
  rubric:
    'Full marks (5): names unit, integration (or API) and end-to-end tests (2); suggests many fast low-level tests and fewer slow broad ones, or justifies another balance (2); mentions a reason such as speed, reliability or where bugs are found (1).',
  marks: 5,
};
