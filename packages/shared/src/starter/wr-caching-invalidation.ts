/** Starter library: a written question with its rubric (hard). Written for Assessly; CC BY 4.0 (see LICENSE.md). */
import type { TStarterWrittenQuestion } from './types';

export const wrCachingInvalidation: TStarterWrittenQuestion = {
  slug: 'wr-caching-invalidation',
  kind: 'text',
  difficulty: 'hard',
  tags: ['performance', 'system design'],
  questionText:
    'You add a cache in front of a slow product catalogue service. Describe how you keep cached data correct when products change, and what can still go wrong.',
  rubric:
    'Full marks (15): chooses an invalidation approach — TTL, explicit invalidation on write, or write-through — and explains it (5); names at least one failure mode: stale reads, thundering herd on expiry, race between update and cache fill, or cache and database disagreeing after a failure (5); a mitigation for that failure mode (5).',
  marks: 15,
};
