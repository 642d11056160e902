/** Response schemas of /scim/v2 (the serializer strips what they do not name, as on every route). */
import { z } from 'zod';

const ZMeta = z.object({
  resourceType: z.string(),
  created: z.string().optional(),
  lastModified: z.string().optional(),
  location: z.string(),
  version: z.string().optional(),
});

export const ZScimUser = z.object({
  schemas: z.array(z.string()),
  id: z.string(),
  externalId: z.string().optional(),
  userName: z.string().optional(),
  name: z.object({ givenName: z.string(), familyName: z.string(), formatted: z.string() }).optional(),
  displayName: z.string().optional(),
  emails: z.array(z.object({ value: z.string(), type: z.string(), primary: z.boolean() })).optional(),
  active: z.boolean().optional(),
  groups: z.array(z.object({ value: z.string(), display: z.string(), $ref: z.string(), type: z.string() })).optional(),
  meta: ZMeta.optional(),
});

export const ZScimGroup = z.object({
  schemas: z.array(z.string()),
  id: z.string(),
  displayName: z.string().optional(),
  members: z.array(z.object({ value: z.string(), display: z.string(), $ref: z.string(), type: z.string() })).optional(),
  meta: ZMeta.optional(),
});

const list = <T extends z.ZodType>(item: T) =>
  z.object({
    schemas: z.array(z.string()),
    totalResults: z.number(),
    itemsPerPage: z.number(),
    startIndex: z.number(),
    Resources: z.array(item),
  });

export const ZScimUserList = list(ZScimUser);
export const ZScimGroupList = list(ZScimGroup);
/** The discovery documents are fixed text of this server (scim.discovery.ts): kept whole. */
export const ZScimDocument = z.looseObject({ schemas: z.array(z.string()) });
export const ZScimDocumentList = list(ZScimDocument);
