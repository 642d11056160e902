/**
 * One GET of a vendor's JSON API (Lever's opportunity), with the webhooks' SSRF guard (the address connected to is
 * the one checked), a 10 s deadline, no redirects, and at most 256 KB read.
 */
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { guardedLookup, isPrivateAddress } from '../webhooks/webhooks.url-guard';

const TIMEOUT_MS = 10_000;
const MAX_BYTES = 256 * 1024;

export function getJson(
  url: string,
  headers: Record<string, string>,
  allowPrivate: boolean,
): Promise<{ status: number; json: unknown } | { status: null; error: string }> {
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return resolve({ status: null, error: 'Invalid URL' });
    }
    const host = target.hostname.replace(/^\[|\]$/g, '');
    if (!allowPrivate && isIP(host) && isPrivateAddress(host))
      return resolve({ status: null, error: 'Refused: private address' });
    const lib = target.protocol === 'https:' ? https : http;
    const req = lib.request(
      target,
      { method: 'GET', headers: { accept: 'application/json', ...headers }, lookup: guardedLookup(allowPrivate) },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > MAX_BYTES) return res.destroy(new Error('Answer too large'));
          chunks.push(c);
        });
        res.on('end', () => {
          try {
            resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
          } catch {
            resolve({ status: null, error: `HTTP ${res.statusCode}: not JSON` });
          }
        });
        res.on('error', (err) => resolve({ status: null, error: err.message.slice(0, 300) }));
      },
    );
    const deadline = setTimeout(() => req.destroy(new Error('Timed out after 10 s')), TIMEOUT_MS);
    req.on('close', () => clearTimeout(deadline));
    req.on('error', (err) => resolve({ status: null, error: err.message.slice(0, 300) }));
    req.end();
  });
}
