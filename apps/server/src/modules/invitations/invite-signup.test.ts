/** One-go sign-up from an invitation: account, verified address and session in one call; progress follows at once. */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildCodingTest, sessionCookie } from '../../../test/factories';
import { madeBeforeAll, useSignedIn, useTestApp } from '../../../test/support';
import { outbox, users } from '../../db/schema';

const t = useTestApp();
const employer = useSignedIn(t, { role: 'employer' });
const EMAIL = 'invited.once@example.test';

const seeded = madeBeforeAll(async () => {
  const { test } = await buildCodingTest(t.deps.db, { employer });
  const res = await t.as(employer).post('/api/invitations', { testId: test.id, emails: [EMAIL] });
  expect(res.statusCode, res.body).toBe(201);
  const [mail] = await t.deps.db.select().from(outbox).where(eq(outbox.toAddress, EMAIL));
  const token = /\/invite\/([A-Za-z0-9_-]+)/.exec(mail!.bodyText)![1]!;
  return { test, token };
});

const signup = (token: string, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/invitations/accept/${token}/signup`, payload: body });
const person = { firstName: 'Ivy', lastName: 'Invited', password: 'a-long-Passphrase-42' };

describe('POST /api/invitations/accept/:token/signup', () => {
  it('refuses a weak password with 400 and an unknown token with 404, creating nothing', async () => {
    expect((await signup(seeded.token, { ...person, password: 'short' })).statusCode).toBe(400);
    expect((await signup('not-a-real-token', person)).statusCode).toBe(404);
    expect(await t.deps.db.select().from(users).where(eq(users.email, EMAIL))).toHaveLength(0);
  });

  it('creates a verified candidate with the invited address, signs them in, and the invitation shows started', async () => {
    const res = await signup(seeded.token, { ...person, email: 'someone.else@example.test', role: 'employer' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ email: EMAIL, role: 'candidate', firstName: 'Ivy' });
    const [row] = await t.deps.db.select().from(users).where(eq(users.email, EMAIL));
    expect(row!.emailVerifiedAt).not.toBeNull();

    const cookie = sessionCookie(res);
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } });
    expect(me.json().email).toBe(EMAIL);
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/attempts/${seeded.test.id}/start`,
      headers: { cookie },
    });
    expect(started.statusCode, started.body).toBe(200);
    const list = (await t.as(employer).get(`/api/invitations?testId=${seeded.test.id}`)).json();
    expect(list.find((i: { email: string }) => i.email === EMAIL).status).toBe('started');
  });

  it('answers 409 when the address already has an account (sign in instead)', async () => {
    const again = await signup(seeded.token, person);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('EMAIL_TAKEN');
  });
});
