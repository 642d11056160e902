/**
 * Limits that tell a candidate from an attacker (issue 16): a test centre of 500 behind one address signs
 * up and in with the default limits, while wrong passwords throttle only the account they are aimed at.
 */
import { describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../../test/factories';
import { useTestApp } from '../../../test/support';

// The default configuration (SIGNIN_IP_RATE_LIMIT, SIGNIN_ACCOUNT_LIMIT unset).
const t = useTestApp();

const PASSWORD = 'Correct horse battery 9'; // the one password rule (issue 13)
const signup = (email: string) =>
  t.as(null).post('/api/users/add', {
    firstName: 'Drive',
    lastName: 'Candidate',
    email,
    password: PASSWORD,
    role: 'candidate',
  });
const login = (email: string, password = PASSWORD) => t.as(null).post('/api/users/login', { email, password });

async function inBatches<T>(items: T[], size: number, fn: (item: T) => Promise<{ statusCode: number }>) {
  const codes: number[] = [];
  for (let i = 0; i < items.length; i += size) {
    codes.push(...(await Promise.all(items.slice(i, i + size).map(fn))).map((r) => r.statusCode));
  }
  return codes;
}

describe('sign-in limits', () => {
  it('lets 500 candidates behind one address sign up and sign in', async () => {
    const emails = Array.from({ length: 500 }, (_, i) => uniqueEmail(`drive${i}`));
    const started = Date.now();
    const signups = await inBatches(emails, 50, signup);
    const logins = await inBatches(emails, 50, (e) => login(e));
    console.log(`500 sign-ups and 500 sign-ins from one address: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    expect(signups.filter((c) => c !== 201)).toEqual([]);
    expect(logins.filter((c) => c !== 200)).toEqual([]);
  }, 180_000);

  it('throttles an account after wrong passwords, not its neighbours on the same address', async () => {
    const target = uniqueEmail('target');
    const neighbour = uniqueEmail('neighbour');
    expect((await signup(target)).statusCode).toBe(201);
    expect((await signup(neighbour)).statusCode).toBe(201);
    const codes: number[] = [];
    for (let i = 0; i < 30; i++) codes.push((await login(target, `wrong-password-${i}`)).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
    expect(codes.slice(10).every((c) => c === 429)).toBe(true);
    // Throttled: even the right password is refused, with a Retry-After and its own code.
    const right = await login(target);
    expect(right.statusCode).toBe(429);
    expect(right.json().code).toBe('ACCOUNT_THROTTLED');
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(60);
    // Same address, another account: unaffected (and a differently-cased email is the same account).
    expect((await login(neighbour)).statusCode).toBe(200);
    expect((await login(target.toUpperCase())).statusCode).toBe(429);
    // The window passes: the owner signs in again.
    t.clock.advance(15 * 60_000 + 1000);
    expect((await login(target)).statusCode).toBe(200);
  });
});
