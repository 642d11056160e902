/**
 * Issue 23: wrong passwords lock an (account, address) pair, so a stranger cannot lock someone out of their own
 * account by guessing from elsewhere; a password reset lifts every lock of the account.
 */
import { describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../../test/factories';
import { tokenFromOutbox } from '../../../test/fixtures/companies';
import { useTestApp } from '../../../test/support';

const t = useTestApp();

const login = (email: string, password: string, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password }, remoteAddress: ip });

describe('sign-in lockout', () => {
  it('a stranger’s wrong passwords do not lock the owner out from their own address', async () => {
    const victim = await createSignedInUser(t.app);
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) codes.push((await login(victim.email, `wrong-${i}`, '203.0.113.9')).statusCode);
    expect(codes.at(-1)).toBe(429);
    expect((await login(victim.email, victim.password, '203.0.113.9')).statusCode).toBe(429);
    expect((await login(victim.email, victim.password, '198.51.100.7')).statusCode).toBe(200);
  });

  it('a password reset lifts the lock', async () => {
    const user = await createSignedInUser(t.app);
    for (let i = 0; i < 12; i++) await login(user.email, `wrong-${i}`, '192.0.2.1');
    expect((await login(user.email, user.password, '192.0.2.1')).statusCode).toBe(429);
    await t.as(null).post('/api/users/forgot-password', { email: user.email });
    const token = await tokenFromOutbox(t.deps.database.query.bind(t.deps.database), user.email, '/reset-password');
    const reset = await t.as(null).post('/api/users/reset-password', { token, password: 'A-new-passw0rd-here' });
    expect(reset.statusCode).toBe(200);
    expect((await login(user.email, 'A-new-passw0rd-here', '192.0.2.1')).statusCode).toBe(200);
  });
});
