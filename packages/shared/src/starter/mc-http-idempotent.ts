/** Starter library: a multiple-answer question (medium). Written for Assessly; CC BY 4.0 (see LICENSE.md). */
import type { TStarterChoiceQuestion } from './types';

export const mcHttpIdempotent: TStarterChoiceQuestion = {
  slug: 'mc-http-idempotent',
  kind: 'choice',
  difficulty: 'medium',
  tags: ['web', 'http'],
  questionText:
    'Which HTTP methods are idempotent by definition (repeating the same request leaves the server in the same state)?',
  options: ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'],
  explanation: 'GET, PUT and DELETE are idempotent in RFC 9110; POST is not, and PATCH is not required to be.',
  marks: 4,
  correctAnswers: [0, 2, 3],
  scoring: 'partial',
};
