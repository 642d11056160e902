/**
 * Gzip request bodies (issue 16: the code page compresses large drafts). A route's preParsing hook: with
 * `Content-Encoding: gzip` the body is inflated on the way to the JSON parser, and inflating stops as soon as
 * the output passes `maxBytes` (a zip bomb costs at most that much work): 413 PAYLOAD_TOO_LARGE, the same
 * answer as a plain body over the route's limit. Corrupt data → 400; another encoding → 415.
 */
import type { Readable } from 'node:stream';
import { PassThrough } from 'node:stream';
import { createGunzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

type Payload = Readable & { receivedEncodedLength?: number };

function httpError(statusCode: number, message: string): Error {
  return Object.assign(new Error(message), { statusCode });
}

export function gunzipBody(maxBytes: number) {
  return async (req: FastifyRequest, _reply: FastifyReply, payload: Payload): Promise<Payload> => {
    const encoding = String(req.headers['content-encoding'] ?? '')
      .trim()
      .toLowerCase();
    if (encoding === '' || encoding === 'identity') return payload;
    if (encoding !== 'gzip') throw httpError(415, `Unsupported content encoding ${encoding}`);
    const out: PassThrough & { receivedEncodedLength?: number } = new PassThrough();
    const gunzip = createGunzip();
    let encoded = 0;
    let inflated = 0;
    let stopped = false;
    const stop = (err: Error) => {
      if (stopped) return;
      stopped = true;
      payload.unpipe(gunzip);
      gunzip.destroy();
      payload.resume(); // drain what the client still sends, without inflating it
      out.destroy(err);
    };
    payload.on('data', (chunk: Buffer) => {
      encoded += chunk.length;
      out.receivedEncodedLength = encoded; // Fastify matches Content-Length against the bytes received
    });
    gunzip.on('data', (chunk: Buffer) => {
      if (stopped) return;
      inflated += chunk.length;
      if (inflated > maxBytes) return stop(httpError(413, 'The request is too large'));
      out.write(chunk);
    });
    gunzip.on('end', () => {
      if (!stopped) out.end();
    });
    gunzip.on('error', () => stop(httpError(400, 'The request body is not valid gzip')));
    payload.on('error', (err) => stop(err));
    payload.pipe(gunzip);
    return out;
  };
}
