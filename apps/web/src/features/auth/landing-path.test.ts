import { describe, expect, it } from 'vitest';
import { landingPath, safeNext } from './use-auth';

describe('landingPath', () => {
  it('sends employers to /admin and everyone else to / without a next path', () => {
    expect(landingPath({ role: 'employer' }, null)).toBe('/admin');
    expect(landingPath({ role: 'candidate' }, null)).toBe('/');
  });

  it('follows a same-site next path', () => {
    expect(landingPath({ role: 'candidate' }, '/code/abc?x=1')).toBe('/code/abc?x=1');
  });

  it('ignores next paths that would leave the site', () => {
    expect(landingPath({ role: 'candidate' }, '//evil.example')).toBe('/');
    expect(landingPath({ role: 'employer' }, '/\\evil.example')).toBe('/admin');
    expect(landingPath({ role: 'candidate' }, 'https://evil.example')).toBe('/');
  });
});

describe('safeNext', () => {
  it('keeps a same-site path (the invite link a candidate signs up from) and drops anything else', () => {
    expect(safeNext('/invite/tok123')).toBe('/invite/tok123');
    expect(safeNext(null)).toBeNull();
    expect(safeNext('//evil.example')).toBeNull();
    expect(safeNext('https://evil.example')).toBeNull();
  });
});
