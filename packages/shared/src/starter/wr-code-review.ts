/** Starter library: a written question with its rubric (medium). Written for Assessly; CC BY 4.0 (see LICENSE.md). */
import type { TStarterWrittenQuestion } from './types';

export const wrCodeReview: TStarterWrittenQuestion = {
  slug: 'wr-code-review',
  kind: 'text',
  difficulty: 'medium',
  tags: ['teamwork', 'code quality'],
  questionText:
    "A teammate's pull request works but is 1,200 lines with no tests. How do you review it? Describe what you would say and do.",
  rubric:
    'Full marks (10): stays respectful and specific (2); asks to split the change or review in parts, with a reason (3); asks for tests covering the main paths, or offers to help write them (3); mentions checking behaviour, naming, error handling or risk rather than style only (2). Zero for refusing to review or for comments about the person.',
  marks: 10,
};
