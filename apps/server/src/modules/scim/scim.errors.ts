/**
 * SCIM error answers (RFC 7644 §3.12): `{ schemas: [Error], status: "404", scimType?, detail }`, status as a JSON
 * string, sent as application/scim+json. Every failure under /scim/v2 (ours, a zod refusal, Fastify's own 4xx)
 * leaves in this shape.
 */
export const SCIM_CONTENT_TYPE = 'application/scim+json; charset=utf-8';
export const SCIM_ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

/** The scimType values of RFC 7644 §3.12 Table 9 that this server answers. */
export type ScimType =
  | 'invalidFilter'
  | 'uniqueness'
  | 'mutability'
  | 'invalidSyntax'
  | 'invalidPath'
  | 'noTarget'
  | 'invalidValue'
  | 'invalidVers'
  | 'tooMany';

export class ScimError extends Error {
  constructor(
    readonly status: number,
    detail: string,
    readonly scimType?: ScimType,
  ) {
    super(detail);
  }
}

export interface ScimErrorBody {
  schemas: [typeof SCIM_ERROR_SCHEMA];
  status: string;
  scimType?: ScimType;
  detail: string;
}

export function scimErrorBody(status: number, detail: string, scimType?: ScimType): ScimErrorBody {
  return { schemas: [SCIM_ERROR_SCHEMA], status: String(status), ...(scimType ? { scimType } : {}), detail };
}

export const notFound = (what: string, id: string) => new ScimError(404, `${what} ${id} not found`);
export const invalidValue = (detail: string) => new ScimError(400, detail, 'invalidValue');
export const mutability = (detail: string) => new ScimError(400, detail, 'mutability');
/** The owner role is given and taken only by an owner, in Assessly (issue 45: SCIM never makes or removes one). */
export const ownerIsManual = () =>
  mutability('The owner role is managed in Assessly only: SCIM can neither grant it nor change an owner');
