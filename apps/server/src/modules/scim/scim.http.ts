/** The HTTP side of /scim/v2: the bearer token, SCIM answers and errors, ETag preconditions, list queries. */
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { scimTokens } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { hashToken } from '../../lib/tokens';
import type { ScimContext } from './scim.context';
import { MAX_RESULTS } from './scim.discovery';
import { SCIM_CONTENT_TYPE, ScimError, scimErrorBody } from './scim.errors';
import { type FilterTerm, parseFilter } from './scim.filter';

/** SCIM tokens start with this (a leaked one is recognisable by secret scanners). */
export const SCIM_TOKEN_PREFIX = 'asly_scim_';
const LAST_USE_RESOLUTION_MS = 60_000;
export const LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';

declare module 'fastify' {
  interface FastifyRequest {
    scim: ScimContext | null;
  }
}

/** The company of a live SCIM token, or null. */
async function companyOfToken(deps: AppDeps, token: string): Promise<string | null> {
  if (!token.startsWith(SCIM_TOKEN_PREFIX) || token.length > 200) return null;
  const [row] = await deps.db
    .select({ companyId: scimTokens.companyId })
    .from(scimTokens)
    .where(eq(scimTokens.tokenHash, hashToken(token)))
    .limit(1);
  if (!row) return null;
  const now = deps.clock.now();
  await deps.db
    .update(scimTokens)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(scimTokens.companyId, row.companyId),
        or(isNull(scimTokens.lastUsedAt), lt(scimTokens.lastUsedAt, new Date(now.getTime() - LAST_USE_RESOLUTION_MS))),
      ),
    );
  return row.companyId;
}

/** Installs the scope's body parser, bearer check, error and not-found answers (inside the /scim/v2 prefix). */
export function installScimHttp(scope: FastifyInstance, deps: AppDeps): void {
  scope.decorateRequest('scim', null);
  scope.addContentTypeParser('application/scim+json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new ScimError(400, 'The request body is not valid JSON', 'invalidSyntax'), undefined);
    }
  });
  scope.addHook('onRequest', async (req) => {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
    const companyId = m ? await companyOfToken(deps, m[1]!) : null;
    if (!companyId) throw new ScimError(401, 'A valid SCIM bearer token is required');
    req.scim = {
      db: deps.db,
      clock: deps.clock,
      companyId,
      baseUrl: `${deps.config.publicUrl}/scim/v2`,
      ip: req.ip,
    };
  });
  scope.setErrorHandler((err: FastifyError | AppError | ScimError | ZodError, req, reply) => {
    const body = errorBodyOf(err, req);
    if (body.status === '401') reply.header('www-authenticate', 'Bearer realm="SCIM"');
    reply.status(Number(body.status)).type(SCIM_CONTENT_TYPE).send(body);
  });
  scope.setNotFoundHandler((req, reply) => {
    reply
      .status(404)
      .type(SCIM_CONTENT_TYPE)
      .send(scimErrorBody(404, `No SCIM endpoint ${req.method} ${req.url.split('?')[0]}`));
  });
}

function errorBodyOf(err: FastifyError | AppError | ScimError | ZodError, req: FastifyRequest) {
  if (err instanceof ScimError) return scimErrorBody(err.status, err.message, err.scimType);
  if (err instanceof AppError) return scimErrorBody(err.status, err.message);
  if (err instanceof ZodError) return scimErrorBody(400, 'Invalid input', 'invalidValue');
  if (err.statusCode === 413 || err.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
    return scimErrorBody(413, 'The request is too large');
  if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError)
    return scimErrorBody(400, 'The request body is not valid JSON', 'invalidSyntax');
  if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
    return scimErrorBody(415, 'Send application/scim+json or application/json');
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500)
    return scimErrorBody(err.statusCode, err.message);
  req.log.error({ err }, 'unhandled SCIM error');
  return scimErrorBody(500, 'Something went wrong on our side');
}

export function scimOf(req: FastifyRequest): ScimContext {
  if (!req.scim) throw new ScimError(401, 'A valid SCIM bearer token is required');
  return req.scim;
}

/** Sends a resource: SCIM content type, its ETag, and Location on a 201. */
export function sendResource(
  reply: FastifyReply,
  status: number,
  resource: { meta?: { version?: string; location: string } },
) {
  reply.status(status).type(SCIM_CONTENT_TYPE);
  if (resource.meta?.version) reply.header('etag', resource.meta.version);
  if (status === 201 && resource.meta) reply.header('location', resource.meta.location);
  return reply.send(resource);
}

/** If-Match (RFC 7644 §3.14): a version other than the current one is a 412 and nothing changes. */
export function checkIfMatch(req: FastifyRequest, version: string): void {
  const header = req.headers['if-match'];
  if (!header) return;
  const wanted = String(header)
    .split(',')
    .map((v) => v.trim());
  const bare = (v: string) => v.replace(/^W\//, '');
  if (wanted.includes('*') || wanted.some((v) => bare(v) === bare(version))) return;
  throw new ScimError(412, `The resource has changed: its version is now ${version}`);
}

/** If-None-Match on a read: true when the client's copy is current (answer 304). */
export function notModified(req: FastifyRequest, version: string): boolean {
  const header = req.headers['if-none-match'];
  return (
    !!header &&
    String(header)
      .split(',')
      .some((v) => v.trim() === version || v.trim() === '*')
  );
}

function intParam(raw: unknown, name: string, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n)) throw new ScimError(400, `${name} must be an integer`, 'invalidValue');
  return n;
}

export interface ListQuery {
  terms: FilterTerm[];
  startIndex: number;
  count: number;
  attributes: string[] | null;
  excluded: string[];
}

/** filter, startIndex (1-based; below 1 counts as 1), count (0..200; more counts as 200), attributes (RFC 7644 §3.4.2). */
export function readListQuery(req: FastifyRequest, allowed: readonly string[]): ListQuery {
  const q = req.query as Record<string, unknown>;
  const filter = typeof q.filter === 'string' && q.filter.trim() !== '' ? q.filter : null;
  return {
    terms: filter ? parseFilter(filter, allowed) : [],
    startIndex: Math.max(1, intParam(q.startIndex, 'startIndex', 1)),
    count: Math.min(MAX_RESULTS, Math.max(0, intParam(q.count, 'count', 100))),
    ...readProjection(req),
  };
}

const names = (raw: unknown) =>
  typeof raw === 'string' && raw.trim() !== ''
    ? raw.split(',').map((a) =>
        a
          .trim()
          .replace(/^urn:ietf:params:scim:schemas:core:2\.0:(User|Group):/i, '')
          .split('.')[0]!
          .toLowerCase(),
      )
    : null;

export function readProjection(req: FastifyRequest): Pick<ListQuery, 'attributes' | 'excluded'> {
  const q = req.query as Record<string, unknown>;
  return { attributes: names(q.attributes), excluded: names(q.excludedAttributes) ?? [] };
}

/** attributes / excludedAttributes over top-level attributes; schemas and id are always returned. */
export function project<T extends Record<string, unknown>>(
  resource: T,
  p: Pick<ListQuery, 'attributes' | 'excluded'>,
): T {
  const keep = (key: string) => {
    const k = key.toLowerCase();
    if (k === 'schemas' || k === 'id') return true;
    if (p.attributes) return p.attributes.includes(k);
    return !p.excluded.includes(k);
  };
  return Object.fromEntries(Object.entries(resource).filter(([k]) => keep(k))) as T;
}

export function listResponse<T>(resources: T[], total: number, startIndex: number) {
  return {
    schemas: [LIST_SCHEMA],
    totalResults: total,
    itemsPerPage: resources.length,
    startIndex,
    Resources: resources,
  };
}
