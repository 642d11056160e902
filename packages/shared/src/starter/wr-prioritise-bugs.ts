/** Starter library: a written question with its rubric (medium). Written for Assessly; CC BY 4.0 (see LICENSE.md). */
import type { TStarterWrittenQuestion } from './types';

export const wrPrioritiseBugs: TStarterWrittenQuestion = {
  slug: 'wr-prioritise-bugs',
  kind: 'text',
  difficulty: 'medium',
  tags: ['product', 'teamwork'],
  questionText:
    'You have three open bugs and time to fix one today: a typo on the pricing page, a crash affecting 2% of sign-ups, and a slow report used by one internal team. Which do you fix first and why?',
  rubric:
    'Full marks (10): chooses the sign-up crash, or gives a reasoned alternative (3); weighs impact (users, revenue) against effort and urgency (4); says what happens to the other two — scheduled, workaround, or communicated (3).',
  marks: 10,
};
