/**
 * The submission the Test Submitted screen counts: the best judged one by score (the latest on a tie), and
 * without marks (a company that does not show candidates their score, issue 26) the one that passed most cases.
 */
import type { TCandidateSubmission } from '@assessly/shared';
import { describe, expect, it } from 'vitest';
import { countedSubmission } from './submitted-screen';

const sub = (id: string, over: Partial<TCandidateSubmission>): TCandidateSubmission => ({
  id,
  questionId: 'q',
  questionNumber: 1,
  language: 'python',
  code: '',
  status: 'judged',
  verdict: 'Wrong Answer',
  compileOutput: null,
  passedCount: 0,
  totalCount: 4,
  score: 0,
  maxScore: 10,
  results: [],
  createdAt: '2026-01-01T10:00:00.000Z',
  ...over,
});

describe('countedSubmission', () => {
  it('takes the highest score, the latest on a tie, and skips what is still judging', () => {
    const list = [
      sub('a', { score: 5, createdAt: '2026-01-01T10:00:00.000Z' }),
      sub('b', { score: 7.5, createdAt: '2026-01-01T10:01:00.000Z' }),
      sub('c', { score: 7.5, createdAt: '2026-01-01T10:02:00.000Z' }),
      sub('d', { score: 10, status: 'queued', createdAt: '2026-01-01T10:03:00.000Z' }),
    ];
    expect(countedSubmission(list)?.id).toBe('c');
  });

  it('without marks takes the one that passed most cases', () => {
    const list = [
      sub('a', { score: null, maxScore: null, passedCount: 3, createdAt: '2026-01-01T10:00:00.000Z' }),
      sub('b', { score: null, maxScore: null, passedCount: 1, createdAt: '2026-01-01T10:01:00.000Z' }),
    ];
    expect(countedSubmission(list)?.id).toBe('a');
  });

  it('is null when nothing was judged', () => {
    expect(countedSubmission([sub('a', { status: 'running' })])).toBeNull();
  });
});
