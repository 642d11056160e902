import { LIBRARY_KINDS, ZAddFromLibrary, ZLibraryMeta, ZLibraryQuery } from '@assessly/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app';
import { requireEmployer } from '../../lib/auth';
import { parseInput } from '../../lib/validate';
import * as service from './library.service';

const ZItemParam = z.object({
  kind: z.enum(LIBRARY_KINDS, { error: 'Not found' }),
  id: z.string().uuid('Not found in your library'),
});

export async function libraryRoutes(app: FastifyInstance, deps: AppDeps) {
  app.get('/api/library', async (req) =>
    service.browseLibrary(deps, requireEmployer(req), parseInput(ZLibraryQuery, req.query)),
  );

  app.put('/api/library/:kind/:id', async (req) => {
    const user = requireEmployer(req);
    const { kind, id } = parseInput(ZItemParam, req.params);
    return service.setLibraryMeta(deps, user, kind, id, parseInput(ZLibraryMeta, req.body));
  });

  app.post('/api/library/add-to-test', async (req) => {
    const user = requireEmployer(req);
    return service.copyLibraryItemIntoTest(deps, user, parseInput(ZAddFromLibrary, req.body));
  });
}
