import { z } from 'zod';
import { COMMON_PASSWORDS } from './common-passwords';

/**
 * The ONE password rule (issue 13), used by sign-up, /api/users/add, registration, team invitations and reset,
 * on the client and the server: 8–200 characters with an uppercase letter, a lowercase letter and a digit,
 * and not one of the most common passwords (compared case-insensitively, so "Password1" is refused too).
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_RULE = 'Password must contain uppercase, lowercase, and number';
export const PASSWORD_COMMON = 'This password is too common; choose one that is harder to guess';

const common = new Set(COMMON_PASSWORDS.map((p) => p.toLowerCase()));

export function isCommonPassword(password: string): boolean {
  return common.has(password.toLowerCase());
}

export const ZPassword = z.preprocess(
  (v) => (v == null ? '' : v),
  z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
    .max(200, 'Password is too long')
    .refine((p) => /[a-z]/.test(p) && /[A-Z]/.test(p) && /\d/.test(p), PASSWORD_RULE)
    .refine((p) => !isCommonPassword(p), PASSWORD_COMMON),
);
