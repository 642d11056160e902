/** Starter library: a written question with its rubric (easy). Written for Assessly; CC BY 4.0 (see LICENSE.md). */
import type { TStarterWrittenQuestion } from './types';

export const wrFailureStory: TStarterWrittenQuestion = {
  slug: 'wr-failure-story',
  kind: 'text',
  difficulty: 'easy',
  tags: ['communication', 'experience'],
  questionText:
    'Describe a time something you built failed or broke. What happened, and what did you change afterwards?',
  rubric:
    "Full marks (5): a concrete situation rather than a generality (1); the candidate's own part is stated honestly (1); the cause is identified (1); a specific change in practice or process followed (2). Any field of work is acceptable.",
  marks: 5,
};
