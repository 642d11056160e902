/**
 * GET /api/submissions/stream: one server-sent-events stream per candidate (issue 16). The page learns its
 * verdicts here instead of polling: `submission` events carry the candidate's view of a finished submission,
 * `queue` events the place of the candidate's waiting submission (embedded queue), comments keep proxies open.
 */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../lib/auth';
import { AppError } from '../../lib/errors';
import { STREAM_SLOT_RENEW_MS, type StreamSlot, streamSlotsFor } from './stream-slots';
import * as repo from './submissions.repo';
import { toSubmissionJson } from './submissions.service';

const KEEPALIVE_MS = 20_000;
const PLACE_EVERY_MS = 5_000;
export function streamRoutes(app: FastifyInstance, deps: AppDeps) {
  // Streams one user may hold open (tabs), over every API process; more answer 429 so a script cannot pin
  // sockets (stream-slots.ts).
  const slots = streamSlotsFor(deps.database);

  app.get('/api/submissions/stream', async (req, reply) => {
    const user = requireUser(req);
    const judging = deps.judging;
    if (!judging) throw new AppError('SERVICE_UNAVAILABLE', 'The judge is not running on this server');
    let slot: StreamSlot | null;
    try {
      slot = await slots.take(user.id);
    } catch (err) {
      req.log.warn({ err }, 'submission stream: taking a stream slot failed');
      throw new AppError('SERVICE_UNAVAILABLE', 'Results cannot be streamed right now', undefined, {
        'Retry-After': '5',
      });
    }
    if (!slot) {
      throw new AppError('RATE_LIMITED', 'Too many result streams are open for this account', undefined, {
        'Retry-After': '10',
      });
    }
    const held = slot;
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
    // The slot lives while the stream does; one lost to expiry (a stalled process) ends the stream, and the
    // page's EventSource connects again like after any drop.
    const renewTimer = setInterval(() => {
      held
        .renew()
        .then((ok) => {
          if (!ok && !res.writableEnded) res.end();
        })
        .catch((err) => req.log.warn({ err }, 'submission stream: renewing its slot failed'));
    }, STREAM_SLOT_RENEW_MS);
    placeTimer.unref();
    keepAlive.unref();
    renewTimer.unref();

    req.raw.on('close', () => {
      clearInterval(placeTimer);
      clearInterval(keepAlive);
      clearInterval(renewTimer);
      unsubscribe();
      void held.release();
    });
  });
}
