/** Starter library: a written question with its rubric (medium). Written for Assessly; CC BY 4.0 (see LICENSE.md). */
import type { TStarterWrittenQuestion } from './types';

export const wrApiVersioning: TStarterWrittenQuestion = {
  slug: 'wr-api-versioning',
  kind: 'text',
  difficulty: 'medium',
  tags: ['web', 'api design'],
  questionText:
    "Your public REST API must change a response field's format. Existing clients must keep working. What do you do?",
  rubric:
    'Full marks (10): keeps the old behaviour for existing clients (version in path/header, or a new field beside the old) (4); communicates and documents the change with a deprecation period (3); has a way to see who still uses the old form (logs or metrics) before removal (3).',
  marks: 10,
};
