/**
 * Audit entries for actions that live in other modules' routes, recorded after a successful answer from
 * one table (method + route → action), before the answer is sent, instead of edits spread over those modules. Actions recorded
 * explicitly elsewhere: token and webhook changes, erasure, data download, audit export, SSO sign-in,
 * retention changes and purges.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { submissions } from '../../db/schema';
import { findUserByEmail } from '../users/users.repo';
import { recordAudit } from './audit.service';

interface RouteAudit {
  method: string;
  url: string;
  action: string;
  targetType: string;
  target: (req: FastifyRequest) => string;
  detail?: (req: FastifyRequest) => Record<string, unknown>;
  /** Record only when this holds (e.g. a problem edit only once candidates have submitted to it). */
  when?: (db: Db, req: FastifyRequest) => Promise<boolean>;
}

/** Whether anyone has submitted to this problem (edits after that change what candidates were judged on). */
async function hasSubmissions(db: Db, req: FastifyRequest): Promise<boolean> {
  const id = param('id')(req);
  const [row] = await db
    .select({ id: submissions.id })
    .from(submissions)
    .where(eq(submissions.questionId, id))
    .limit(1);
  return !!row;
}

const param = (name: string) => (req: FastifyRequest) => String((req.params as Record<string, unknown>)[name] ?? '');
const bodyField = (name: string) => (req: FastifyRequest) => {
  const body = req.body as Record<string, unknown> | undefined;
  return { [name]: typeof body?.[name] === 'string' ? body[name] : null };
};

export const ROUTE_AUDITS: RouteAudit[] = [
  { method: 'DELETE', url: '/api/tests/:id', action: 'test.deleted', targetType: 'test', target: param('id') },
  {
    method: 'PUT',
    url: '/api/review/attempts/:attemptId/status',
    action: 'candidate.status_changed',
    targetType: 'attempt',
    target: param('attemptId'),
    detail: bodyField('status'),
  },
  {
    method: 'GET',
    url: '/api/review/tests/:testId/results.csv',
    action: 'data.exported',
    targetType: 'test',
    target: param('testId'),
    detail: () => ({ what: 'results', format: 'csv' }),
  },
  {
    method: 'PUT',
    url: '/api/companies/members/:userId',
    action: 'member.role_changed',
    targetType: 'user',
    target: param('userId'),
    detail: bodyField('role'),
  },
  {
    method: 'DELETE',
    url: '/api/companies/members/:userId',
    action: 'member.removed',
    targetType: 'user',
    target: param('userId'),
  },
  {
    method: 'PUT',
    url: '/api/coding-tests/:id',
    action: 'problem.edited_after_submissions',
    targetType: 'problem',
    target: param('id'),
    when: hasSubmissions,
  },
  {
    method: 'POST',
    url: '/api/coding-tests/:id/rejudge',
    action: 'problem.rejudged',
    targetType: 'problem',
    target: param('id'),
  },
  {
    method: 'POST',
    url: '/api/coding-tests/:id/fill-outputs',
    action: 'problem.edited_after_submissions',
    targetType: 'problem',
    target: param('id'),
    when: hasSubmissions,
  },
];

export function installAuditHooks(app: FastifyInstance, db: Db): void {
  // onSend, not onResponse: the entry is written before the caller sees the success.
  app.addHook('onSend', async (req, reply, payload) => {
    const url = req.routeOptions.url;
    if (!url) return payload;
    if (req.method === 'POST' && url === '/api/users/login') {
      await auditSignIn(db, req, reply.statusCode);
      return payload;
    }
    if (reply.statusCode >= 300) return payload;
    const rule = ROUTE_AUDITS.find((r) => r.method === req.method && r.url === url);
    if (!rule || !req.user) return payload;
    if (rule.when && !(await rule.when(db, req).catch(() => false))) return payload;
    await recordAudit(db, {
      companyId: req.user.companyId,
      actorId: req.user.id,
      action: rule.action,
      targetType: rule.targetType,
      targetId: rule.target(req),
      ip: req.ip,
      detail: { ...(rule.detail?.(req) ?? {}), ...(req.apiToken ? { apiTokenId: req.apiToken.id } : {}) },
    }).catch((err) => req.log.error({ err }, 'audit entry not recorded'));
    return payload;
  });
}

/** Successful and failed sign-ins of existing accounts (unknown emails are not anyone's to audit). */
async function auditSignIn(db: Db, req: FastifyRequest, status: number) {
  if (status !== 200 && status !== 401) return;
  const email = (req.body as { email?: unknown } | undefined)?.email;
  if (typeof email !== 'string' || email.length > 320) return;
  const user = await findUserByEmail(db, email.trim().toLowerCase());
  if (!user) return;
  await recordAudit(db, {
    companyId: user.companyId,
    actorId: user.id,
    action: status === 200 ? 'auth.sign_in' : 'auth.sign_in_failed',
    targetType: 'user',
    targetId: user.id,
    ip: req.ip,
    detail: { userAgent: String(req.headers['user-agent'] ?? '').slice(0, 200) },
  }).catch((err) => req.log.error({ err }, 'audit entry not recorded'));
}
