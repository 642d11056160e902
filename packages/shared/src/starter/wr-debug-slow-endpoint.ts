/** Starter library: a written question with its rubric (medium). Written for Assessly; CC BY 4.0 (see LICENSE.md). */
import type { TStarterWrittenQuestion } from './types';

export const wrDebugSlowEndpoint: TStarterWrittenQuestion = {
  slug: 'wr-debug-slow-endpoint',
  kind: 'text',
  difficulty: 'medium',
  tags: ['performance', 'debugging'],
  questionText:
    'An API endpoint that used to answer in 50 ms now takes 5 s in production. Describe, step by step, how you would find the cause.',
  rubric:
    'Full marks (10): reproduces or measures first (logs, metrics, traces) rather than guessing (3); narrows down where the time goes — database, external call, CPU, locks (3); names at least one concrete tool or technique such as EXPLAIN, a profiler or timing spans (2); checks what changed recently (deploy, data volume, configuration) (2).',
  marks: 10,
};
