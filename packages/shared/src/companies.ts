import { z } from 'zod';
import { ZPassword } from './password';
import { INVITABLE_ROLES } from './team';

/**
 * Company registration (spec part 2 §3, §5, §9): the options, limits and the step-wise schemas that the
 * registration wizard and POST /api/register-company share, so both enforce the same rules with the same
 * messages. Values may arrive as form strings (multipart, inputs), so numbers and booleans are coerced.
 */
export const INDUSTRIES = [
  'Technology',
  'Healthcare',
  'Finance',
  'Education',
  'Manufacturing',
  'Retail',
  'Consulting',
  'Media & Entertainment',
  'Real Estate',
  'Other',
] as const;

export const COMPANY_SIZES = ['1-10', '11-50', '51-200', '201-500', '501-1000', '1000+'] as const;

export const LOGO_MAX_BYTES = 5_242_880;
export const DESCRIPTION_MIN = 50;
/** Shown by the counter only; the spec does not enforce it. The server caps abuse at DESCRIPTION_HARD_MAX. */
export const DESCRIPTION_COUNTER_MAX = 500;
export const DESCRIPTION_HARD_MAX = 5000;
export const ESTABLISHED_YEAR_MIN = 1800;
/** The logo types we accept: raster images only (SVG can carry scripts, so it is refused). */
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type LogoType = (typeof LOGO_TYPES)[number];

export const LOGO_MSG = {
  logoNotImage: 'Please upload an image file',
  logoTooBig: 'File size should be less than 5MB',
  logoSvg: 'SVG logos are not supported. Please upload a PNG, JPEG, GIF or WebP image',
} as const;

const requiredText = (message: string, max = 200) =>
  z.preprocess(
    (v) => (v == null ? '' : v),
    z
      .string({ error: message })
      .trim()
      .min(1, message)
      .max(max, `${message.replace(/ is required$/, '')} is too long`),
  );

const emailField = (requiredMessage: string) =>
  z.preprocess(
    (v) => (v == null ? '' : v),
    z
      .string({ error: requiredMessage })
      .trim()
      .min(1, requiredMessage)
      .max(254, 'Email is too long')
      .email('Please enter a valid email address')
      .transform((v) => v.toLowerCase()),
  );

/** Begins with http:// or https:// and contains a dot after it (spec §5). */
export const WEBSITE_RE = /^https?:\/\/\S*\.\S*$/i;
/** A LinkedIn company page: https://(www.|xx.)linkedin.com/company/<slug>[/] */
export const LINKEDIN_COMPANY_RE = /^https?:\/\/([a-z]{2,3}\.)?linkedin\.com\/company\/[A-Za-z0-9_%.-]+\/?$/i;

export function currentYear(now: Date = new Date()): number {
  return now.getFullYear();
}

const establishedYear = z.preprocess(
  (v) => {
    if (v == null) return undefined;
    if (typeof v === 'string') return v.trim() === '' ? undefined : Number(v.trim());
    return v;
  },
  z
    .number({
      error: (iss) => (iss.input === undefined ? 'Established year is required' : 'Please enter a valid year'),
    })
    .int('Please enter a valid year')
    .refine((y) => y >= ESTABLISHED_YEAR_MIN && y <= currentYear(), 'Please enter a valid year'),
);

export const ZCompanyStep1 = z.object({
  companyName: requiredText('Company name is required'),
  companyEmail: emailField('Company email is required'),
  website: z.preprocess(
    (v) => (v == null ? '' : v),
    z
      .string({ error: 'Website is required' })
      .trim()
      .min(1, 'Website is required')
      .max(500, 'Please enter a valid website URL')
      .regex(WEBSITE_RE, 'Please enter a valid website URL'),
  ),
  industry: z.enum(INDUSTRIES, { error: 'Please select an industry' }),
  companySize: z.enum(COMPANY_SIZES, { error: 'Please select company size' }),
  establishedYear,
});

export const ZCompanyStep2 = z.object({
  description: z.preprocess(
    (v) => (v == null ? '' : v),
    z
      .string({ error: 'Company description is required' })
      .trim()
      .min(1, 'Company description is required')
      .min(DESCRIPTION_MIN, `Description should be at least ${DESCRIPTION_MIN} characters`)
      .max(DESCRIPTION_HARD_MAX, `Description should be at most ${DESCRIPTION_HARD_MAX} characters`),
  ),
  linkedinUrl: z.preprocess(
    (v) => (v == null ? '' : typeof v === 'string' ? v.trim() : v),
    z.union(
      [z.literal(''), z.string().max(500).regex(LINKEDIN_COMPANY_RE, 'Please enter a valid LinkedIn company URL')],
      {
        error: 'Please enter a valid LinkedIn company URL',
      },
    ),
  ),
});

/** The one password rule (password.ts); kept under this name for the registration and invitation forms. */
export const ZStrongPassword = ZPassword;

export const ZCompanyStep3 = z.object({
  fullName: requiredText('Full name is required'),
  designation: requiredText('Designation is required'),
  adminEmail: emailField('Email is required'),
  password: ZStrongPassword,
  agreeToTerms: z.preprocess(
    (v) => v === true || v === 'true' || v === 'on',
    z.literal(true, { error: 'You must agree to the terms and conditions' }),
  ),
});

/** The whole registration form except the logo file (which travels as a file part or a data URL). */
export const ZRegisterCompany = ZCompanyStep1.extend(ZCompanyStep2.shape).extend(ZCompanyStep3.shape);
export type TRegisterCompany = z.infer<typeof ZRegisterCompany>;

export const REGISTRATION_STEPS = [ZCompanyStep1, ZCompanyStep2, ZCompanyStep3] as const;

/** Which wizard step (1..3) owns a field, so a server error is shown where the field is. */
export function stepOfField(field: string): 1 | 2 | 3 {
  if (field in ZCompanyStep1.shape) return 1;
  if (field in ZCompanyStep2.shape || field === 'companyLogo') return 2;
  return 3;
}

/** The client-side logo checks of §5 (type and size); the server also checks the bytes themselves. */
export function checkLogoFile(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith('image/')) return LOGO_MSG.logoNotImage;
  if (file.type === 'image/svg+xml') return LOGO_MSG.logoSvg;
  if (file.size >= LOGO_MAX_BYTES) return LOGO_MSG.logoTooBig;
  return null;
}

/** Spec §5: 1 point each for length ≥ 8, lowercase, uppercase, digit, special; ≤2 Weak, 3 Medium, >3 Strong. */
export function scorePassword(password: string): { score: number; label: 'Weak' | 'Medium' | 'Strong' } {
  let score = 0;
  if (password.length >= 8) score += 1;
  if (/[a-z]/.test(password)) score += 1;
  if (/[A-Z]/.test(password)) score += 1;
  if (/\d/.test(password)) score += 1;
  if (/[^A-Za-z0-9]/.test(password)) score += 1;
  return { score, label: score <= 2 ? 'Weak' : score === 3 ? 'Medium' : 'Strong' };
}

/** What the API returns for a company. */
export const ZCompany = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  website: z.string().nullable(),
  industry: z.string().nullable(),
  companySize: z.string().nullable(),
  establishedYear: z.number().nullable(),
  description: z.string().nullable(),
  linkedinUrl: z.string().nullable(),
  logoUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type TCompany = z.infer<typeof ZCompany>;

export const ZResendVerification = z.object({ email: emailField('Email is required') });
export const ZInviteColleague = z.object({
  email: emailField('Email is required'),
  role: z.enum(INVITABLE_ROLES, { error: 'Choose admin, recruiter or reviewer' }).default('recruiter'),
});
export const ZVerifyEmail = z.object({
  token: z.string({ error: 'The link is invalid' }).min(10, 'The link is invalid').max(200, 'The link is invalid'),
});

export const ZAcceptInvite = z.object({
  firstName: requiredText('First name is required', 100),
  lastName: requiredText('Last name is required', 100),
  password: ZStrongPassword,
});
export type TAcceptInvite = z.infer<typeof ZAcceptInvite>;
