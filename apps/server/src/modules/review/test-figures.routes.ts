import { ZTestFigures } from '@assessly/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { requireEmployer } from '../../lib/auth';
import { employerOnly, typed } from '../../lib/route-schema';
import { toCsv } from './csv';
import { getTestFigures } from './test-figures';

const ZTestParam = z.object({ testId: z.string().uuid('Test not found') });

/** GET /api/review/tests/:testId/figures (JSON) and figures.csv: funnel, distribution, per-question figures. */
export async function testFiguresRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = typed(app);
  r.get(
    '/api/review/tests/:testId/figures',
    { preValidation: employerOnly, schema: { params: ZTestParam, response: { 200: ZTestFigures } } },
    async (req) => getTestFigures(deps, requireEmployer(req), req.params.testId),
  );
  r.get(
    '/api/review/tests/:testId/figures.csv',
    { preValidation: employerOnly, schema: { params: ZTestParam } },
    async (req, reply) => {
      const f = await getTestFigures(deps, requireEmployer(req), req.params.testId);
      const rows: (string | number)[][] = [
        ['Funnel', 'Invited', f.funnel.invited, '', '', ''],
        ['Funnel', 'Started', f.funnel.started, '', '', ''],
        ['Funnel', 'Completed', f.funnel.completed, '', '', ''],
        ...f.distribution.bands.map((b) => ['Score band', `${b.from}-${b.to}%`, b.count, '', '', '']),
        ...Object.entries(f.distribution.percentiles ?? {}).map(([k, v]) => ['Percentile', k, v, '', '', '']),
        ...f.questions.map((q) => [
          'Question',
          q.title,
          q.attempted,
          q.averageScore ?? '',
          q.passRate ?? '',
          q.commonWrongAnswer ? `${q.commonWrongAnswer.option} (${q.commonWrongAnswer.count})` : '',
        ]),
      ];
      const csv = toCsv(['Section', 'Item', 'Count', 'Average score', 'Pass rate %', 'Most common wrong answer'], rows);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="test-figures-${req.params.testId}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
}
