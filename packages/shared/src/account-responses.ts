import { z } from 'zod';
import { ZCompany } from './companies';
import { COMPANY_ROLES, INVITABLE_ROLES } from './team';
import { ZUser } from './users';

/**
 * Response shapes of the account and company-administration routes (users, companies, health, API tokens,
 * webhooks, SSO, erasure, audit). The server's route schemas send exactly these keys; dates are ISO text.
 */

/** `{ ok: true }` answers; some carry a message for the page. */
export const ZOk = z.object({ ok: z.literal(true) });
export const ZOkMessage = ZOk.extend({ message: z.string() });
/** Sign-up's answer: the same for a new and an already-registered address (no account id, no company). */
export const ZSignupResult = ZOkMessage.extend({ email: z.string(), role: z.enum(['candidate', 'employer']) });
export type TSignupResult = z.infer<typeof ZSignupResult>;

export const ZApiToken = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(z.string()),
  createdAt: z.string(),
  createdBy: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type TApiToken = z.infer<typeof ZApiToken>;
/** The answer to creating a token: the secret is in this answer only. */
export const ZCreatedApiToken = ZApiToken.extend({ token: z.string() });
export type TCreatedApiToken = z.infer<typeof ZCreatedApiToken>;

export const ZWebhook = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  active: z.boolean(),
  createdAt: z.string(),
});
export type TWebhook = z.infer<typeof ZWebhook>;
/** The answer to adding a webhook: the signing secret is in this answer only. */
export const ZCreatedWebhook = ZWebhook.extend({ secret: z.string() });
export type TCreatedWebhook = z.infer<typeof ZCreatedWebhook>;

export const ZWebhookDelivery = z.object({
  id: z.string(),
  event: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number(),
  nextAttemptAt: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  responseStatus: z.number().nullable(),
  responseBody: z.string().nullable(),
  error: z.string().nullable(),
  body: z.string(),
  createdAt: z.string(),
});
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;

export const ZAuditEntry = z.object({
  id: z.string(),
  action: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  targetType: z.string(),
  targetId: z.string(),
  ip: z.string(),
  detail: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

export const ZAuditPage = z.object({
  entries: z.array(ZAuditEntry),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
});
export type TAuditPage = z.infer<typeof ZAuditPage>;

/** The company's OpenID Connect provider as its admins read it (the secret never leaves the server). */
export const ZSsoConnection = z.object({
  companyId: z.string(),
  emailDomain: z.string(),
  issuer: z.string(),
  clientId: z.string(),
  defaultRole: z.enum(['admin', 'recruiter', 'reviewer']),
  enabled: z.boolean(),
  hasSecret: z.boolean(),
  updatedAt: z.string(),
  /** The DNS TXT record that proves the domain: publish `domainRecordValue` at `domainRecordName`. */
  domainRecordName: z.string(),
  domainRecordValue: z.string(),
  domainVerified: z.boolean(),
  /** Issue 45: which protocol signs the company's members in; the SAML side when one is set. */
  protocol: z.enum(['oidc', 'saml']),
  saml: z
    .object({
      spEntityId: z.string(),
      acsUrl: z.string(),
      spMetadataUrl: z.string(),
      idpEntityId: z.string(),
      idpSsoUrl: z.string(),
      idpCertCount: z.number(),
      metadataUrl: z.string().nullable(),
    })
    .nullable(),
});
export type TSsoConnection = z.infer<typeof ZSsoConnection>;
/** GET /api/auth/sso/discover. */
export const ZSsoDiscovery = z.object({
  sso: z.boolean(),
  startUrl: z.string().optional(),
  protocol: z.enum(['oidc', 'saml']).optional(),
});
export type TSsoDiscovery = z.infer<typeof ZSsoDiscovery>;

/** Retention settings as stored (days after a test closes; null keeps). */
export const ZRetentionSettings = z.object({
  framesDays: z.number().nullable(),
  codeDays: z.number().nullable(),
  personalDays: z.number().nullable(),
});
/** DELETE /api/companies/candidates/:userId/data. */
export const ZCandidateErased = ZOk.extend({ attempts: z.number(), interviews: z.number() });

const rows = z.array(z.record(z.string(), z.unknown()));
/** GET /api/users/me/export: the sections of the download (their rows as the server lists them). */
export const ZMyDataExport = z.object({
  exportedAt: z.string(),
  profile: z.record(z.string(), z.unknown()),
  attempts: rows,
  submissions: rows,
  drafts: rows,
  proctoringEvents: rows,
  faceEnrollments: rows,
  invitations: rows,
  /** Code playback (issue 29): each recorded editor stream with its edits. */
  editRecordings: rows,
  /** Live interviews held with the verified address: times and the shared code (not the interviewers' notes). */
  interviews: rows,
  /** Each Run of the code during a test: when, in which language, its verdict (the code is in the recording). */
  codeRuns: rows,
  /** Issue 44: questions to the test's AI assistant with their answers, and authorship follow-ups. */
  aiExchanges: rows,
  aiFollowUps: rows,
  /** Issue 46: the candidate's accommodation requests (what was asked, why, and the decision). */
  accommodationRequests: rows,
});

/**
 * GET /api/health: `{ status }` for anyone; the details (database, mail, judge, face and any other part the
 * server reports) for owners, admins and HEALTH_TOKEN.
 */
export const ZHealth = z
  .object({
    status: z.enum(['ok', 'degraded']),
    database: z.object({ mode: z.string(), state: z.enum(['ok', 'error']) }).optional(),
    mail: z.string().optional(),
    judge: z.unknown().optional(),
    face: z.unknown().optional(),
  })
  .catchall(z.unknown());
export type THealth = z.infer<typeof ZHealth>;

/** POST /api/users/verify-email (and its alias under /api/companies). */
export const ZEmailVerified = ZOkMessage.extend({ email: z.string() });
/** A resend of the verification email, with the truth about the cooldown. */
export const ZResendResult = ZOk.extend({
  sent: z.boolean(),
  message: z.string(),
  /** Seconds until another email can be sent, when a cooldown held this one back. */
  retryAfterSeconds: z.number().optional(),
});
export type TResendResult = z.infer<typeof ZResendResult>;

export const ZCompanyMember = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  designation: z.string(),
  companyRole: z.enum(COMPANY_ROLES).nullable(),
  emailVerified: z.boolean(),
});
export type TCompanyMember = z.infer<typeof ZCompanyMember>;

export const ZCompanyInvite = z.object({
  /** Identifies the invitation for revoking (DELETE /api/companies/invitations/{id}); not the link's token. */
  id: z.string().optional(),
  role: z.enum(INVITABLE_ROLES).optional(),
  email: z.string(),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type TCompanyInvite = z.infer<typeof ZCompanyInvite>;

/** GET /api/companies/me */
export const ZMyCompany = z.object({
  company: ZCompany,
  members: z.array(ZCompanyMember),
  /** Pending invitations; listed for company admins only (empty for recruiters). */
  invitations: z.array(ZCompanyInvite),
  /** Owner or admin: may manage members and settings. */
  isAdmin: z.boolean(),
  /** The caller's own role. */
  myRole: z.enum(COMPANY_ROLES).optional(),
});
export type TMyCompany = z.infer<typeof ZMyCompany>;

/** GET /api/companies/invitations/{token} */
export const ZInviteInfo = z.object({
  companyName: z.string(),
  email: z.string(),
  expiresAt: z.string(),
  /** The role the new account gets (issue 46: the join page named every invitation "recruiter"). */
  role: z.enum(['admin', 'recruiter', 'reviewer']),
});
export type TInviteInfo = z.infer<typeof ZInviteInfo>;

/** POST /api/register-company: the new company and its signed-in admin. */
/** POST /api/register-company: the same for a new and a taken address (issue 23); the page signs in next. */
export const ZCompanyRegistered = z.object({ ok: z.literal(true), email: z.string(), message: z.string() });
