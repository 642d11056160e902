/** Starter library: a written question with its rubric (hard). Written for Assessly; CC BY 4.0 (see LICENSE.md). */
import type { TStarterWrittenQuestion } from './types';

export const wrDesignUrlShortener: TStarterWrittenQuestion = {
  slug: 'wr-design-url-shortener',
  kind: 'text',
  difficulty: 'hard',
  tags: ['system design'],
  questionText:
    'Design a URL shortener that stores 100 million links and serves 10,000 redirects per second. Cover the data model, how short codes are made, and how redirects stay fast.',
  rubric:
    'Full marks (15): a data model mapping code to URL with an index or key-value store (3); a code scheme (base-62 counter, random with collision check, or hash) with its trade-offs (4); caching hot redirects and a read path that avoids the primary database (4); rough sizing of storage or throughput (2); one of: expiry, abuse, analytics, or replication (2).',
  marks: 15,
};
