/** Starter library: a written question with its rubric (easy). Written for Assessly; CC BY 4.0 (see LICENSE.md). */
import type { TStarterWrittenQuestion } from './types';

export const wrExplainToNonTechnical: TStarterWrittenQuestion = {
  slug: 'wr-explain-to-non-technical',
  kind: 'text',
  difficulty: 'easy',
  tags: ['communication'],
  questionText: 'Explain to a non-technical manager why a feature estimated at two weeks took five.',
  rubric:
    'Full marks (5): plain language without jargon (2); honest about the cause (unknowns, scope change, underestimate) (2); a lesson or change for future estimates (1).',
  marks: 5,
};
