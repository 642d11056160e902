import { z } from 'zod';

/** The company's SCIM provisioning settings (issue 45): where the provider calls, and whether a token is live. */
export const ZScimSettings = z.object({
  baseUrl: z.string(),
  hasToken: z.boolean(),
  createdAt: z.string().nullable(),
  createdBy: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});
export type TScimSettings = z.infer<typeof ZScimSettings>;

/** A new (or rotated) SCIM token: the secret is in this answer only. */
export const ZScimTokenCreated = ZScimSettings.extend({ token: z.string() });
export type TScimTokenCreated = z.infer<typeof ZScimTokenCreated>;
