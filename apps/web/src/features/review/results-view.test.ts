import type { TReviewResultRow } from '@assessly/shared';
import { describe, expect, it } from 'vitest';
import { filterResults, formatTimeTaken, NO_FILTERS, sortResults, timeTakenMs } from './results-view';

const row = (over: Partial<TReviewResultRow>): TReviewResultRow => ({
  attemptId: over.name ?? 'a',
  userId: 'u',
  name: 'A',
  email: 'a@example.org',
  startedAt: '2026-11-20T10:00:00.000Z',
  endedAt: '2026-11-20T10:30:00.000Z',
  score: 50,
  maxScore: 100,
  percent: 50,
  passed: true,
  awaitingGrading: false,
  hiringStatus: 'pending',
  eventCount: 0,
  similarityFlags: 0,
  ...over,
});

const ada = row({
  name: 'Ada',
  languages: ['cpp', 'python'],
  percent: 90,
  endedAt: '2026-11-20T10:42:05.000Z',
  hiringStatus: 'shortlisted',
});
const ben = row({
  name: 'Ben',
  percent: 40,
  passed: false,
  eventCount: 3,
  startedAt: '2026-11-22T09:00:00.000Z',
  endedAt: null,
});
const cy = row({ name: 'Cy', languages: ['python'], percent: 65, similarityFlags: 1, hiringStatus: 'rejected' });
const all = [ada, cy, ben];
const rank = (r: TReviewResultRow) => all.indexOf(r);

describe('results view', () => {
  it('gives the time taken, and "In progress" for an open attempt', () => {
    expect(formatTimeTaken(timeTakenMs(ada))).toBe('42 min 5 s');
    expect(formatTimeTaken(timeTakenMs(ben))).toBe('In progress');
    expect(formatTimeTaken(3_780_000)).toBe('1 h 3 min');
  });

  it('filters by status, result, score range, flags, start date and language', () => {
    expect(filterResults(all, { ...NO_FILTERS, language: 'python' })).toEqual([ada, cy]);
    expect(filterResults(all, { ...NO_FILTERS, language: 'cpp' })).toEqual([ada]);
    expect(filterResults(all, { ...NO_FILTERS, status: 'rejected' })).toEqual([cy]);
    expect(filterResults(all, { ...NO_FILTERS, result: 'fail' })).toEqual([ben]);
    expect(filterResults(all, { ...NO_FILTERS, minPercent: '50', maxPercent: '80' })).toEqual([cy]);
    expect(filterResults(all, { ...NO_FILTERS, flagged: true })).toEqual([cy, ben]);
    expect(filterResults(all, { ...NO_FILTERS, startedFrom: '2026-11-21' })).toEqual([ben]);
    expect(filterResults(all, NO_FILTERS)).toEqual(all);
  });

  it('filters the results that need grading (issue 25): neither pass nor fail', () => {
    const dee = row({ name: 'Dee', passed: null, awaitingGrading: true });
    expect(filterResults([...all, dee], { ...NO_FILTERS, result: 'awaiting' })).toEqual([dee]);
    expect(filterResults([...all, dee], { ...NO_FILTERS, result: 'fail' })).toEqual([ben]);
    expect(filterResults([...all, dee], { ...NO_FILTERS, result: 'pass' })).toEqual([ada, cy]);
  });

  it('sorts on every column both ways, an open attempt last by time', () => {
    expect(sortResults(all, 'name', 'asc', rank).map((r) => r.name)).toEqual(['Ada', 'Ben', 'Cy']);
    expect(sortResults(all, 'score', 'asc', rank).map((r) => r.name)).toEqual(['Ben', 'Cy', 'Ada']);
    expect(sortResults(all, 'time', 'asc', rank).map((r) => r.name)).toEqual(['Cy', 'Ada', 'Ben']);
    expect(sortResults(all, 'events', 'desc', rank).map((r) => r.name)).toEqual(['Ben', 'Ada', 'Cy']);
    expect(sortResults(all, 'status', 'asc', rank).map((r) => r.name)).toEqual(['Ada', 'Ben', 'Cy']);
    expect(sortResults(all, 'rank', 'desc', rank).map((r) => r.name)).toEqual(['Ben', 'Cy', 'Ada']);
  });
});
