/** ATS connectors (issue 45): the settings an owner or admin saves, what the settings page shows, the delivery log. */
import { z } from 'zod';

export const ATS_VENDORS = ['greenhouse', 'lever', 'ashby', 'workable'] as const;
export const ZAtsVendor = z.enum(ATS_VENDORS);
export type TAtsVendor = z.infer<typeof ZAtsVendor>;

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

/**
 * Saving a connection. Secrets left out keep their stored value; `rotateKey` makes a new inbound key (the one the
 * ATS calls Assessly with: Greenhouse, Ashby, Workable), shown once in the answer.
 */
export const ZSaveAtsConnection = z
  .object({
    enabled: z.boolean().default(true),
    /** What Assessly calls the ATS with: Lever's or Ashby's API key, the access token Workable generated. */
    apiKey: z.string().trim().min(1).max(500).optional(),
    /** Lever: the webhook signature token (Settings → Integrations and API → Webhooks). */
    signingToken: z.string().trim().min(1).max(500).optional(),
    /** The vendor's API base (Lever's EU region: https://api.eu.lever.co/v1); empty = the vendor's default. */
    apiBaseUrl: z
      .string()
      .trim()
      .url()
      .max(300)
      .refine((u) => /^https?:\/\//i.test(u), 'Use an http(s) URL')
      .nullable()
      .optional(),
    /** Lever: the test sent when an opportunity enters `triggerStageId`. */
    testId: z.string().uuid().nullable().optional(),
    triggerStageId: optionalText(100),
    /** Lever: the Lever user the note is written as (perform_as). */
    performAs: optionalText(100),
    /** Lever: the stage a completed candidate moves to (optional). */
    moveToStageId: optionalText(100),
    rotateKey: z.boolean().optional(),
  })
  .strict();
export type TSaveAtsConnection = z.infer<typeof ZSaveAtsConnection>;

export const ZAtsConnection = z.object({
  vendor: ZAtsVendor,
  enabled: z.boolean(),
  /** The base URL the ATS is given (its own endpoints below it). */
  endpointUrl: z.string(),
  hasInboundKey: z.boolean(),
  hasApiKey: z.boolean(),
  hasSigningToken: z.boolean(),
  apiBaseUrl: z.string().nullable(),
  testId: z.string().nullable(),
  triggerStageId: z.string().nullable(),
  performAs: z.string().nullable(),
  moveToStageId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TAtsConnection = z.infer<typeof ZAtsConnection>;

/** The answer to a save: the connection, and the inbound key when one was made (this answer only). */
export const ZAtsConnectionSaved = ZAtsConnection.extend({ inboundKey: z.string().nullable() });
export type TAtsConnectionSaved = z.infer<typeof ZAtsConnectionSaved>;

export const ZAtsDelivery = z.object({
  id: z.string(),
  vendor: ZAtsVendor,
  kind: z.string(),
  orderId: z.string(),
  email: z.string(),
  method: z.string(),
  url: z.string(),
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
export type TAtsDelivery = z.infer<typeof ZAtsDelivery>;
