/** Issue 23: every IPv6 spelling of a private or loopback address is refused, ::/96 included. */
import { describe, expect, it } from 'vitest';
import { isPrivateAddress } from './webhooks.url-guard';

describe('isPrivateAddress over IPv6 forms', () => {
  it('refuses IPv4-compatible, mapped, translated, NAT64, Teredo and 6to4 forms of private addresses', () => {
    for (const ip of [
      '::',
      '::1',
      '0:0:0:0:0:0:0:1',
      '::127.0.0.1',
      '::7f00:1',
      '::a00:1',
      '::10.0.0.1',
      '::ffff:7f00:1',
      '0:0:0:0:0:ffff:7f00:1',
      '::ffff:0:7f00:1',
      '64:ff9b::a00:1',
      '64:ff9b:1::1',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
      '2002:7f00:1::1',
      'fd12:3456::1',
    ]) {
      expect(isPrivateAddress(ip), ip).toBe(true);
    }
  });

  it('still lets public addresses through', () => {
    for (const ip of ['2606:4700::1111', '2001:4860:4860::8888', '::ffff:8.8.8.8', '8.8.8.8']) {
      expect(isPrivateAddress(ip), ip).toBe(false);
    }
  });
});
