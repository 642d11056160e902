/**
 * Server-side request forgery guard for webhook URLs: a URL whose host resolves to a loopback, private,
 * link-local, carrier-grade NAT, multicast or otherwise non-public address is refused, at creation AND at
 * every delivery (the delivery connects to the address this check approved, so DNS rebinding between the
 * check and the connection does not help). WEBHOOK_ALLOW_PRIVATE=1 lifts the rule.
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { AppError } from '../../lib/errors';

const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  // Issue 23: ::/96 holds the IPv4-compatible forms (::127.0.0.1, ::a00:1) as well as :: and ::1.
  ['::', 96],
  ['::ffff:0:0:0', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['2001::', 32],
  ['2001:10::', 28],
  ['2001:20::', 28],
  ['100::', 64],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, bits, 'ipv6');

/** True for any address a webhook must not reach (IPv4-mapped IPv6 is judged by its IPv4 part). */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1]!, 'ipv4');
  if (/^::ffff:/i.test(address)) return true;
  return blocked.check(address, 'ipv6');
}

function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

/** Resolves every address of the URL's host; refuses the URL if any of them is private (unless allowed). */
export async function checkWebhookUrl(raw: string, allowPrivate: boolean): Promise<void> {
  const url = new URL(raw);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new AppError('VALIDATION', 'The URL must start with http:// or https://', { url: 'Use http or https' });
  }
  if (url.username || url.password) {
    throw new AppError('VALIDATION', 'The URL must not contain a user name or password', { url: 'No credentials' });
  }
  if (allowPrivate) return;
  const host = hostOf(url);
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  } catch {
    throw new AppError('WEBHOOK_URL_REFUSED', 'The webhook host could not be resolved', { url: 'Unknown host' });
  }
  if (addresses.length === 0 || addresses.some(isPrivateAddress)) {
    throw new AppError('WEBHOOK_URL_REFUSED', 'Webhook URLs must not point at private or loopback addresses', {
      url: 'Private or loopback address',
    });
  }
}

/**
 * A lookup for http.request that resolves, then refuses private addresses before the socket connects, so the
 * address connected to is the address checked.
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { all: true, verbatim: true, family: options.family as number | undefined })
      .then((list) => {
        const ok = allowPrivate ? list : list.filter((a) => !isPrivateAddress(a.address));
        if (ok.length === 0 || ok.length !== list.length) {
          const err = Object.assign(new Error(`Refused: ${hostname} resolves to a private address`), {
            code: 'EWEBHOOKPRIVATE',
          });
          return callback(err, '', 4);
        }
        if (options.all) return (callback as unknown as (e: null, a: typeof ok) => void)(null, ok);
        return callback(null, ok[0]!.address, ok[0]!.family);
      })
      .catch((err: NodeJS.ErrnoException) => callback(err, '', 4));
  };
}
