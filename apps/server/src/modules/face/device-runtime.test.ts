import { createRequire } from 'node:module';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { deviceModel } from '@assessly/face';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/support';
import { pickEncoding } from './device-runtime.routes';

const t = useTestApp();

describe('GET /api/proctoring/runtime/{name}', () => {
  it('sends every runtime file compressed: brotli when accepted, else gzip; the bytes decompress to the file', async () => {
    const raw = await t.as(null).get('/api/proctoring/runtime/blazeface.json', { 'accept-encoding': 'identity' });
    expect(raw.statusCode).toBe(200);
    expect(raw.headers['content-encoding']).toBeUndefined();
    const json = raw.rawPayload;
    expect(JSON.parse(json.toString('utf8'))).toHaveProperty('modelTopology');

    const br = await t
      .as(null)
      .get('/api/proctoring/runtime/blazeface.json', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(json.length / 5);
    expect(brotliDecompressSync(br.rawPayload).equals(json)).toBe(true);

    const gz = await t.as(null).get('/api/proctoring/runtime/blazeface.json', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(json)).toBe(true);

    const wasm = await t
      .as(null)
      .get('/api/proctoring/runtime/tfjs-backend-wasm-simd.wasm', { 'accept-encoding': 'br' });
    expect(wasm.headers['content-type']).toBe('application/wasm');
    expect(wasm.headers['content-encoding']).toBe('br');
    expect(Number(wasm.headers['content-length'])).toBe(wasm.rawPayload.length);
  });

  it('sends BlazeFace and FaceMesh as their integer copies (16 and 8 bits), and no phone model (issue 41)', async () => {
    const require = createRequire(import.meta.url);
    const models = path.join(path.dirname(require.resolve('@vladmandic/human')), '..', 'models');
    for (const [name, dtype] of [
      ['blazeface', 'uint16'],
      ['facemesh', 'uint8'],
    ] as const) {
      const expected = await deviceModel(models, name);
      const json = await t.as(null).get(`/api/proctoring/runtime/${name}.json`, { 'accept-encoding': 'br' });
      const manifest = JSON.parse(brotliDecompressSync(json.rawPayload).toString('utf8')) as {
        weightsManifest: { weights: { quantization?: { dtype: string } }[] }[];
      };
      expect(manifest.weightsManifest[0]?.weights.some((w) => w.quantization?.dtype === dtype)).toBe(true);
      const bin = await t.as(null).get(`/api/proctoring/runtime/${name}.bin`, { 'accept-encoding': 'br' });
      expect(brotliDecompressSync(bin.rawPayload).equals(expected.bin)).toBe(true);
    }
    // the phone check is the server's: the page has no CenterNet to fetch
    for (const name of ['centernet.json', 'centernet.bin'])
      expect((await t.as(null).get(`/api/proctoring/runtime/${name}`)).statusCode).toBe(404);
  });

  it('names only its own files', async () => {
    for (const name of ['..%2Fpackage.json', 'human.js', 'human.esm.js', 'antispoof.bin'])
      expect((await t.as(null).get(`/api/proctoring/runtime/${name}`)).statusCode).toBe(404);
  });

  it('negotiates the encoding from Accept-Encoding, honouring q=0', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding(undefined)).toBe('identity');
    expect(pickEncoding('identity')).toBe('identity');
  });
});
