/**
 * The HTTP side of the doors an ATS calls (issue 45), one Fastify scope per vendor under /ats/<vendor>: the
 * vendor's authentication (Greenhouse and Ashby: HTTP Basic with our key as the user name; Workable: Bearer), and
 * every refusal in the vendor's error shape. A wrong key, an unknown test or a malformed body changes nothing.
 */
import type { TAtsVendor } from '@assessly/shared';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AtsConnectionRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { hashToken } from '../../lib/tokens';
import { connectionOfKey } from './ats.connections';
import { AtsRefusal } from './ats.orders';

declare module 'fastify' {
  interface FastifyRequest {
    ats: AtsConnectionRow | null;
  }
}

/** Orders a minute per ATS key (or Lever webhook URL): each may mail a stranger, as an invitation does. */
export const ATS_ORDER_LIMIT = 120;

/** Route config of the doors that place orders: the limit keyed by the credential, not the caller's address. */
export const atsOrderLimit = {
  rateLimit: {
    max: ATS_ORDER_LIMIT,
    timeWindow: '1 minute',
    keyGenerator: (req: FastifyRequest) => `ats:${hashToken(req.headers.authorization ?? req.url.split('?')[0]!)}`,
  },
};

/** The largest body an ATS sends us (a candidate and a few ids). */
export const ATS_BODY_LIMIT = 64 * 1024;

/** The user name of `Authorization: Basic base64(user:password)`, or null. */
export function basicUser(header: string | undefined): string | null {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!m) return null;
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? decoded : decoded.slice(0, colon);
}

export function bearer(header: string | undefined): string | null {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return m ? m[1]! : null;
}

export interface VendorHttp {
  vendor: TAtsVendor;
  /** The key the request carries, or null (absent: the routes authenticate themselves, as Lever's signed webhook). */
  keyOf?: (req: FastifyRequest) => string | null;
  /** The vendor's error body. */
  errorBody(status: number, message: string): Record<string, unknown>;
  /** Extra headers on a 401 (Basic realm). */
  challenge?: string;
}

/** Installs the vendor's key check, error answers and not-found answer inside its scope. */
export function installVendorHttp(scope: FastifyInstance, deps: AppDeps, v: VendorHttp): void {
  scope.decorateRequest('ats', null);
  const keyOf = v.keyOf;
  if (keyOf)
    scope.addHook('onRequest', async (req) => {
      const key = keyOf(req);
      const conn = key ? await connectionOfKey(deps.db, v.vendor, key) : null;
      if (!conn) throw new AtsRefusal(401, 'Invalid API key');
      req.ats = conn;
    });
  scope.setErrorHandler((err: FastifyError | AppError | AtsRefusal, req, reply) => {
    const { status, message } = statusOf(err, req);
    if (status === 401 && v.challenge) reply.header('www-authenticate', v.challenge);
    reply.status(status).send(v.errorBody(status, message));
  });
  scope.setNotFoundHandler((req, reply) => {
    reply.status(404).send(v.errorBody(404, `No endpoint ${req.method} ${req.url.split('?')[0]}`));
  });
}

function statusOf(err: FastifyError | AppError | AtsRefusal, req: FastifyRequest) {
  if (err instanceof AtsRefusal) return { status: err.status, message: err.message };
  if (err instanceof AppError) return { status: err.status, message: err.message };
  if (err.statusCode === 413 || err.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
    return { status: 413, message: 'The request is too large' };
  if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError)
    return { status: 400, message: 'The request body is not valid JSON' };
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500)
    return { status: err.statusCode, message: err.message };
  req.log.error({ err }, 'unhandled ATS error');
  return { status: 500, message: 'Something went wrong on our side' };
}

export function connectionOf(req: FastifyRequest): AtsConnectionRow {
  if (!req.ats) throw new AtsRefusal(401, 'Invalid API key');
  return req.ats;
}

/** Parses a body with a zod schema; a mismatch is a 400 naming the first problem. */
export function readBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const r = schema.safeParse(body ?? {});
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  throw new AtsRefusal(400, issue ? `${issue.path.map(String).join('.') || 'body'}: ${issue.message}` : 'Invalid body');
}

/**
 * A callback URL an ATS gives must be on the vendor's own domain (https): the result we send there carries a
 * credential (Greenhouse: our key; Workable: the token Workable issued), so a leaked inbound key must not be able to
 * send it elsewhere. `anyHost` (WEBHOOK_ALLOW_PRIVATE=1: tests, on-premises) lifts the rule.
 */
export function requireVendorCallback(url: string, domain: string, anyHost: boolean): void {
  if (anyHost) return;
  let host = '';
  let https = false;
  try {
    const u = new URL(url);
    host = u.hostname.toLowerCase();
    https = u.protocol === 'https:';
  } catch {
    // refused below
  }
  if (!https || (host !== domain && !host.endsWith(`.${domain}`)))
    throw new AtsRefusal(400, `The callback url must be an https url on ${domain}`);
}
