import {
  ZCandidateProblem,
  ZCodingProblem,
  ZCodingProblemInput,
  ZFunctionStarters,
  ZFunctionStartersRequest,
  ZOk,
  ZProblemHistory,
  ZProblemUsage,
  ZRejudgeResult,
  ZSolutionCheckResult,
} from '@assessly/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { requireEmployer, requireUser } from '../../lib/auth';
import { IMPORT_LIMIT, perSessionLimit, RUN_LIMIT } from '../../lib/rate-limits';
import { employerOnly, signedIn, typed } from '../../lib/route-schema';
import { readZipUpload } from '../../lib/zip-upload';
import { idGuard, ZIdParam } from '../tests/tests.access';
import { exportPackage, importPackage } from './coding-problems.package';
import * as service from './coding-problems.service';
import { fillOutputs } from './fill-outputs';
import { functionStarterCode } from './function-problems';
import * as judging from './problem-judging.service';

const employerProblem = idGuard(employerOnly, 'PROBLEM_NOT_FOUND', 'Problem not found');
const userProblem = idGuard(signedIn, 'PROBLEM_NOT_FOUND', 'Problem not found');
const ZListQuery = z.object({ testId: z.string().uuid('Test not found').optional() });

export async function codingProblemsRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const r = typed(app);

  /** The caller's company's problems (the "Add Problems to Test" bank); ?testId= narrows to one test's. */
  r.get(
    '/api/coding-tests',
    { preValidation: employerOnly, schema: { querystring: ZListQuery, response: { 200: z.array(ZCodingProblem) } } },
    async (req) => service.listProblems(db, requireEmployer(req), req.query.testId),
  );

  // Employers get the full problem, candidates the candidate projection (the service picks; the first variant wins).
  r.get(
    '/api/coding-tests/:id',
    {
      preValidation: userProblem,
      schema: { params: ZIdParam, response: { 200: z.union([ZCodingProblem, ZCandidateProblem]) } },
    },
    async (req) => service.readProblem(db, requireUser(req), req.params.id),
  );

  r.post(
    '/api/coding-tests',
    { preValidation: employerOnly, schema: { body: ZCodingProblemInput, response: { 201: ZCodingProblem } } },
    async (req, reply) => reply.status(201).send(await service.addProblem(db, requireEmployer(req), req.body)),
  );

  r.put(
    '/api/coding-tests/:id',
    {
      preValidation: employerProblem,
      schema: { params: ZIdParam, body: ZCodingProblemInput, response: { 200: ZCodingProblem } },
    },
    async (req) => service.changeProblem(db, requireEmployer(req), req.params.id, req.body),
  );

  /** Authors only: judges the model solution against every example and hidden case (issue 11). */
  r.post(
    '/api/coding-tests/:id/check',
    {
      config: perSessionLimit(RUN_LIMIT),
      preValidation: employerProblem,
      schema: { params: ZIdParam, response: { 200: ZSolutionCheckResult } },
    },
    async (req) => judging.checkSolution({ ...deps, log: req.log }, requireEmployer(req), req.params.id),
  );

  /** Authors only: the model solution's outputs become the expected ones (issue 25). */
  r.post(
    '/api/coding-tests/:id/fill-outputs',
    {
      config: perSessionLimit(RUN_LIMIT),
      preValidation: employerProblem,
      schema: { params: ZIdParam, response: { 200: ZCodingProblem } },
    },
    async (req) => fillOutputs(deps, requireEmployer(req), req.params.id),
  );

  /** Versions, submissions judged against older ones, and the re-judge log. */
  r.get(
    '/api/coding-tests/:id/history',
    { preValidation: employerProblem, schema: { params: ZIdParam, response: { 200: ZProblemHistory } } },
    async (req) => judging.problemHistory(deps, requireEmployer(req), req.params.id),
  );

  /** Explicit, logged: re-judges submissions of older versions against the current one; old results are kept. */
  r.post(
    '/api/coding-tests/:id/rejudge',
    {
      config: perSessionLimit(RUN_LIMIT),
      preValidation: employerProblem,
      schema: { params: ZIdParam, response: { 200: ZRejudgeResult } },
    },
    async (req) => judging.rejudgeProblem({ ...deps, log: req.log }, requireEmployer(req), req.params.id),
  );

  /** The tests listing this problem (shown before linking it, shared, into another test). */
  r.get(
    '/api/coding-tests/:id/usage',
    { preValidation: employerProblem, schema: { params: ZIdParam, response: { 200: ZProblemUsage } } },
    async (req) => judging.problemUsage(deps, requireEmployer(req), req.params.id),
  );

  /**
   * The stub a function problem's signature gives in every code language (issue 46): the builder's model solution
   * starts from it, as the candidate's editor does. Nothing is stored; the generator is the judge's own.
   */
  r.post(
    '/api/coding-tests/function-starters',
    {
      preValidation: employerOnly,
      schema: { body: ZFunctionStartersRequest, response: { 200: ZFunctionStarters } },
    },
    async (req) => {
      requireEmployer(req);
      return { starters: functionStarterCode(req.body.signature, {}) };
    },
  );

  /** Kattis/ICPC problem package (multipart field `package`, read here); ?testId= adds it to that coding test. */
  r.post(
    '/api/coding-tests/import',
    {
      config: perSessionLimit(IMPORT_LIMIT),
      preValidation: employerOnly,
      schema: { querystring: ZListQuery, response: { 201: ZCodingProblem } },
    },
    async (req, reply) => {
      const user = requireEmployer(req);
      const zip = await readZipUpload(req, {
        notMultipart: 'Upload the package as multipart field "package"',
        tooLarge: 'The package is larger than 8 MB',
        missing: 'Choose a package (.zip) to import',
        missingField: 'Choose a package (.zip)',
      });
      return reply.status(201).send(await importPackage(db, user, zip, req.query.testId ?? null));
    },
  );

  /** The problem as a package (.zip); the answer is the file, so no response schema. */
  r.get(
    '/api/coding-tests/:id/export',
    { preValidation: employerProblem, schema: { params: ZIdParam } },
    async (req, reply) => {
      const { filename, zip } = await exportPackage(db, requireEmployer(req), req.params.id);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(zip);
    },
  );

  r.delete(
    '/api/coding-tests/:id',
    { preValidation: employerProblem, schema: { params: ZIdParam, response: { 200: ZOk } } },
    async (req) => {
      await service.removeProblem(db, requireEmployer(req), req.params.id);
      return { ok: true as const };
    },
  );
}
