/** The built web app as a drive's candidates receive it: precompressed files, long-lived caching of hashed assets. */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/support';
import { readConfig } from './config';

let dist: string;
const js = `export const big = ${JSON.stringify('candidate '.repeat(500))};\n`;

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'assessly-web-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), `<!doctype html><title>Assessly</title>${'<p>x</p>'.repeat(300)}`);
  await writeFile(path.join(dist, 'assets', 'editor-Ab12Cd34.js'), js);
  // What the web build's precompress step writes (apps/web/build/precompress.ts, tested there).
  for (const file of ['index.html', 'assets/editor-Ab12Cd34.js']) {
    const raw = await readFile(path.join(dist, file));
    await writeFile(path.join(dist, `${file}.br`), brotliCompressSync(raw));
    await writeFile(path.join(dist, `${file}.gz`), gzipSync(raw));
  }
});
afterAll(async () => {
  await rm(dist, { recursive: true, force: true });
});
const t = useTestApp(() => ({ config: { ...readConfig({ PORT: '3000' }), webDist: dist } }));

describe('static web assets', () => {
  it('sends the brotli copy with an immutable year-long cache for a hashed asset', async () => {
    const res = await t.as(null).get('/assets/editor-Ab12Cd34.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(res.rawPayload.length).toBeLessThan(js.length / 5);
  });

  it('falls back to gzip, then to the plain file, by what the client accepts', async () => {
    const gz = await t.as(null).get('/assets/editor-Ab12Cd34.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await t.as(null).get('/assets/editor-Ab12Cd34.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(js);
  });

  it('revalidates index.html and client routes on every load (no-cache)', async () => {
    const root = await t.as(null).get('/', { 'accept-encoding': 'br' });
    expect(root.statusCode).toBe(200);
    expect(root.headers['cache-control']).toBe('no-cache');
    const route = await t.as(null).get('/code/some-test');
    expect(route.statusCode).toBe(200);
    expect(route.headers['cache-control']).toBe('no-cache');
    expect(route.body).toContain('<title>Assessly</title>');
  });
});
