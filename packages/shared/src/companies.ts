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

/** Begins with http:// or https:// and has a dot in the host (after normaliseUrl added a missing scheme). */
export const WEBSITE_RE = /^https?:\/\/[^\s/]*\.[^\s]*$/i;
/** A LinkedIn company page: https://(www.|xx.)linkedin.com/company/<slug>[/] */
export const LINKEDIN_COMPANY_RE = /^https?:\/\/([a-z]{2,3}\.)?linkedin\.com\/company\/[A-Za-z0-9_%.-]+\/?$/i;

export function currentYear(now: Date = new Date()): number {
  return now.getFullYear();
}

/** 'acme.example' → 'https://acme.example': people type addresses without the scheme (issue 26). */
export function normaliseUrl(value: unknown): unknown {
  if (typeof value !== 'string') return value == null ? '' : value;
  const v = value.trim();
  if (v === '' || /^[a-z][a-z0-9+.-]*:\/\//i.test(v)) return v;
  return `https://${v.replace(/^\/+/, '')}`;
}

const WEBSITE_MSG = 'Please enter a valid website URL';
const LINKEDIN_MSG = 'Please enter a valid LinkedIn company URL';

/** An optional text: missing, null and blanks are ''. */
const optionalText = (max: number, tooLong: string) =>
  z.preprocess((v) => (v == null ? '' : typeof v === 'string' ? v.trim() : v), z.string().max(max, tooLong));

/** An optional choice among `options`; '' means not given. */
const optionalChoice = <T extends readonly [string, ...string[]]>(options: T, message: string) =>
  z.preprocess(
    (v) => (v == null ? '' : typeof v === 'string' ? v.trim() : v),
    z.union([z.literal(''), z.enum(options)], { error: message }),
  );

const establishedYear = z.preprocess(
  (v) => {
    if (v == null) return undefined;
    if (typeof v === 'string') return v.trim() === '' ? undefined : Number(v.trim());
    return v;
  },
  z
    .number({ error: 'Please enter a valid year' })
    .int('Please enter a valid year')
    .refine((y) => y >= ESTABLISHED_YEAR_MIN && y <= currentYear(), 'Please enter a valid year')
    .optional(),
);

/** The one password rule (password.ts); kept under this name for the registration and invitation forms. */
export const ZStrongPassword = ZPassword;

/**
 * Company sign-up in one step (issue 26): the company's name, the work email and a password are all it takes.
 * The profile (website, industry, size, year, description, LinkedIn, logo) is optional and can follow later;
 * URLs typed without a scheme are given https://. The company's email defaults to the work email.
 */
export const ZRegisterCompany = z.object({
  companyName: requiredText('Company name is required'),
  adminEmail: emailField('Work email is required'),
  password: ZStrongPassword,
  fullName: optionalText(200, 'Full name is too long'),
  designation: optionalText(200, 'Designation is too long'),
  companyEmail: z.preprocess(
    (v) => (v == null ? '' : typeof v === 'string' ? v.trim() : v),
    z.union([z.literal(''), emailField('Company email is required')], { error: 'Please enter a valid email address' }),
  ),
  website: z.preprocess(
    normaliseUrl,
    z.union([z.literal(''), z.string().max(500, WEBSITE_MSG).regex(WEBSITE_RE, WEBSITE_MSG)], { error: WEBSITE_MSG }),
  ),
  industry: optionalChoice(INDUSTRIES, 'Please select an industry'),
  companySize: optionalChoice(COMPANY_SIZES, 'Please select company size'),
  establishedYear,
  description: optionalText(DESCRIPTION_HARD_MAX, `Description should be at most ${DESCRIPTION_HARD_MAX} characters`),
  linkedinUrl: z.preprocess(
    normaliseUrl,
    z.union([z.literal(''), z.string().max(500, LINKEDIN_MSG).regex(LINKEDIN_COMPANY_RE, LINKEDIN_MSG)], {
      error: LINKEDIN_MSG,
    }),
  ),
});
export type TRegisterCompany = z.infer<typeof ZRegisterCompany>;

/**
 * PUT /api/companies/me (owners and admins, issue 26): the profile sign-up left for later, and the company's
 * settings. The whole profile each time (a field left out or blank is cleared), URLs normalised as at sign-up.
 */
export const ZCompanyProfileUpdate = ZRegisterCompany.pick({
  website: true,
  industry: true,
  companySize: true,
  establishedYear: true,
  description: true,
  linkedinUrl: true,
}).extend({
  companyName: requiredText('Company name is required'),
  /** Candidates see their score (marks) on the result page and in every answer to them. */
  showCandidateScore: z.boolean({ error: 'Choose whether candidates see their score' }),
});
export type TCompanyProfileUpdate = z.infer<typeof ZCompanyProfileUpdate>;

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
  /** Candidates see their score when they finish (issue 26). */
  showCandidateScore: z.boolean(),
  createdAt: z.string(),
});
export type TCompany = z.infer<typeof ZCompany>;

/**
 * PUT /api/companies/me/reviewer-access (owners and admins, issue 42): whether the company's reviewers read hidden
 * test cases (inputs, expected outputs) and model solutions. Off by default.
 */
export const ZReviewerAccessUpdate = z.object({
  reviewersSeeHidden: z.boolean({ error: 'Choose whether reviewers see hidden cases and model solutions' }),
});
export type TReviewerAccessUpdate = z.infer<typeof ZReviewerAccessUpdate>;
/** GET/PUT /api/companies/me/reviewer-access: the setting, and whether the caller reads hidden data. */
export const ZReviewerAccess = ZReviewerAccessUpdate.extend({ youSeeHidden: z.boolean() });
export type TReviewerAccess = z.infer<typeof ZReviewerAccess>;

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
