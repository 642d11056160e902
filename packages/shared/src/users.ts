import { z } from 'zod';
import { ZPassword } from './password';
import { COMPANY_ROLES } from './team';

export const ROLES = ['candidate', 'employer'] as const;
export const GENDERS = ['male', 'female', 'other', ''] as const;

const email = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .email('Please enter a valid email address')
  .transform((v) => v.toLowerCase());

export const ZSignup = z.object({
  firstName: z.string({ error: 'First name is required' }).trim().min(1, 'First name is required').max(100),
  lastName: z.string({ error: 'Last name is required' }).trim().min(1, 'Last name is required').max(100),
  email,
  password: ZPassword,
  role: z.enum(ROLES, { error: 'Role is required' }).default('candidate'),
});
export type TSignup = z.infer<typeof ZSignup>;

export const ZLogin = z.object({
  email,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
  rememberMe: z.boolean().optional(),
});
export type TLogin = z.infer<typeof ZLogin>;

const optionalText = (max: number) => z.string().max(max).optional().default('');

/** PUT /api/users/{id}: the whole user entity is sent; id, email and role are read-only and ignored. */
export const ZUserUpdate = z.object({
  firstName: z.string({ error: 'First name is required' }).trim().min(1, 'First name is required').max(100),
  lastName: z.string({ error: 'Last name is required' }).trim().min(1, 'Last name is required').max(100),
  gender: z.enum(GENDERS).optional().default(''),
  dob: z
    .string()
    .regex(/^(\d{4}-\d{2}-\d{2})?$/, 'Date of birth must be a date (YYYY-MM-DD)')
    .optional()
    .default(''),
  mobileNumber: z
    .string()
    .regex(/^[+\d\s()-]{0,20}$/, 'Please enter a valid mobile number')
    .optional()
    .default(''),
  bio: optionalText(2000),
  educationDetails: optionalText(4000),
  experienceDetails: optionalText(4000),
});
export type TUserUpdate = z.infer<typeof ZUserUpdate>;

/** What the API returns for a user (never the password hash). */
export const ZUser = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  gender: z.string(),
  dob: z.string(),
  mobileNumber: z.string(),
  bio: z.string(),
  educationDetails: z.string(),
  experienceDetails: z.string(),
  companyId: z.string().nullable(),
  companyRole: z.enum(COMPANY_ROLES).nullable(),
  emailVerified: z.boolean(),
  createdAt: z.string(),
});
export type TUser = z.infer<typeof ZUser>;

export const ZForgotPassword = z.object({ email });
export const ZResetPassword = z.object({
  token: z.string().min(10, 'The reset link is invalid').max(200),
  password: ZSignup.shape.password,
});

/**
 * Profile completion (spec part 1 §3): weight 2 for names and email, 1 for the six others, divided by the
 * spec's total of 9 as written. The weights add up to 12, so the result is capped at 100.
 */
export const PROFILE_TOTAL_WEIGHT = 9;
export const PROFILE_WEIGHTS = {
  firstName: 2,
  lastName: 2,
  email: 2,
  gender: 1,
  dob: 1,
  mobileNumber: 1,
  bio: 1,
  educationDetails: 1,
  experienceDetails: 1,
} as const;

export function profileCompletion(user: Partial<Record<keyof typeof PROFILE_WEIGHTS, unknown>>): number {
  let filled = 0;
  for (const [key, weight] of Object.entries(PROFILE_WEIGHTS)) {
    const value = user[key as keyof typeof PROFILE_WEIGHTS];
    if (typeof value === 'string' ? value.trim() !== '' : value != null) filled += weight;
  }
  return Math.min(100, Math.round((filled / PROFILE_TOTAL_WEIGHT) * 100));
}
