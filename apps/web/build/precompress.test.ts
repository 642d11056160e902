/** The build's precompression: brotli and gzip copies that decode to the very file, small files left alone. */
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from './precompress';

let dir: string;
const js = `export const big = ${JSON.stringify('candidate '.repeat(500))};\n`;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'assessly-precompress-'));
  await writeFile(path.join(dir, 'editor-Ab12Cd34.js'), js);
  await writeFile(path.join(dir, 'tiny.js'), 'export {};\n');
  await writeFile(path.join(dir, 'photo.png'), Buffer.alloc(4096, 7));
  await precompressDir(dir);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('precompressDir', () => {
  it('writes .br and .gz copies that decode to the same file and are much smaller', async () => {
    const file = path.join(dir, 'editor-Ab12Cd34.js');
    const br = await readFile(`${file}.br`);
    const gz = await readFile(`${file}.gz`);
    expect(brotliDecompressSync(br).toString()).toBe(js);
    expect(gunzipSync(gz).toString()).toBe(js);
    expect(br.length).toBeLessThan(js.length / 5);
    expect(br.length).toBeLessThanOrEqual(gz.length);
  });

  it('leaves files under 1 KiB and files that do not compress by type alone', async () => {
    await expect(stat(path.join(dir, 'tiny.js.br'))).rejects.toThrow();
    await expect(stat(path.join(dir, 'photo.png.br'))).rejects.toThrow();
  });
});
