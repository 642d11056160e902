/** Starter library: a written question with its rubric (medium). Written for Assessly; CC BY 4.0 (see LICENSE.md). */
import type { TStarterWrittenQuestion } from './types';

export const wrSecurityInput: TStarterWrittenQuestion = {
  slug: 'wr-security-input',
  kind: 'text',
  difficulty: 'medium',
  tags: ['security', 'web'],
  questionText:
    "A search page puts the user's query into an SQL statement and back into the HTML page. Which two attacks does this invite, and how do you prevent each?",
  rubric:
    'Full marks (10): names SQL injection (2) and prevents it with parameterised queries or a query builder, not escaping by hand (3); names cross-site scripting (2) and prevents it with contextual output escaping, a template engine that escapes by default, or a Content-Security-Policy (3).',
  marks: 10,
};
