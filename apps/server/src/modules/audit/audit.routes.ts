import { ZAuditPage, ZAuditQuery } from '@assessly/shared';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { auditReaderOnly } from '../../lib/account-guards';
import { requireUser } from '../../lib/auth';
import { requireAuditReader } from '../../lib/company-admin';
import { typed } from '../../lib/route-schema';
import { exportAuditCsv, listAudit, recordAudit } from './audit.service';

export async function auditRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const r = typed(app);
  const tags = ['governance'];

  r.get(
    '/api/companies/audit',
    {
      preValidation: auditReaderOnly,
      schema: {
        summary: 'The company audit log, newest first (owners)',
        tags,
        querystring: ZAuditQuery,
        response: { 200: ZAuditPage },
      },
    },
    async (req) => listAudit(db, requireAuditReader(requireUser(req)), req.query),
  );

  // CSV, not JSON: no response schema (the text is sent as it is).
  r.get(
    '/api/companies/audit.csv',
    { preValidation: auditReaderOnly, schema: { summary: 'The company audit log as CSV (owners)', tags } },
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
