/**
 * Audit entries for actions that live in other modules' routes, recorded after a successful answer from
 * one table (method + route → action), before the answer is sent, instead of edits spread over those modules. Actions recorded
 * explicitly elsewhere: token and webhook changes, erasure, data download, audit export, SSO sign-in, SSO
 * settings, domain proof and identity links, retention changes and purges. Issue 23 added the rows of
 * TRUST_AUDITS (invitations, accommodations, authoring edits, package export, hidden-case reads, model-solution
 * checks, results read with an API token); docs/SECURITY.md lists the whole trail.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { submissions } from '../../db/schema';
import { seesHidden } from '../companies/hidden-access';
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
  /** The route creates the actor (accepting an invitation): actor and company come from the answer's user. */
  actorFromAnswer?: boolean;
  /**
   * Recorded whatever the outcome (a refusal, a busy judge, a failing solution), with the status and the
   * verdict or error code; only 401 (nobody) and 404 (not the caller's company) are left out.
   */
  anyOutcome?: boolean;
}

/** The outcome of an `anyOutcome` action: the status, and the verdict of a success or the code of an error. */
function outcomeOf(status: number, payload: unknown): Record<string, unknown> {
  let body: Record<string, unknown> = {};
  try {
    body = typeof payload === 'string' ? (JSON.parse(payload) as Record<string, unknown>) : {};
  } catch {
    body = {};
  }
  if (status < 300) {
    return {
      status,
      verdict: body.verdict ?? null,
      passedCount: body.passedCount ?? null,
      totalCount: body.totalCount ?? null,
    };
  }
  return { status, error: typeof body.code === 'string' ? body.code : null };
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

/** An employer who was answered the hidden cases (a reviewer the company keeps them from was not: issue 42). */
const readsHidden = async (db: Db, req: FastifyRequest) =>
  req.user?.role === 'employer' && (await seesHidden(db, req.user));
const byApiToken = async (_db: Db, req: FastifyRequest) => !!req.apiToken;
const bodyKeys = (req: FastifyRequest) => ({
  fields: Object.keys((req.body as object | undefined) ?? {}).slice(0, 30),
});
const emailCount = (req: FastifyRequest) => {
  const emails = (req.body as { emails?: unknown } | undefined)?.emails;
  return { count: Array.isArray(emails) ? emails.length : 0 };
};
/** Results, submissions and reports read with an API token (issue 23: reads by integrations are on record). */
const TOKEN_READS: RouteAudit[] = [
  ['/api/review/dashboard', 'company', () => ''],
  ['/api/review/tests/:testId/submissions', 'test', param('testId')],
  ['/api/review/tests/:testId/results', 'test', param('testId')],
  ['/api/review/tests/:testId/similarity', 'test', param('testId')],
  ['/api/review/attempts/:attemptId/report', 'attempt', param('attemptId')],
  ['/api/submissions/all', 'submission', () => ''],
  ['/api/submissions/:id', 'submission', param('id')],
].map(([url, targetType, target]) => ({
  method: 'GET',
  url: url as string,
  action: 'results.read_by_token',
  targetType: targetType as string,
  target: target as (req: FastifyRequest) => string,
  when: byApiToken,
}));

/** Issue 23: the actions the audit trail missed. */
const TRUST_AUDITS: RouteAudit[] = [
  {
    method: 'POST',
    url: '/api/companies/invitations',
    action: 'member.invited',
    targetType: 'email',
    target: (req) => String((req.body as { email?: unknown } | undefined)?.email ?? ''),
    detail: bodyField('role'),
  },
  {
    method: 'DELETE',
    url: '/api/companies/invitations/:token',
    action: 'member.invite_revoked',
    targetType: 'invitation',
    target: param('token'),
  },
  {
    method: 'POST',
    url: '/api/companies/invitations/:token/accept',
    action: 'member.invite_accepted',
    targetType: 'user',
    target: () => '',
    actorFromAnswer: true,
  },
  {
    method: 'POST',
    url: '/api/invitations',
    action: 'candidates.invited',
    targetType: 'test',
    target: (req) => String((req.body as { testId?: unknown } | undefined)?.testId ?? ''),
    detail: emailCount,
  },
  {
    method: 'POST',
    url: '/api/invitations/:id/resend',
    action: 'candidates.invite_resent',
    targetType: 'invitation',
    target: param('id'),
  },
  {
    method: 'PUT',
    url: '/api/invitations/:id/accommodation',
    action: 'candidate.accommodation_set',
    targetType: 'invitation',
    target: param('id'),
    detail: (req) => ({ ...(req.body as Record<string, unknown>) }),
  },
  { method: 'POST', url: '/api/tests/create', action: 'test.created', targetType: 'test', target: () => '' },
  {
    method: 'PUT',
    url: '/api/tests/:id',
    action: 'test.edited',
    targetType: 'test',
    target: param('id'),
    detail: bodyKeys,
  },
  {
    method: 'PUT',
    url: '/api/tests/:id/update-questions',
    action: 'test.questions_changed',
    targetType: 'test',
    target: param('id'),
  },
  {
    method: 'POST',
    url: '/api/tests/:id/questions/batch',
    action: 'test.questions_added',
    targetType: 'test',
    target: param('id'),
  },
  {
    method: 'PUT',
    url: '/api/review/templates',
    action: 'template.edited',
    targetType: 'template',
    target: (req) => String((req.body as { kind?: unknown } | undefined)?.kind ?? ''),
  },
  {
    method: 'DELETE',
    url: '/api/review/templates/:kind',
    action: 'template.reset',
    targetType: 'template',
    target: param('kind'),
  },
  {
    method: 'GET',
    url: '/api/coding-tests/:id/export',
    action: 'problem.exported',
    targetType: 'problem',
    target: param('id'),
  },
  {
    method: 'GET',
    url: '/api/coding-tests/:id',
    action: 'problem.hidden_cases_read',
    targetType: 'problem',
    target: param('id'),
    when: readsHidden,
  },
  {
    method: 'GET',
    url: '/api/tests/:id/questions',
    action: 'test.hidden_cases_read',
    targetType: 'test',
    target: param('id'),
    when: readsHidden,
  },
  {
    method: 'POST',
    url: '/api/coding-tests/:id/check',
    action: 'problem.solution_checked',
    targetType: 'problem',
    target: param('id'),
    anyOutcome: true,
  },
  ...TOKEN_READS,
];

export const ROUTE_AUDITS: RouteAudit[] = [
  ...TRUST_AUDITS,
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
    method: 'POST',
    url: '/api/review/tests/:testId/status',
    action: 'candidate.status_changed',
    targetType: 'test',
    target: param('testId'),
    detail: (req) => {
      const body = req.body as { status?: unknown; notify?: unknown; attemptIds?: unknown } | undefined;
      return {
        status: typeof body?.status === 'string' ? body.status : null,
        notify: body?.notify !== false,
        attemptIds: Array.isArray(body?.attemptIds) ? body.attemptIds.slice(0, 200) : [],
      };
    },
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
  // Issue 26: the company's pipeline stages (the actor's own company); the stage keys in their new order.
  {
    method: 'PUT',
    url: '/api/companies/me/pipeline',
    action: 'company.pipeline_changed',
    targetType: 'company',
    target: () => '',
    detail: (req) => {
      const stages = (req.body as { stages?: unknown } | undefined)?.stages;
      return {
        stages: Array.isArray(stages)
          ? stages
              .slice(0, 20)
              .map((s) =>
                String((s as { key?: unknown; label?: unknown })?.key ?? (s as { label?: unknown })?.label ?? ''),
              )
          : [],
      };
    },
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
    const rule = ROUTE_AUDITS.find((r) => r.method === req.method && r.url === url);
    if (!rule) return payload;
    const status = reply.statusCode;
    if (status >= 300 && !(rule.anyOutcome && status !== 401 && status !== 404)) return payload;
    const actor = rule.actorFromAnswer ? answerUser(payload) : req.user;
    if (!actor) return payload;
    if (rule.when && !(await rule.when(db, req).catch(() => false))) return payload;
    await recordAudit(db, {
      companyId: actor.companyId,
      actorId: actor.id,
      action: rule.action,
      targetType: rule.targetType,
      targetId: rule.actorFromAnswer ? actor.id : rule.target(req),
      ip: req.ip,
      detail: {
        ...(rule.detail?.(req) ?? {}),
        ...(rule.anyOutcome ? outcomeOf(status, payload) : {}),
        ...(req.apiToken ? { apiTokenId: req.apiToken.id } : {}),
      },
    }).catch((err) => req.log.error({ err }, 'audit entry not recorded'));
    return payload;
  });
}

/** The user a route answered with (its JSON body), for routes that create their actor. */
function answerUser(payload: unknown): { id: string; companyId: string | null } | null {
  if (typeof payload !== 'string') return null;
  try {
    const body = JSON.parse(payload) as { id?: unknown; companyId?: unknown };
    if (typeof body.id !== 'string') return null;
    return { id: body.id, companyId: typeof body.companyId === 'string' ? body.companyId : null };
  } catch {
    return null;
  }
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
