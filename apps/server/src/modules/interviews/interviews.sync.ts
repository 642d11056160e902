/**
 * The room sockets: `/api/interviews/{id}/sync` (the shared code document, every participant) and
 * `/api/interviews/{id}/notes` (the interviewers' private notes). Access is decided before the upgrade (the
 * session cookie, or the candidate's join token in `?token=`): a refused caller gets an HTTP error and no socket.
 * A cross-site page cannot open a socket with the visitor's cookie: the Origin must be ours.
 */

import { and, eq, gt } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sessions, type UserRow, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { SESSION_COOKIE } from '../../lib/auth';
import { AppError } from '../../lib/errors';
import { hashToken } from '../../lib/tokens';
import { recordAudit } from '../audit/audit.service';
import { type Participant, resolveParticipant, statusOf } from './interviews.access';
import type { RoomHub } from './interviews.rooms';
import { markStarted } from './interviews.service';
import type { DocName } from './interviews.store';

declare module 'fastify' {
  interface FastifyRequest {
    interviewParticipant?: Participant;
  }
}

function tokenOf(req: FastifyRequest): string | null {
  const q = req.query as Record<string, unknown> | undefined;
  const fromQuery = typeof q?.token === 'string' ? q.token : null;
  const header = req.headers['x-join-token'];
  return fromQuery ?? (typeof header === 'string' ? header : null);
}

function requireSameOrigin(req: FastifyRequest) {
  const origin = req.headers.origin;
  if (!origin) return;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    throw new AppError('ORIGIN_REJECTED', 'Cross-site request refused');
  }
  // req.host reads X-Forwarded-Host only from a trusted proxy (TRUST_PROXY); anyone else could name any host.
  if (host !== req.host) {
    throw new AppError('ORIGIN_REJECTED', 'Cross-site request refused');
  }
}

/** Whether a socket's caller still has access (the session may have ended, the member may have left). */
async function stillAllowed(deps: AppDeps, id: string, session: string | null, token: string | null) {
  let user: UserRow | null = null;
  if (session) {
    const [row] = await deps.db
      .select({ user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.tokenHash, hashToken(session)), gt(sessions.expiresAt, deps.clock.now())))
      .limit(1);
    user = row?.user ?? null;
    if (!user && !token) return false;
  }
  try {
    await resolveParticipant(deps.db, id, user, token);
    return true;
  } catch {
    return false;
  }
}

export function registerRoomSockets(app: FastifyInstance, deps: AppDeps, hub: RoomHub) {
  const mount = (path: string, doc: DocName) => {
    app.get(
      path,
      {
        websocket: true,
        preValidation: async (req) => {
          requireSameOrigin(req);
          const { id } = req.params as { id: string };
          const who = await resolveParticipant(deps.db, id, req.user, tokenOf(req));
          if (doc === 'notes' && who.role === 'candidate') {
            throw new AppError('FORBIDDEN', 'Only interviewers can open the notes');
          }
          req.interviewParticipant = who;
        },
      },
      async (socket, req) => {
        const who = req.interviewParticipant!;
        const row = who.interview;
        const ended = statusOf(row) === 'ended';
        const token = who.role === 'candidate' ? tokenOf(req) : null;
        const session = who.user ? (req.cookies[SESSION_COOKIE] ?? null) : null;
        await hub.join(
          row.id,
          doc,
          socket,
          {
            role: who.role,
            name: who.name,
            canWrite: !ended && who.role !== 'reviewer',
            stillAllowed: () => stillAllowed(deps, row.id, session, token),
          },
          ended,
        );
        if (doc === 'code' && !ended) {
          if (!row.startedAt) {
            await markStarted(deps, row);
            hub.broadcast(row.id, () => ({ type: 'started' }));
          }
          await recordAudit(deps.db, {
            companyId: row.companyId,
            actorId: who.user?.id ?? null,
            action: 'interview.join',
            targetType: 'interview',
            targetId: row.id,
            ip: req.ip,
            detail: { role: who.role },
          });
        }
      },
    );
  };
  mount('/api/interviews/:id/sync', 'code');
  mount('/api/interviews/:id/notes', 'notes');
}
