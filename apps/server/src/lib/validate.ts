import type { ZodType } from 'zod';
import { AppError, zodFields } from './errors';

export const NUL_MESSAGE = 'Text cannot contain NUL characters';

/**
 * Parses untrusted input; a failure is a 400 VALIDATION AppError whose message is the first field's message.
 * PostgreSQL text cannot hold U+0000, so a string carrying one is refused here (400) rather than failing in
 * the database (500).
 */
export function parseInput<T>(schema: ZodType<T>, data: unknown): T {
  const r = schema.safeParse(data ?? {});
  if (!r.success) {
    const fields = zodFields(r.error);
    throw new AppError('VALIDATION', Object.values(fields)[0] ?? 'Invalid input', fields);
  }
  const at = findNul(r.data, '', 0);
  if (at !== null) throw new AppError('VALIDATION', NUL_MESSAGE, { [at || '_']: NUL_MESSAGE });
  return r.data;
}

/** The path of the first string holding U+0000 (in keys or values), or null. */
export function findNul(value: unknown, path: string, depth: number): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object' || depth > 20) return null;
  for (const [key, child] of Object.entries(value)) {
    const childPath = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return childPath;
    const found = findNul(child, childPath, depth + 1);
    if (found !== null) return found;
  }
  return null;
}
