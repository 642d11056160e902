import type { TCompanyRole } from '@assessly/shared';
import { describe, expect, it } from 'vitest';
import {
  addQuestionsLabel,
  candidateLink,
  defaultPassingMarks,
  minutesBetween,
  moveItem,
  optionLetter,
  previewText,
  roleAbilities,
  statBarWidth,
} from './admin-helpers';

describe('admin screen rules', () => {
  it('bars are 5 × the value, capped at 100%', () => {
    expect(statBarWidth(3)).toBe('15%');
    expect(statBarWidth(20)).toBe('100%');
    expect(statBarWidth(57)).toBe('100%');
  });
  it('cuts descriptions at 100 characters with an ellipsis', () => {
    expect(previewText('a'.repeat(100))).toBe('a'.repeat(100));
    expect(previewText('b'.repeat(101))).toBe(`${'b'.repeat(100)}...`);
    expect(previewText('<p>Sum of <b>two</b> numbers &amp; more</p>')).toBe('Sum of two numbers & more');
  });
  it('labels the add button by count', () => {
    expect(addQuestionsLabel(1)).toBe('Add 1 Question');
    expect(addQuestionsLabel(3)).toBe('Add 3 Questions');
  });
  it('builds candidate links per type', () => {
    expect(candidateLink('http://h', { id: 'x', testType: 'CODING' })).toBe('http://h/code/x');
    expect(candidateLink('http://h', { id: 'y', testType: 'APTITUDE' })).toBe('http://h/aptitude/y');
  });
  it('letters options, floors 40% passing, measures windows and moves items', () => {
    expect([0, 1, 2, 3].map(optionLetter).join('')).toBe('ABCD');
    expect(defaultPassingMarks(99)).toBe(39);
    expect(minutesBetween('2030-01-01T10:00:00Z', '2030-01-01T11:30:00Z')).toBe(90);
    expect(minutesBetween(null, '2030-01-01T11:30:00Z')).toBeNull();
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
  });
});

describe('roleAbilities', () => {
  const me = (companyRole: TCompanyRole | null) => ({ id: 'u1', role: 'employer', companyRole });
  it('offers authoring and inviting to owners, admins and recruiters; deleting to managers and the recruiter who created it', () => {
    expect(roleAbilities(me('owner'), { createdBy: 'x' })).toEqual({ author: true, invite: true, remove: true });
    expect(roleAbilities(me('admin'), { createdBy: 'x' })).toEqual({ author: true, invite: true, remove: true });
    expect(roleAbilities(me('recruiter'), { createdBy: 'x' })).toEqual({ author: true, invite: true, remove: false });
    expect(roleAbilities(me('recruiter'), { createdBy: 'u1' }).remove).toBe(true);
    expect(roleAbilities(me('reviewer'), { createdBy: 'u1' })).toEqual({ author: false, invite: false, remove: false });
    expect(roleAbilities({ id: 'c', role: 'candidate', companyRole: null }).author).toBe(false);
  });
});
