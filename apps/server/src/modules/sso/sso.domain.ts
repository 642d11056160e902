/**
 * Domain proof for single sign-on: before discovery or just-in-time accounts use a company's provider, the
 * company publishes a TXT record the server looks up itself. Free-mail domains are refused outright: nobody
 * owns gmail.com's users.
 */
import { randomBytes } from 'node:crypto';
import { resolveTxt } from 'node:dns/promises';
import { AppError } from '../../lib/errors';

/** Public mailbox providers: a company never proves one of these, and discovery never redirects them. */
const FREE_MAIL = new Set(
  [
    'gmail.com googlemail.com outlook.com hotmail.com hotmail.co.uk live.com msn.com yahoo.com yahoo.co.uk',
    'ymail.com aol.com icloud.com me.com mac.com proton.me protonmail.com pm.me gmx.com gmx.net gmx.de',
    'web.de mail.com zoho.com yandex.com yandex.ru mail.ru fastmail.com tutanota.com tuta.io hey.com',
    'qq.com 163.com 126.com naver.com seznam.cz orange.fr free.fr laposte.net libero.it t-online.de',
  ]
    .join(' ')
    .split(' '),
);

export function isFreeMailDomain(domain: string): boolean {
  return FREE_MAIL.has(domain.toLowerCase());
}

export function newDomainToken(): string {
  return randomBytes(18).toString('hex');
}

export function domainRecord(domain: string, token: string) {
  return { name: `_assessly-challenge.${domain}`, value: `assessly-domain-verification=${token}` };
}

export type TxtResolver = (host: string) => Promise<string[][]>;
export const systemTxtResolver: TxtResolver = (host) => resolveTxt(host);

/** Looks the record up; 422 saying what was expected when it is missing or different. */
export async function proveDomain(resolve: TxtResolver, domain: string, token: string): Promise<void> {
  const record = domainRecord(domain, token);
  let found: string[][] = [];
  try {
    found = await resolve(record.name);
  } catch {
    found = [];
  }
  // A long TXT value may arrive split in 255-byte strings: join each record's parts.
  if (!found.some((parts) => parts.join('') === record.value)) {
    throw new AppError('UNPROCESSABLE', `No TXT record "${record.value}" was found at ${record.name} yet.`);
  }
}
