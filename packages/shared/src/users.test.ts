import { describe, expect, it } from 'vitest';
import { ZStrongPassword } from './companies';
import { PASSWORD_COMMON, PASSWORD_RULE, ZPassword } from './password';
import { profileCompletion, ZResetPassword, ZSignup } from './users';

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
    const r = ZSignup.parse({ firstName: 'A', lastName: 'B', email: 'A@B.CO', password: 'Secret-123' });
    expect(r.email).toBe('a@b.co');
    expect(r.role).toBe('candidate');
  });
  it('rejects a short password with the spec message', () => {
    const r = ZSignup.safeParse({ firstName: 'A', lastName: 'B', email: 'a@b.co', password: 'short' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Password must be at least 8 characters');
  });
  it('is the one password rule: upper, lower and digit, and not a common password (any case)', () => {
    const msg = (password: string) =>
      ZSignup.safeParse({ firstName: 'A', lastName: 'B', email: 'a@b.co', password }).error?.issues[0]?.message;
    expect(msg('abcdefgh')).toBe(PASSWORD_RULE);
    expect(msg('aaaaaaaa')).toBe(PASSWORD_RULE);
    expect(msg('Password1')).toBe(PASSWORD_COMMON);
    expect(msg('PASSword123')).toBe(PASSWORD_COMMON);
    expect(msg('Qwerty123')).toBe(PASSWORD_COMMON);
    expect(msg('Tangerine-42')).toBeUndefined();
    expect(ZStrongPassword).toBe(ZPassword);
    expect(ZResetPassword.safeParse({ token: 'x'.repeat(20), password: 'Welcome1' }).success).toBe(false);
  });
});
