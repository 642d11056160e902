import { describe, expect, it } from 'vitest';
import { can } from './policy';

describe('can(role, action)', () => {
  it('lets a reviewer read results and write notes but not author, invite or change a status', () => {
    expect(can('reviewer', 'review.read')).toBe(true);
    expect(can('reviewer', 'review.note')).toBe(true);
    expect(can('reviewer', 'review.grade')).toBe(true);
    expect(can('reviewer', 'tests.author')).toBe(false);
    expect(can('reviewer', 'invitations.send')).toBe(false);
    expect(can('reviewer', 'review.status')).toBe(false);
    expect(can('reviewer', 'company.manage')).toBe(false);
  });

  it('lets a recruiter author and invite but not manage the team or settings', () => {
    expect(can('recruiter', 'tests.author')).toBe(true);
    expect(can('recruiter', 'invitations.send')).toBe(true);
    expect(can('recruiter', 'members.manage')).toBe(false);
    expect(can('recruiter', 'company.manage')).toBe(false);
  });

  it('lets owner and admin manage the company, and nobody without a role do anything', () => {
    expect(can('owner', 'company.manage')).toBe(true);
    expect(can('admin', 'members.manage')).toBe(true);
    expect(can(null, 'tests.read')).toBe(false);
    expect(can(undefined, 'review.read')).toBe(false);
  });
});
