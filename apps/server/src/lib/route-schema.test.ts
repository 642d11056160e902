import { ZCandidateProblem, ZCandidateResultItem, ZDraftInput } from '@assessly/shared';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { installErrorHandler } from './errors';
import { installRouteSchemas, signedIn, typed } from './route-schema';
import { NUL_MESSAGE } from './validate';

const ID = '0b6c1b1e-7f57-4a43-9c53-3d3f4f5b6a71';
let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify({ logger: false });
  installErrorHandler(app);
  installRouteSchemas(app);
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (req) => {
    if (req.headers['x-user']) req.user = { id: 'u1', role: 'candidate' } as never;
  });
  const r = typed(app);
  // A service that (wrongly) hands back the whole row: the response schema is what the client gets.
  r.get(
    '/leaky/:id',
    { schema: { params: z.object({ id: z.string().uuid('Not found') }), response: { 200: ZCandidateProblem } } },
    async (req) => ({
      id: req.params.id,
      title: 'Sum',
      description: 'Add',
      marks: 10,
      examples: [{ input: '1 2', output: '3', explanation: 'SECRET-explained' }],
      constraints: [],
      starterCode: {},
      testCases: [{ input: 'SECRET-in', output: 'SECRET-out' }],
      solution: 'SECRET-solution',
    }),
  );
  r.get('/results', { schema: { response: { 200: z.array(ZCandidateResultItem) } } }, async () => [
    { index: 0, hidden: true, passed: false, verdict: 'Wrong Answer' as const, input: 'SECRET', timeMs: 7 } as never,
  ]);
  r.put(
    '/drafts/:id',
    {
      preValidation: signedIn,
      schema: { params: z.object({ id: z.string().uuid('Test not found') }), body: ZDraftInput },
    },
    async (req) => ({ got: req.body }),
  );
  // A typed reply only takes declared statuses; an undeclared one goes through the plain reply type.
  r.post('/queued', { schema: { response: { 200: z.object({ ok: z.boolean() }) } } }, async (_req, reply) =>
    (reply as FastifyReply).status(202).send({ id: 'x', extra: 'not stripped: 202 has no schema' }),
  );
  r.get('/broken', { schema: { response: { 200: z.object({ n: z.number() }) } } }, async () => ({ n: 'x' }) as never);
});
afterAll(async () => app.close());

describe('route schemas', () => {
  it('strips every key the response schema does not declare', async () => {
    const res = await app.inject({ method: 'GET', url: `/leaky/${ID}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('SECRET');
    expect(Object.keys(res.json()).sort()).toEqual(
      ['constraints', 'description', 'examples', 'id', 'marks', 'starterCode', 'title'].sort(),
    );
    expect(res.json().examples).toEqual([{ input: '1 2', output: '3' }]);
  });

  it('reduces a hidden result item to exactly index, hidden, passed and verdict', async () => {
    const res = await app.inject({ method: 'GET', url: '/results' });
    expect(res.json()).toEqual([{ index: 0, hidden: true, passed: false, verdict: 'Wrong Answer' }]);
  });

  it("answers a bad body or param with today's 400 VALIDATION shape", async () => {
    const bad = await app.inject({
      method: 'PUT',
      url: `/drafts/${ID}`,
      headers: { 'x-user': '1' },
      payload: { questionId: 'nope', language: 'python', code: '' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      code: 'VALIDATION',
      message: 'Unknown question',
      fields: { questionId: 'Unknown question' },
    });
    const param = await app.inject({ method: 'PUT', url: '/drafts/x', headers: { 'x-user': '1' }, payload: {} });
    expect(param.json()).toEqual({ code: 'VALIDATION', message: 'Test not found', fields: { id: 'Test not found' } });
    const empty = await app.inject({ method: 'PUT', url: `/drafts/${ID}`, headers: { 'x-user': '1' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toHaveProperty('questionId');
  });

  it('refuses a NUL character like parseInput, and hands the handler the parsed body', async () => {
    const payload = { questionId: ID, language: 'python', code: 'a\u0000b', extra: 1 };
    const nul = await app.inject({ method: 'PUT', url: `/drafts/${ID}`, headers: { 'x-user': '1' }, payload });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({ code: 'VALIDATION', message: NUL_MESSAGE, fields: { code: NUL_MESSAGE } });
    const ok = await app.inject({
      method: 'PUT',
      url: `/drafts/${ID}`,
      headers: { 'x-user': '1' },
      payload: { ...payload, code: 'ab' },
    });
    expect(ok.json()).toEqual({ got: { questionId: ID, language: 'python', code: 'ab' } });
  });

  it('checks the session before the input (401, not 400)', async () => {
    const res = await app.inject({ method: 'PUT', url: '/drafts/x', payload: {} });
    expect(res.statusCode).toBe(401);
  });

  it('leaves statuses without a schema alone, and never sends an answer its schema refuses', async () => {
    const queued = await app.inject({ method: 'POST', url: '/queued' });
    expect(queued.statusCode).toBe(202);
    expect(queued.json()).toEqual({ id: 'x', extra: 'not stripped: 202 has no schema' });
    const broken = await app.inject({ method: 'GET', url: '/broken' });
    expect(broken.statusCode).toBe(500);
    expect(broken.body).not.toContain('"n"');
  });
});
