import { ZAuditQuery } from '@assessly/shared';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app';
import { requireUser } from '../../lib/auth';
import { requireAuditReader } from '../../lib/company-admin';
import { parseInput } from '../../lib/validate';
import { docs } from '../openapi/openapi.docs';
import { exportAuditCsv, listAudit, recordAudit } from './audit.service';

export async function auditRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;

  app.get(
    '/api/companies/audit',
    docs({ summary: 'The company audit log, newest first (owners)', tags: ['governance'], querystring: ZAuditQuery }),
    async (req) => {
      const companyId = requireAuditReader(requireUser(req));
      return listAudit(db, companyId, parseInput(ZAuditQuery, req.query));
    },
  );

  app.get(
    '/api/companies/audit.csv',
    docs({ summary: 'The company audit log as CSV (owners)', tags: ['governance'] }),
    async (req, reply) => {
      const user = requireUser(req);
      const companyId = requireAuditReader(user);
      const csv = await exportAuditCsv(db, companyId);
      await recordAudit(db, {
        companyId,
        actorId: user.id,
        action: 'data.exported',
        targetType: 'audit_log',
        targetId: companyId,
        ip: req.ip,
        detail: { what: 'audit_log', format: 'csv' },
      });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit-log.csv"')
        .send(csv);
    },
  );
}
