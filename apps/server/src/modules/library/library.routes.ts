import {
  LIBRARY_KINDS,
  ZAddFromLibrary,
  ZLibraryMeta,
  ZLibraryMetaSaved,
  ZLibraryPage,
  ZLibraryQuery,
  ZTest,
} from '@assessly/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { requireEmployer } from '../../lib/auth';
import { employerOnly, typed } from '../../lib/route-schema';
import * as service from './library.service';

const ZItemParam = z.object({
  kind: z.enum(LIBRARY_KINDS, { error: 'Not found' }),
  id: z.string().uuid('Not found in your library'),
});

export async function libraryRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = typed(app);
  r.get(
    '/api/library',
    { preValidation: employerOnly, schema: { querystring: ZLibraryQuery, response: { 200: ZLibraryPage } } },
    async (req) => service.browseLibrary(deps, requireEmployer(req), req.query),
  );

  r.put(
    '/api/library/:kind/:id',
    {
      preValidation: employerOnly,
      schema: { params: ZItemParam, body: ZLibraryMeta, response: { 200: ZLibraryMetaSaved } },
    },
    async (req) => service.setLibraryMeta(deps, requireEmployer(req), req.params.kind, req.params.id, req.body),
  );

  /** Copies the item into the test; answers the test with its new questionIds. */
  r.post(
    '/api/library/add-to-test',
    { preValidation: employerOnly, schema: { body: ZAddFromLibrary, response: { 200: ZTest } } },
    async (req) => service.copyLibraryItemIntoTest(deps, requireEmployer(req), req.body),
  );
}
