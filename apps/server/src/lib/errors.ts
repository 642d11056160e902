import { type AppErrorCode, ERROR_STATUS, type TErrorBody } from '@assessly/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';

/** The one error class of the server. The status comes from ERROR_STATUS in @assessly/shared. */
export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export function zodFields(err: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of err.issues) {
    const key = issue.path.join('.') || '_';
    if (!(key in fields)) fields[key] = issue.message;
  }
  return fields;
}

/** One handler: AppError → its status; zod → 400 with fields; Fastify's own 4xx kept; the rest → 500, text hidden. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError | ZodError, req, reply) => {
    let status: number;
    let body: TErrorBody;
    if (err instanceof AppError) {
      status = err.status;
      body = { code: err.code, message: err.message, ...(err.fields ? { fields: err.fields } : {}) };
      if (err.headers) reply.headers(err.headers);
    } else if (err instanceof ZodError) {
      const fields = zodFields(err);
      status = 400;
      body = { code: 'VALIDATION', message: Object.values(fields)[0] ?? 'Invalid input', fields };
    } else if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (err instanceof SyntaxError && err.statusCode === 400)) {
      status = 400;
      body = { code: 'INVALID_JSON', message: 'The request body is not valid JSON' };
    } else if (
      err.statusCode === 413 ||
      err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ||
      err.code === 'FST_REQ_FILE_TOO_LARGE'
    ) {
      status = 413;
      body = { code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large' };
    } else if (err.statusCode === 415 || err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      status = 415;
      body = { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Unsupported content type' };
    } else if (err.statusCode === 429) {
      status = 429;
      body = { code: 'RATE_LIMITED', message: 'Too many requests. Please wait a minute and try again.' };
    } else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      status = err.statusCode;
      body = { code: 'BAD_REQUEST', message: err.message };
    } else {
      req.log.error({ err }, 'unhandled error');
      status = 500;
      body = { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' };
    }
    reply.status(status).send(body);
  });
}
