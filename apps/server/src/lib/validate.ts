import type { ZodType } from 'zod';
import { AppError, zodFields } from './errors';

/** Parses untrusted input; a failure is a 400 VALIDATION AppError whose message is the first field's message. */
export function parseInput<T>(schema: ZodType<T>, data: unknown): T {
  const r = schema.safeParse(data ?? {});
  if (r.success) return r.data;
  const fields = zodFields(r.error);
  throw new AppError('VALIDATION', Object.values(fields)[0] ?? 'Invalid input', fields);
}
