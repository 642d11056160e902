import { z } from 'zod';

/** Scopes an API token can hold (issue 14). A token may call only the routes of its scopes. */
export const API_TOKEN_SCOPES = ['tests:read', 'invitations:write', 'results:read'] as const;
export type TApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

export const ZCreateApiToken = z.object({
  name: z.string().trim().min(1, 'Name is required').max(100, 'Name is at most 100 characters'),
  scopes: z
    .array(z.enum(API_TOKEN_SCOPES, { message: `Scopes are ${API_TOKEN_SCOPES.join(', ')}` }))
    .min(1, 'Pick at least one scope')
    .max(API_TOKEN_SCOPES.length),
});
export type TCreateApiToken = z.infer<typeof ZCreateApiToken>;

/** Events a webhook can subscribe to. */
export const WEBHOOK_EVENTS = [
  'attempt.started',
  'attempt.completed',
  // a released result changed: a written answer was graded again (issue 25)
  'attempt.regraded',
  'invitation.accepted',
  'candidate.status_changed',
  'interview.completed',
] as const;
export type TWebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const ZCreateWebhook = z.object({
  url: z
    .string()
    .trim()
    .max(2000, 'URL is at most 2000 characters')
    .url('Enter a valid URL')
    .refine((u) => /^https?:\/\//i.test(u), 'The URL must start with http:// or https://'),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { message: `Events are ${WEBHOOK_EVENTS.join(', ')}` }))
    .min(1, 'Pick at least one event')
    .max(WEBHOOK_EVENTS.length),
});
export type TCreateWebhook = z.infer<typeof ZCreateWebhook>;

export const ZAuditQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
  action: z.string().trim().max(100).optional(),
});

const days = z.number().int('Whole days').min(1, 'At least 1 day').max(3650, 'At most 3650 days').nullable();
/** Days after a test closes before each kind of data is purged; null keeps it. */
export const ZRetention = z.object({ framesDays: days, codeDays: days, personalDays: days });
export type TRetention = z.infer<typeof ZRetention>;

const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
/** A company's OpenID Connect provider. The secret may be left out on edits to keep the stored one. */
export const ZSsoSettings = z.object({
  issuer: z
    .string()
    .trim()
    .max(500)
    .url('Enter the issuer URL')
    .refine((u) => /^https?:\/\//i.test(u), 'The issuer must be an http(s) URL'),
  clientId: z.string().trim().min(1, 'Client id is required').max(500),
  clientSecret: z.string().min(1).max(2000).optional(),
  emailDomain: z.string().trim().toLowerCase().regex(DOMAIN, 'Enter a domain such as example.com'),
  defaultRole: z.enum(['admin', 'recruiter', 'reviewer']).default('recruiter'),
  enabled: z.boolean().default(true),
  /** The owner's own password, entered again: a stolen session alone cannot redirect the company's sign-in. */
  currentPassword: z.string().min(1, 'Enter your password').max(200),
});
export type TSsoSettings = z.infer<typeof ZSsoSettings>;

/**
 * Issue 45: the company's SAML 2.0 identity provider, by its metadata: a URL the server reads, or the XML itself
 * (uploaded). Exactly one of the two; the same domain, role and password rules as OIDC.
 */
export const ZSamlSettings = z
  .object({
    metadataUrl: z
      .string()
      .trim()
      .max(1000)
      .url('Enter the metadata URL')
      .refine((u) => /^https?:\/\//i.test(u), 'The metadata URL must be an http(s) URL')
      .optional(),
    metadataXml: z
      .string()
      .max(256 * 1024, 'The metadata is larger than 256 KB')
      .optional(),
    emailDomain: z.string().trim().toLowerCase().regex(DOMAIN, 'Enter a domain such as example.com'),
    defaultRole: z.enum(['admin', 'recruiter', 'reviewer']).default('recruiter'),
    enabled: z.boolean().default(true),
    currentPassword: z.string().min(1, 'Enter your password').max(200),
  })
  .refine((v) => (v.metadataUrl ? 1 : 0) + (v.metadataXml?.trim() ? 1 : 0) === 1, {
    message: 'Give the metadata URL or upload the metadata file (one of the two)',
    path: ['metadataUrl'],
  });
export type TSamlSettings = z.infer<typeof ZSamlSettings>;
