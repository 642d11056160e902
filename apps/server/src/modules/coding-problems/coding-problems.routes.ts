import { ZCodingProblemInput } from '@assessly/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app';
import { requireEmployer, requireUser } from '../../lib/auth';
import { AppError } from '../../lib/errors';
import { perSessionLimit, RUN_LIMIT } from '../../lib/rate-limits';
import { parseInput } from '../../lib/validate';
import { readIdParam } from '../tests/tests.access';
import { exportPackage, importPackage } from './coding-problems.package';
import * as service from './coding-problems.service';
import * as judging from './problem-judging.service';

const problemId = (params: unknown) => readIdParam(params, 'PROBLEM_NOT_FOUND', 'Problem not found');
const ZListQuery = z.object({ testId: z.string().uuid('Test not found').optional() });

export async function codingProblemsRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;

  /** The caller's company's problems (the "Add Problems to Test" bank); ?testId= narrows to one test's. */
  app.get('/api/coding-tests', async (req) => {
    const user = requireEmployer(req);
    return service.listProblems(db, user, parseInput(ZListQuery, req.query).testId);
  });

  app.get('/api/coding-tests/:id', async (req) => service.readProblem(db, requireUser(req), problemId(req.params)));

  app.post('/api/coding-tests', async (req, reply) => {
    const user = requireEmployer(req);
    return reply.status(201).send(await service.addProblem(db, user, parseInput(ZCodingProblemInput, req.body)));
  });

  app.put('/api/coding-tests/:id', async (req) => {
    const user = requireEmployer(req);
    const id = problemId(req.params);
    return service.changeProblem(db, user, id, parseInput(ZCodingProblemInput, req.body));
  });

  /** Authors only: judges the model solution against every example and hidden case (issue 11). */
  app.post('/api/coding-tests/:id/check', { config: perSessionLimit(RUN_LIMIT) }, async (req) => {
    const user = requireEmployer(req);
    return judging.checkSolution({ ...deps, log: req.log }, user, problemId(req.params));
  });

  /** Versions, submissions judged against older ones, and the re-judge log. */
  app.get('/api/coding-tests/:id/history', async (req) =>
    judging.problemHistory(deps, requireEmployer(req), problemId(req.params)),
  );

  /** Explicit, logged: re-judges submissions of older versions against the current one; old results are kept. */
  app.post('/api/coding-tests/:id/rejudge', { config: perSessionLimit(RUN_LIMIT) }, async (req) => {
    const user = requireEmployer(req);
    return judging.rejudgeProblem({ ...deps, log: req.log }, user, problemId(req.params));
  });

  /** The tests listing this problem (shown before linking it, shared, into another test). */
  app.get('/api/coding-tests/:id/usage', async (req) =>
    judging.problemUsage(deps, requireEmployer(req), problemId(req.params)),
  );

  /** Kattis/ICPC problem package (multipart field `package`); ?testId= adds it to that coding test. */
  app.post('/api/coding-tests/import', async (req, reply) => {
    const user = requireEmployer(req);
    const { testId } = parseInput(ZListQuery, req.query);
    if (!req.isMultipart()) throw new AppError('VALIDATION', 'Upload the package as multipart field "package"');
    let zip: Buffer | null = null;
    try {
      for await (const part of req.parts()) {
        if (part.type === 'file' && part.fieldname === 'package') zip = await part.toBuffer();
        else if (part.type === 'file') await part.toBuffer();
      }
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
        throw new AppError('PAYLOAD_TOO_LARGE', 'The package is larger than 8 MB');
      throw err;
    }
    if (!zip || zip.length === 0)
      throw new AppError('VALIDATION', 'Choose a package (.zip) to import', { package: 'Choose a package (.zip)' });
    return reply.status(201).send(await importPackage(db, user, zip, testId ?? null));
  });

  app.get('/api/coding-tests/:id/export', async (req, reply) => {
    const user = requireEmployer(req);
    const { filename, zip } = await exportPackage(db, user, problemId(req.params));
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'no-store')
      .send(zip);
  });

  app.delete('/api/coding-tests/:id', async (req) => {
    const user = requireEmployer(req);
    await service.removeProblem(db, user, problemId(req.params));
    return { ok: true };
  });
}
