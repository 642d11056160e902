/** Factories that make each test's data unique, and helpers that sign in through the real API. */
import type { FastifyInstance } from 'fastify';
import { testDeps } from './build-test-app';

let seq = 0;
export function uniqueEmail(prefix = 'user'): string {
  seq += 1;
  return `${prefix}.${Date.now().toString(36)}.${seq}.${Math.random().toString(36).slice(2, 6)}@example.test`;
}

export interface SignedInUser {
  id: string;
  email: string;
  password: string;
  role: 'candidate' | 'employer';
  cookie: string;
  companyId: string | null;
}

export function sessionCookie(res: { headers: Record<string, unknown> }): string {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : [raw];
  const found = list.find((c) => typeof c === 'string' && c.startsWith('assessly_session='));
  if (!found) throw new Error('no session cookie was set');
  return (found as string).split(';')[0]!;
}

/** Signs up and signs in a user through the API; returns its id and session cookie. */
export async function createSignedInUser(
  app: FastifyInstance,
  opts: {
    role?: 'candidate' | 'employer';
    email?: string;
    password?: string;
    firstName?: string;
    lastName?: string;
    /** Marks the email verified (as following the emailed link would); default true. */
    verified?: boolean;
  } = {},
): Promise<SignedInUser> {
  const role = opts.role ?? 'candidate';
  const email = opts.email ?? uniqueEmail(role);
  const password = opts.password ?? 'Passw0rd!x';
  const signup = await app.inject({
    method: 'POST',
    url: '/api/users/add',
    payload: { firstName: opts.firstName ?? 'Test', lastName: opts.lastName ?? role, email, password, role },
  });
  if (signup.statusCode !== 201) throw new Error(`signup failed: ${signup.statusCode} ${signup.body}`);
  if (opts.verified ?? true) await markEmailVerified(app, email);
  const login = await app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password } });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
  const body = login.json();
  return { id: body.id, email, password, role, cookie: sessionCookie(login), companyId: body.companyId };
}

/** Marks an account's email verified directly in the test database (the link flow has its own tests). */
export async function markEmailVerified(app: FastifyInstance, email: string): Promise<void> {
  const deps = testDeps.get(app);
  if (!deps) throw new Error('markEmailVerified needs an app made by buildTestApp()');
  await deps.database.query('UPDATE users SET email_verified_at = now() WHERE lower(email) = lower($1)', [email]);
}
