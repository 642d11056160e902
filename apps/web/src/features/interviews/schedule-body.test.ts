import { describe, expect, it } from 'vitest';
import { EMPTY, toCreateBody } from './schedule-body';

const now = new Date('2030-01-01T10:00:00Z');
const base = { ...EMPTY, title: 'Pairing', email: 'Cand@Example.com' };
const UUID = '0b6e1c1e-8d6f-4c3e-9a7e-2f3d4c5b6a79';

describe('toCreateBody', () => {
  it('sends only what was filled in, with the time as an ISO instant', () => {
    expect(toCreateBody(base, now)).toEqual({
      body: { title: 'Pairing', candidateEmail: 'cand@example.com' },
      fields: null,
    });
    const full = toCreateBody(
      {
        ...base,
        when: '2030-01-02T09:30',
        duration: '45',
        languages: ['python', 'java'],
        problemIds: [UUID],
        interviewerIds: [UUID],
      },
      now,
    );
    expect(full.body).toEqual({
      title: 'Pairing',
      candidateEmail: 'cand@example.com',
      scheduledAt: new Date('2030-01-02T09:30').toISOString(),
      durationMinutes: 45,
      languages: ['python', 'java'],
      problemIds: [UUID],
      interviewerIds: [UUID],
    });
  });

  it('names each field that is wrong', () => {
    const bad = toCreateBody({ ...EMPTY, email: 'nope', when: '2029-12-31T09:00', duration: '2' }, now);
    expect(bad.body).toBeNull();
    expect(bad.fields).toEqual({
      title: 'Title is required',
      candidateEmail: 'Enter a valid email address',
      scheduledAt: 'Choose a time in the future',
      durationMinutes: 'At least 5 minutes',
    });
    expect(toCreateBody({ ...base, duration: '12.5' }, now).fields).toEqual({
      durationMinutes: 'Whole minutes, 5 to 480',
    });
    expect(toCreateBody({ ...base, duration: '600' }, now).fields).toEqual({ durationMinutes: 'At most 8 hours' });
    expect(toCreateBody({ ...base, languages: ['cobol'] }, now).fields).toEqual({
      languages: 'Choose a supported language',
    });
  });
});
