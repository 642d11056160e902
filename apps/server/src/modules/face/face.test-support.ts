/** Test support for the face API tests: fixture photos and hand-built multipart bodies for app.inject(). */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { FIXTURES_DIR } from '@assessly/face/fixtures';

export { FIXTURES_DIR };

const cache = new Map<string, Buffer>();
export function photo(file: string): Buffer {
  let b = cache.get(file);
  if (!b) {
    b = readFileSync(path.join(FIXTURES_DIR, file));
    cache.set(file, b);
  }
  return b;
}

export interface MultipartBody {
  payload: Buffer;
  headers: Record<string, string>;
}

/** multipart/form-data with text fields and (optionally) one file in the field `image`. */
export function multipart(
  fields: Record<string, string>,
  image?: Buffer | { data: Buffer; type?: string; filename?: string; field?: string },
): MultipartBody {
  const boundary = `----assessly${randomUUID().replace(/-/g, '')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (image) {
    const f = Buffer.isBuffer(image) ? { data: image } : image;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'image'}"; filename="${f.filename ?? 'frame.jpg'}"\r\nContent-Type: ${f.type ?? 'image/jpeg'}\r\n\r\n`,
      ),
    );
    chunks.push(f.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const isJpeg = (b: Buffer) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;
