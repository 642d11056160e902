/** preValidation guards of the company-administration routes: 401/403 before any input error. */
import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { requireUser } from './auth';
import { requireAuditReader, requireCompanyAdmin } from './company-admin';

/** A signed-in owner or admin of a company. */
export const companyAdminOnly: preValidationAsyncHookHandler = async (req: FastifyRequest) => {
  requireCompanyAdmin(requireUser(req));
};
/** A signed-in company owner (the audit log). */
export const auditReaderOnly: preValidationAsyncHookHandler = async (req: FastifyRequest) => {
  requireAuditReader(requireUser(req));
};
