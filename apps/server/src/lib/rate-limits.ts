/**
 * Per-user rate limits for calls that are cheap to make and costly to answer (emails sent, code run).
 * Keyed by the signed-in user (signing in again must not reset the count; a whole test centre or office may
 * share one address), else by the session cookie, else by the client address.
 */
import type { FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from './auth';
import { hashToken } from './tokens';

export function sessionKey(req: FastifyRequest): string {
  // The session lookup (lib/auth.ts) is an app-level onRequest hook, so it has run before route-level limits.
  if (req.user) return `u:${req.user.id}`;
  const token = req.cookies[SESSION_COOKIE];
  return token ? `s:${hashToken(token)}` : `ip:${req.ip}`;
}

/** Route config: at most `max` calls a minute per user. */
export function perSessionLimit(max: number) {
  return { rateLimit: { max, timeWindow: '1 minute', keyGenerator: sessionKey } };
}

/** Calls that send email to addresses the caller chooses (invitations, resends, colleague invites). */
export const MAIL_SENDING_LIMIT = 30;
/** Runs of candidate code against the examples (each occupies a judge slot). */
export const RUN_LIMIT = 60;
/** Draft saves: the page saves 800 ms after typing stops (at most ~75 a minute); room for two tabs. */
export const DRAFT_LIMIT = 240;
/** Problem package imports per session a minute (issue 23: each one unpacks and stores up to a few MB). */
export const IMPORT_LIMIT = 10;
/**
 * A reviewer's reads of a code playback or integrity report (issue 29): each replays whole recordings (the report
 * also compares with other attempts'), so a page load is two calls and a loop is refused.
 */
export const REPLAY_LIMIT = 30;
