import { describe, expect, it } from 'vitest';
import { profileCompletion, ZSignup } from './users';

describe('profileCompletion', () => {
  it('weights names and email 2 and the rest 1 out of 9', () => {
    expect(profileCompletion({ firstName: 'A', lastName: 'B', email: 'a@b.co' })).toBe(67);
    expect(profileCompletion({ firstName: 'A' })).toBe(22);
    expect(profileCompletion({})).toBe(0);
    expect(
      profileCompletion({
        firstName: 'A',
        lastName: 'B',
        email: 'e',
        gender: 'male',
        dob: '2000-01-01',
        mobileNumber: '1',
        bio: 'x',
        educationDetails: 'y',
        experienceDetails: 'z',
      }),
    ).toBe(100);
  });
  it('treats blank strings as empty', () => {
    expect(profileCompletion({ firstName: '  ', bio: 'x' })).toBe(11);
  });
});

describe('ZSignup', () => {
  it('lower-cases the email and defaults the role to candidate', () => {
    const r = ZSignup.parse({ firstName: 'A', lastName: 'B', email: 'A@B.CO', password: 'secret123' });
    expect(r.email).toBe('a@b.co');
    expect(r.role).toBe('candidate');
  });
  it('rejects a short password with the spec message', () => {
    const r = ZSignup.safeParse({ firstName: 'A', lastName: 'B', email: 'a@b.co', password: 'short' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Password must be at least 8 characters');
  });
});
