import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app';
import { createSignedInUser, sessionCookie, uniqueEmail } from '../../../test/factories';
import { useTestApp } from '../../../test/support';
import { readConfig } from '../../config';
import { outbox } from '../../db/schema';

const t = useTestApp();

const signupBody = (over: Record<string, unknown> = {}) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: uniqueEmail('ada'),
  password: 'Analytical1',
  role: 'candidate',
  ...over,
});

describe('POST /api/users/add', () => {
  it('creates a candidate, answers "check your email" without an id or the password, and mails a link', async () => {
    const body = signupBody();
    const res = await t.as(null).post('/api/users/add', body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      ok: true,
      email: body.email,
      role: 'candidate',
      message: 'Check your email: we sent you a link to verify your address. Then sign in.',
    });
    const [row] = await t.deps.database.query<{ password_hash: string; first_name: string }>(
      'SELECT password_hash, first_name FROM users WHERE email = $1',
      [body.email],
    );
    expect(row!.first_name).toBe('Ada');
    expect(row!.password_hash.startsWith('$argon2id$')).toBe(true);
    const mails = await t.deps.db.select().from(outbox).where(eq(outbox.toAddress, body.email));
    expect(mails.map((m) => m.bodyText).join()).toMatch(/verify-email\?token=/);
  });

  it('also answers on POST /api/users and gives an employer a company of its own', async () => {
    const body = signupBody({ role: 'employer' });
    const res = await t.as(null).post('/api/users', body);
    expect(res.statusCode).toBe(201);
    expect(res.json().role).toBe('employer');
    const login = await t.as(null).post('/api/users/login', { email: body.email, password: body.password });
    expect(login.json().companyId).toMatch(/^[0-9a-f-]{36}$/);
    expect(login.json().companyRole).toBe('owner');
  });

  // Issue 23, from the attacker's side: sign-up must not tell whether an address has an account.
  it('answers a taken address (whatever its case) exactly like a new one, and mails only its owner', async () => {
    const owner = await createSignedInUser(t.app, { role: 'employer' });
    const before = await t.deps.db.select().from(outbox).where(eq(outbox.toAddress, owner.email));
    const fresh = signupBody({ role: 'employer' });
    const taken = { ...fresh, email: owner.email.toUpperCase() };
    const resNew = await t.as(null).post('/api/users/add', fresh);
    const resTaken = await t.as(null).post('/api/users/add', taken);
    expect(resTaken.statusCode).toBe(resNew.statusCode);
    expect({ ...resTaken.json(), email: 'x' }).toEqual({ ...resNew.json(), email: 'x' });
    expect(Object.keys(resTaken.headers).sort()).toEqual(Object.keys(resNew.headers).sort());
    // The account is untouched: its password still signs in, the attacker's does not.
    expect(
      (await t.as(null).post('/api/users/login', { email: owner.email, password: owner.password })).statusCode,
    ).toBe(200);
    const hijack = await t.as(null).post('/api/users/login', { email: owner.email, password: fresh.password });
    expect(hijack.statusCode).toBe(401);
    const [{ n }] = (await t.deps.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM users WHERE lower(email) = lower($1)',
      [owner.email],
    )) as [{ n: number }];
    expect(n).toBe(1);
    // The owner learns of it (with a way back in); a second try within the minute mails nothing more.
    const after = await t.deps.db.select().from(outbox).where(eq(outbox.toAddress, owner.email));
    const note = after.filter((m) => !before.some((b) => b.id === m.id));
    expect(note).toHaveLength(1);
    expect(note[0]!.kind).toBe('signup_existing');
    expect(note[0]!.bodyText).toMatch(/already has one[\s\S]*reset-password\?token=/);
    await t.as(null).post('/api/users/add', taken);
    expect(await t.deps.db.select().from(outbox).where(eq(outbox.toAddress, owner.email))).toHaveLength(after.length);
  });

  it('validates every field with a clear message', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ firstName: '' }, 'firstName', 'First name is required'],
      [{ lastName: '   ' }, 'lastName', 'Last name is required'],
      [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
      [{ password: 'short' }, 'password', 'Password must be at least 8 characters'],
      [{ role: 'admin' }, 'role', 'Role is required'],
    ];
    for (const [over, field, message] of cases) {
      const res = await t.as(null).post('/api/users/add', signupBody(over));
      expect(res.statusCode, field).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
      expect(res.json().fields[field]).toBe(message);
    }
  });

  it('answers malformed JSON and oversize bodies with clear 4xx JSON', async () => {
    const bad = await t.as(null).post('/api/users/add', '{"email":', { 'content-type': 'application/json' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('INVALID_JSON');
    const big = await t.as(null).post('/api/users/add', { ...signupBody(), bio: 'x'.repeat(2 * 1024 * 1024) });
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('POST /api/users/login', () => {
  it('signs in and sets an httpOnly SameSite=Lax session cookie', async () => {
    const body = signupBody();
    await t.as(null).post('/api/users/add', body);
    const res = await t.as(null).post('/api/users/login', { email: body.email, password: body.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: body.email, role: 'candidate' });
    const raw = String(res.headers['set-cookie']);
    expect(raw).toMatch(/HttpOnly/i);
    expect(raw).toMatch(/SameSite=Lax/i);
    const me = await t.as(null).get('/api/users/me', { cookie: sessionCookie(res) });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(body.email);
  });

  it('without Remember me sets a browser-session cookie that the server forgets after a day', async () => {
    const body = signupBody();
    await t.as(null).post('/api/users/add', body);
    const res = await t
      .as(null)
      .post('/api/users/login', { email: body.email, password: body.password, rememberMe: false });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).not.toMatch(/Expires=/i);
    const cookie = sessionCookie(res);
    t.clock.advance(25 * 3_600_000);
    try {
      const me = await t.as({ cookie: cookie }).get('/api/users/me');
      expect(me.statusCode).toBe(401);
    } finally {
      t.clock.advance(-25 * 3_600_000);
    }
  });

  it('refuses a wrong password and an unknown email with the same 401', async () => {
    const body = signupBody();
    await t.as(null).post('/api/users/add', body);
    const wrong = await t.as(null).post('/api/users/login', { email: body.email, password: 'wrong-password' });
    const unknown = await t.as(null).post('/api/users/login', { email: uniqueEmail('nobody'), password: 'whatever1' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('logs out: the cookie stops working', async () => {
    const u = await createSignedInUser(t.app);
    const out = await t.as(u).post('/api/users/logout');
    expect(out.statusCode).toBe(200);
    const me = await t.as(u).get('/api/users/me');
    expect(me.statusCode).toBe(401);
    // The session read answers a visitor with null and 200 (no failed request on anonymous pages).
    const session = await t.as(u).get('/api/users/session');
    expect(session.statusCode).toBe(200);
    expect(session.json()).toEqual({ user: null });
  });

  it('GET /api/users/session names the signed-in user with the fields of /api/users/me', async () => {
    const u = await createSignedInUser(t.app);
    const [me, session] = [await t.as(u).get('/api/users/me'), await t.as(u).get('/api/users/session')];
    expect(session.statusCode).toBe(200);
    expect(session.json()).toEqual({ user: me.json() });
    expect(session.body).not.toMatch(/password/i);
  });
});

describe('reading and changing users', () => {
  it('answers 401 without a session on every user call', async () => {
    const calls = [
      ['GET', '/api/users/me'],
      ['GET', '/api/users/by-email?email=a@b.co'],
      ['GET', '/api/users/00000000-0000-0000-0000-000000000000'],
      ['PUT', '/api/users/00000000-0000-0000-0000-000000000000'],
    ] as const;
    for (const [method, url] of calls) {
      const res = await t.app.inject({
        method,
        url,
        payload: method === 'PUT' ? { firstName: 'a', lastName: 'b' } : undefined,
      });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().code).toBe('UNAUTHENTICATED');
    }
  });

  it('lets a user read itself by id and by email (quotes stripped)', async () => {
    const u = await createSignedInUser(t.app);
    const byId = await t.as(u).get(`/api/users/${u.id}`);
    expect(byId.json().email).toBe(u.email);
    const byEmail = await t.as(u).get(`/api/users/by-email?email=${encodeURIComponent(`"${u.email}"`)}`);
    expect(byEmail.statusCode).toBe(200);
    expect(byEmail.json().id).toBe(u.id);
  });

  it("refuses to read or change another user's profile (403)", async () => {
    const a = await createSignedInUser(t.app);
    const b = await createSignedInUser(t.app);
    const read = await t.as(a).get(`/api/users/${b.id}`);
    expect(read.statusCode).toBe(403);
    // Issue 23: by email, another user's address answers like an unknown one.
    const byEmail = await t.as(a).get(`/api/users/by-email?email=${b.email}`);
    expect(byEmail.statusCode).toBe(404);
    const put = await t.as(a).put(`/api/users/${b.id}`, { firstName: 'Hacked', lastName: 'X' });
    expect(put.statusCode).toBe(403);
    const still = await t.as(b).get('/api/users/me');
    expect(still.json().firstName).not.toBe('Hacked');
  });

  it('an employer cannot read a candidate who never took its tests', async () => {
    const emp = await createSignedInUser(t.app, { role: 'employer' });
    const cand = await createSignedInUser(t.app);
    const res = await t.as(emp).get(`/api/users/${cand.id}`);
    expect(res.statusCode).toBe(403);
  });

  it('updates the own profile, ignoring role and email in the body', async () => {
    const u = await createSignedInUser(t.app);
    const res = await t.as(u).put(`/api/users/${u.id}`, {
      id: u.id,
      email: 'other@x.co',
      role: 'employer',
      firstName: 'Grace',
      lastName: 'Hopper',
      gender: 'female',
      dob: '1906-12-09',
      mobileNumber: '+1 555 0100',
      bio: 'COBOL',
      educationDetails: 'Yale',
      experienceDetails: 'Navy',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      firstName: 'Grace',
      gender: 'female',
      dob: '1906-12-09',
      email: u.email,
      role: 'candidate',
    });
  });

  it('requires first and last name on update and rejects a bad date', async () => {
    const u = await createSignedInUser(t.app);
    const res = await t.as(u).put(`/api/users/${u.id}`, { firstName: '', lastName: 'X' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.firstName).toBe('First name is required');
    const bad = await t.as(u).put(`/api/users/${u.id}`, { firstName: 'A', lastName: 'B', dob: 'yesterday' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('password reset', () => {
  async function resetLinkFor(email: string): Promise<string> {
    const rows = await t.deps.db.select().from(outbox).where(eq(outbox.toAddress, email));
    const text = rows.at(-1)?.bodyText ?? '';
    const m = text.match(/reset-password\?token=([\w%-]+)/);
    if (!m) throw new Error('no reset link in the outbox');
    return decodeURIComponent(m[1]!);
  }

  it('mails a one-time link that sets a new password, and cannot be reused', async () => {
    const u = await createSignedInUser(t.app);
    const ask = await t.as(null).post('/api/users/forgot-password', { email: u.email });
    expect(ask.statusCode).toBe(200);
    const token = await resetLinkFor(u.email);
    const reset = await t.as(null).post('/api/users/reset-password', { token, password: 'Brand-new-pass1' });
    expect(reset.statusCode).toBe(200);
    const oldLogin = await t.as(null).post('/api/users/login', { email: u.email, password: u.password });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await t.as(null).post('/api/users/login', { email: u.email, password: 'Brand-new-pass1' });
    expect(newLogin.statusCode).toBe(200);
    // the old session was signed out by the reset
    const me = await t.as(u).get('/api/users/me');
    expect(me.statusCode).toBe(401);
    const again = await t.as(null).post('/api/users/reset-password', { token, password: 'Another-pass1' });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('TOKEN_INVALID');
  });

  it('refuses an expired link', async () => {
    const u = await createSignedInUser(t.app);
    await t.as(null).post('/api/users/forgot-password', { email: u.email });
    const token = await resetLinkFor(u.email);
    t.clock.advance(61 * 60_000);
    try {
      const res = await t.as(null).post('/api/users/reset-password', { token, password: 'Brand-new-pass1' });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('TOKEN_INVALID');
    } finally {
      t.clock.advance(-61 * 60_000);
    }
  });

  it('sends at most one reset email a minute per account (the form is public)', async () => {
    const u = await createSignedInUser(t.app);
    const ask = () => t.as(null).post('/api/users/forgot-password', { email: u.email });
    const mails = async () =>
      (await t.deps.db.select().from(outbox).where(eq(outbox.toAddress, u.email))).filter(
        (m) => m.kind === 'password_reset',
      ).length;
    for (let i = 0; i < 5; i++) expect((await ask()).statusCode).toBe(200);
    expect(await mails()).toBe(1);
    t.clock.advance(61_000);
    try {
      await ask();
      expect(await mails()).toBe(2);
    } finally {
      t.clock.advance(-61_000);
    }
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const email = uniqueEmail('ghost');
    const res = await t.as(null).post('/api/users/forgot-password', { email });
    expect(res.statusCode).toBe(200);
    const rows = await t.deps.db.select().from(outbox).where(eq(outbox.toAddress, email));
    expect(rows).toHaveLength(0);
  });
});

describe('cross-site and unknown requests', () => {
  it('refuses a mutating request from another origin', async () => {
    const res = await t
      .as(null)
      .post('/api/users/login', { email: 'a@b.co', password: 'x' }, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('ORIGIN_REJECTED');
  });
  it('does not believe X-Forwarded-Host without TRUST_PROXY: a client cannot name the origin it is checked against', async () => {
    const res = await t
      .as(null)
      .post(
        '/api/users/login',
        { email: 'a@b.co', password: 'x' },
        { origin: 'https://evil.example', 'x-forwarded-host': 'evil.example' },
      );
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('ORIGIN_REJECTED');
  });
  it('refuses the opaque origin "null" (a sandboxed iframe or data: page on another site)', async () => {
    const res = await t.as(null).post('/api/users/logout', undefined, { origin: 'null' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('ORIGIN_REJECTED');
  });
  it('answers an unknown API route with a JSON 404', async () => {
    const res = await t.as(null).get('/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('ROUTE_NOT_FOUND');
  });
});

describe('rate limiting', () => {
  it('limits sign-in attempts per minute', async () => {
    const config = { ...readConfig({ PORT: '3000' }), webDist: null, signinIpRateLimit: 3 };
    const limited = await buildTestApp({ config });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/users/login',
          payload: { email: 'x@y.co', password: 'nope-nope' },
        });
        codes.push(res.statusCode);
      }
      expect(codes.slice(0, 3)).toEqual([401, 401, 401]);
      expect(codes[3]).toBe(429);
      // A client cannot escape the limit by naming its own address in X-Forwarded-For (no proxy is trusted).
      const spoofed = await limited.app.inject({
        method: 'POST',
        url: '/api/users/login',
        headers: { 'x-forwarded-for': '203.0.113.77' },
        payload: { email: 'x@y.co', password: 'nope-nope' },
      });
      expect(spoofed.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
