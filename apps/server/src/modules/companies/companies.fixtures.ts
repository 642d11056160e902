/** Test data for the companies tests: a valid registration, image bytes of any size, multipart bodies. */
import type { FastifyInstance } from 'fastify';
import { uniqueEmail } from '../../../test/factories';

/** A real 1×1 PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** PNG magic followed by padding, exactly `size` bytes (the size rules look at the byte count). */
export function pngOfSize(size: number): Buffer {
  const buf = Buffer.alloc(size);
  TINY_PNG.copy(buf, 0, 0, Math.min(TINY_PNG.length, size));
  return buf;
}

export const DESCRIPTION = 'We build developer tools that help teams ship reliable software faster.';

export function validRegistration(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    companyName: 'Acme Labs',
    companyEmail: uniqueEmail('company'),
    website: 'https://acme.example',
    industry: 'Technology',
    companySize: '11-50',
    establishedYear: 2001,
    description: DESCRIPTION,
    linkedinUrl: 'https://www.linkedin.com/company/acme-labs',
    fullName: 'Grace Brewster Hopper',
    designation: 'CTO',
    adminEmail: uniqueEmail('admin'),
    password: 'Compiler1',
    agreeToTerms: true,
    ...over,
  };
}

/** A multipart/form-data body as a browser sends it (fields as strings, the logo as a file part). */
export async function multipart(
  fields: Record<string, unknown>,
  logo?: { data: Buffer; type: string; name?: string },
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined && k !== 'companyLogo') form.append(k, String(v));
  if (logo)
    form.append('companyLogo', new Blob([new Uint8Array(logo.data)], { type: logo.type }), logo.name ?? 'logo.png');
  const res = new Response(form);
  return {
    payload: Buffer.from(await res.arrayBuffer()),
    headers: { 'content-type': res.headers.get('content-type')! },
  };
}

export async function registerMultipart(
  app: FastifyInstance,
  fields: Record<string, unknown>,
  logo?: { data: Buffer; type: string; name?: string },
) {
  const { payload, headers } = await multipart(fields, logo);
  return app.inject({ method: 'POST', url: '/api/register-company', payload, headers });
}

/** The token of the last link of this kind mailed to an address, read from the outbox table. */
export async function tokenFromOutbox(
  query: <T>(sql: string, params?: unknown[]) => Promise<T[]>,
  to: string,
  path: '/verify-email' | '/join',
): Promise<string> {
  const rows = await query<{ body_text: string }>(
    'SELECT body_text FROM outbox WHERE lower(to_address) = lower($1) ORDER BY created_at DESC',
    [to],
  );
  for (const r of rows) {
    const m = new RegExp(`${path}\\?token=([A-Za-z0-9_%-]+)`).exec(r.body_text);
    if (m) return decodeURIComponent(m[1]!);
  }
  throw new Error(`no ${path} link mailed to ${to}`);
}
