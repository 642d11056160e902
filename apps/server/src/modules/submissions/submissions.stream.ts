/**
 * GET /api/submissions/stream: one server-sent-events stream per candidate (issue 16). The page learns its
 * verdicts here instead of polling: `submission` events carry the candidate's view of a finished submission,
 * `queue` events the place of the candidate's waiting submission (embedded queue), comments keep proxies open.
 */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../lib/auth';
import { AppError } from '../../lib/errors';
import * as repo from './submissions.repo';
import { toSubmissionJson } from './submissions.service';

const KEEPALIVE_MS = 20_000;
const PLACE_EVERY_MS = 5_000;
/** Streams one user may hold open (tabs); more answer 429 so a script cannot pin sockets. */
const MAX_STREAMS_PER_USER = 3;

export function streamRoutes(app: FastifyInstance, deps: AppDeps) {
  const open = new Map<string, number>();

  app.get('/api/submissions/stream', async (req, reply) => {
    const user = requireUser(req);
    const judging = deps.judging;
    if (!judging) throw new AppError('SERVICE_UNAVAILABLE', 'The judge is not running on this server');
    if ((open.get(user.id) ?? 0) >= MAX_STREAMS_PER_USER) {
      throw new AppError('RATE_LIMITED', 'Too many result streams are open for this account', undefined, {
        'Retry-After': '10',
      });
    }
    open.set(user.id, (open.get(user.id) ?? 0) + 1);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    const send = (event: string, data: unknown) => {
      if (!res.writableEnded) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    };
    res.write('retry: 3000\n\n');
    send('ready', { userId: user.id });

    const unsubscribe = judging.subscribe(user.id, (id) => {
      repo
        .findSubmission(deps.db, id)
        .then((row) => {
          if (row && row.userId === user.id) send('submission', toSubmissionJson(row, true));
        })
        .catch((err) => req.log.warn({ err }, 'submission stream: reading a verdict failed'));
    });
    let lastPlace: number | null = null;
    const placeTimer = setInterval(() => {
      const place = judging.livePlace(user.id);
      if (place !== lastPlace && place !== null) send('queue', { place });
      lastPlace = place;
    }, PLACE_EVERY_MS);
    const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), KEEPALIVE_MS);
    placeTimer.unref();
    keepAlive.unref();

    req.raw.on('close', () => {
      clearInterval(placeTimer);
      clearInterval(keepAlive);
      unsubscribe();
      const n = (open.get(user.id) ?? 1) - 1;
      if (n > 0) open.set(user.id, n);
      else open.delete(user.id);
    });
  });
}
