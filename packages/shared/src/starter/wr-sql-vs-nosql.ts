/** Starter library: a written question with its rubric (medium). Written for Assessly; CC BY 4.0 (see LICENSE.md). */
import type { TStarterWrittenQuestion } from './types';

export const wrSqlVsNosql: TStarterWrittenQuestion = {
  slug: 'wr-sql-vs-nosql',
  kind: 'text',
  difficulty: 'medium',
  tags: ['databases'],
  questionText:
    'When would you choose a relational database over a document store, and when the other way round? Give one example of each.',
  rubric:
    'Full marks (10): relational for structured data with relations, joins and transactions across rows (3); documents for flexible or nested records read as a whole, or very large horizontal scale (3); one fitting example for each (2 + 2). Deduct where a claim is wrong (for example, that document stores cannot have indexes).',
  marks: 10,
};
