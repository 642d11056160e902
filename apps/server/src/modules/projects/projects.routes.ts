import {
  ZProjectProblem,
  ZProjectProblemInput,
  ZProjectRunResult,
  ZProjectSave,
  ZProjectSaved,
  ZProjectWorkspace,
} from '@assessly/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { requireEmployer, requireUser } from '../../lib/auth';
import { gunzipBody } from '../../lib/gzip-body';
import { DRAFT_LIMIT, IMPORT_LIMIT, perSessionLimit, RUN_LIMIT } from '../../lib/rate-limits';
import { employerOnly, signedIn, typed } from '../../lib/route-schema';
import { readZipUpload } from '../../lib/zip-upload';
import { idGuard, ZIdParam } from '../tests/tests.access';
import * as authoring from './projects.authoring';
import * as workspace from './projects.workspace';
import { projectFromZip } from './projects.zip';

const employerProject = idGuard(employerOnly, 'PROBLEM_NOT_FOUND', 'Project not found');
/** A whole project's files (4 MB) with JSON escaping to spare. */
const PROJECT_BODY_LIMIT = 12 * 1024 * 1024;
const SAVE_BODY_LIMIT = 6 * 1024 * 1024;
const ZWorkspaceParams = z.object({
  testId: z.string().uuid('Test not found'),
  problemId: z.string().uuid('Project not found'),
});
const ZImportQuery = z.object({ testId: z.string().uuid('Test not found').optional() });
const ZProjectCheck = z.object({ passed: z.boolean(), stackName: z.string(), result: ZProjectRunResult });

export async function projectsRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const r = typed(app);

  r.post(
    '/api/coding-tests/projects',
    {
      bodyLimit: PROJECT_BODY_LIMIT,
      preValidation: employerOnly,
      schema: { body: ZProjectProblemInput, response: { 201: ZProjectProblem } },
    },
    async (req, reply) => reply.status(201).send(await authoring.createProject(db, requireEmployer(req), req.body)),
  );

  r.get(
    '/api/coding-tests/projects/:id',
    { preValidation: employerProject, schema: { params: ZIdParam, response: { 200: ZProjectProblem } } },
    async (req) => authoring.readProject(db, requireEmployer(req), req.params.id),
  );

  r.put(
    '/api/coding-tests/projects/:id',
    {
      bodyLimit: PROJECT_BODY_LIMIT,
      preValidation: employerProject,
      schema: { params: ZIdParam, body: ZProjectProblemInput, response: { 200: ZProjectProblem } },
    },
    async (req) => authoring.changeProject(db, requireEmployer(req), req.params.id, req.body),
  );

  /** Authors only: the reference solution against every test (visible and hidden), before candidates see it. */
  r.post(
    '/api/coding-tests/projects/:id/check',
    {
      config: perSessionLimit(RUN_LIMIT),
      preValidation: employerProject,
      schema: { params: ZIdParam, response: { 200: ZProjectCheck } },
    },
    async (req) => authoring.checkProject(deps, requireEmployer(req), req.params.id),
  );

  /** A project as a zip (multipart field `package`, read here); ?testId= adds it to that coding test. */
  r.post(
    '/api/coding-tests/projects/import',
    {
      config: perSessionLimit(IMPORT_LIMIT),
      preValidation: employerOnly,
      schema: { querystring: ZImportQuery, response: { 201: ZProjectProblem } },
    },
    async (req, reply) => {
      const user = requireEmployer(req);
      const zip = await readZipUpload(req, {
        notMultipart: 'Upload the project as multipart field "package"',
        tooLarge: 'The zip is larger than 8 MB',
        missing: 'Choose a project (.zip) to import',
        missingField: 'Choose a project (.zip)',
      });
      const input = authoring.parseProjectInput({ ...projectFromZip(zip), testId: req.query.testId ?? null });
      return reply.status(201).send(await authoring.createProject(db, user, input));
    },
  );

  // ---- the candidate's workspace (any signed-in user with an attempt of the test: candidates and previews)

  r.get(
    '/api/attempts/:testId/projects/:problemId',
    { preValidation: signedIn, schema: { params: ZWorkspaceParams, response: { 200: ZProjectWorkspace } } },
    async (req) => workspace.loadWorkspace(deps, requireUser(req), req.params.testId, req.params.problemId),
  );

  /** Autosave: writes, deletes and renames on top of the revision the page last saw (409 DRAFT_STALE if older). */
  r.put(
    '/api/attempts/:testId/projects/:problemId/files',
    {
      bodyLimit: SAVE_BODY_LIMIT,
      preParsing: gunzipBody(SAVE_BODY_LIMIT),
      config: perSessionLimit(DRAFT_LIMIT),
      preValidation: signedIn,
      schema: { params: ZWorkspaceParams, body: ZProjectSave, response: { 200: ZProjectSaved } },
    },
    async (req) => workspace.saveWorkspace(deps, requireUser(req), req.params.testId, req.params.problemId, req.body),
  );

  for (const mode of ['run', 'submit'] as const) {
    r.post(
      `/api/attempts/:testId/projects/:problemId/${mode}`,
      {
        config: perSessionLimit(RUN_LIMIT),
        preValidation: signedIn,
        schema: { params: ZWorkspaceParams, response: { 200: ZProjectRunResult } },
      },
      async (req) => workspace.runWorkspace(deps, requireUser(req), req.params.testId, req.params.problemId, mode),
    );
  }
}
