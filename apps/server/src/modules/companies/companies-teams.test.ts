import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createSignedInUser, sessionCookie, uniqueEmail } from '../../../test/factories';
import { tokenFromOutbox, validRegistration } from '../../../test/fixtures/companies';
import type { UserRow } from '../../db/schema';
import { requireManagedTest } from '../tests/tests.access';
import { findUserById } from '../users/users.repo';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

interface Member {
  id: string;
  email: string;
  cookie: string;
  companyId: string;
}

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const post = (url: string, payload: unknown, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {} });
const query = () => t.deps.database.query.bind(t.deps.database);
const row = async (id: string) => (await findUserById(t.deps.db, id)) as UserRow;

async function registerCompany(opts: { verify?: boolean } = {}): Promise<Member> {
  const form = validRegistration();
  const res = await post('/api/register-company', form);
  if (res.statusCode !== 201) throw new Error(res.body);
  if (opts.verify ?? true) {
    // A company sends mail only once verified: follow the emailed link, as the owner would.
    const token = await tokenFromOutbox(query(), String(form.adminEmail), '/verify-email');
    const verified = await post('/api/users/verify-email', { token });
    if (verified.statusCode !== 200) throw new Error(verified.body);
  }
  return {
    id: res.json().user.id,
    email: String(form.adminEmail),
    cookie: sessionCookie(res),
    companyId: res.json().company.id,
  };
}

async function inviteAndJoin(admin: Member, email = uniqueEmail('recruiter')): Promise<Member> {
  const invite = await post('/api/companies/invitations', { email }, admin.cookie);
  if (invite.statusCode !== 201) throw new Error(invite.body);
  const token = await tokenFromOutbox(query(), email, '/join');
  const res = await post(`/api/companies/invitations/${token}/accept`, {
    firstName: 'Rita',
    lastName: 'Cruiter',
    password: 'Hiring123',
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return { id: res.json().id, email, cookie: sessionCookie(res), companyId: res.json().companyId };
}

async function insertTest(owner: Member, name: string): Promise<string> {
  const [r] = await t.deps.database.query<{ id: string }>(
    "INSERT INTO tests (company_id, created_by, test_name, test_type) VALUES ($1, $2, $3, 'CODING') RETURNING id",
    [owner.companyId, owner.id, name],
  );
  return r!.id;
}

describe('company invitations', () => {
  it('the admin invites by email; the link shows the company; accepting creates a signed-in recruiter of that company', async () => {
    const admin = await registerCompany();
    const email = uniqueEmail('colleague');
    const invite = await post('/api/companies/invitations', { email: email.toUpperCase() }, admin.cookie);
    expect(invite.statusCode).toBe(201);
    expect(invite.json().email).toBe(email);
    expect(new Date(invite.json().expiresAt).getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);

    const [mail] = await t.deps.database.query<{ subject: string; kind: string }>(
      'SELECT subject, kind FROM outbox WHERE to_address = $1',
      [email],
    );
    expect(mail).toMatchObject({ subject: 'Join Acme Labs on Assessly', kind: 'company_invite' });
    const token = await tokenFromOutbox(query(), email, '/join');

    const info = await get(`/api/companies/invitations/${token}`);
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({ companyName: 'Acme Labs', email });

    const pending = await get('/api/companies/me', admin.cookie);
    expect(pending.json().invitations.map((i: { email: string }) => i.email)).toEqual([email]);

    const weak = await post(`/api/companies/invitations/${token}/accept`, {
      firstName: 'Rita',
      lastName: 'Cruiter',
      password: 'lowercase1',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fields.password).toBe('Password must contain uppercase, lowercase, and number');

    const accept = await post(`/api/companies/invitations/${token}/accept`, {
      firstName: 'Rita',
      lastName: 'Cruiter',
      password: 'Hiring123',
    });
    expect(accept.statusCode).toBe(201);
    expect(accept.json()).toMatchObject({
      email,
      role: 'employer',
      companyId: admin.companyId,
      companyRole: 'recruiter',
      emailVerified: true,
    });
    const me = await get('/api/users/me', sessionCookie(accept));
    expect(me.json().id).toBe(accept.json().id);

    const team = await get('/api/companies/me', admin.cookie);
    expect(team.json().members.map((m: { email: string; companyRole: string }) => [m.email, m.companyRole])).toEqual([
      [admin.email, 'owner'],
      [email, 'recruiter'],
    ]);
    expect(team.json().invitations).toEqual([]);

    // The link works once.
    const again = await post(`/api/companies/invitations/${token}/accept`, {
      firstName: 'X',
      lastName: 'Y',
      password: 'Hiring123',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('TOKEN_INVALID');
    expect((await get(`/api/companies/invitations/${token}`)).json().code).toBe('TOKEN_INVALID');
  });

  it('only a company admin invites; existing accounts cannot be invited; a new invite replaces the old one', async () => {
    const admin = await registerCompany();
    const recruiter = await inviteAndJoin(admin);
    const candidate = await createSignedInUser(t.app, { role: 'candidate' });
    expect((await post('/api/companies/invitations', { email: uniqueEmail() })).statusCode).toBe(401);
    expect((await post('/api/companies/invitations', { email: uniqueEmail() }, candidate.cookie)).statusCode).toBe(403);
    const byRecruiter = await post('/api/companies/invitations', { email: uniqueEmail() }, recruiter.cookie);
    expect(byRecruiter.statusCode).toBe(403);
    expect(byRecruiter.json().message).toBe(
      'Managing team members needs the owner or admin role; your role is recruiter.',
    );
    expect(
      (await post('/api/companies/invitations', { email: 'not-an-email' }, admin.cookie)).json().fields.email,
    ).toBe('Please enter a valid email address');

    const taken = await post('/api/companies/invitations', { email: candidate.email }, admin.cookie);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('EMAIL_TAKEN');

    const email = uniqueEmail('twice');
    await post('/api/companies/invitations', { email }, admin.cookie);
    const first = await tokenFromOutbox(query(), email, '/join');
    await post('/api/companies/invitations', { email }, admin.cookie);
    const second = await tokenFromOutbox(query(), email, '/join');
    expect(second).not.toBe(first);
    expect((await get(`/api/companies/invitations/${first}`)).statusCode).toBe(400);
    expect((await get(`/api/companies/invitations/${second}`)).statusCode).toBe(200);
    // Recruiters see the members but not the pending invitations.
    const seen = await get('/api/companies/me', recruiter.cookie);
    expect(seen.json()).toMatchObject({ isAdmin: false, invitations: [] });
    expect(seen.json().members).toHaveLength(2);
    expect((await get('/api/companies/me', candidate.cookie)).statusCode).toBe(403);
  });

  it('an invitation expires after 7 days', async () => {
    const admin = await registerCompany();
    const email = uniqueEmail('late');
    await post('/api/companies/invitations', { email }, admin.cookie);
    const token = await tokenFromOutbox(query(), email, '/join');
    t.clock.advance(7 * 86_400_000 + 1000);
    try {
      const res = await post(`/api/companies/invitations/${token}/accept`, {
        firstName: 'L',
        lastName: 'Ate',
        password: 'Hiring123',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('TOKEN_INVALID');
      expect((await get('/api/companies/me', admin.cookie)).json().invitations).toEqual([]);
    } finally {
      t.clock.set(new Date());
    }
  });
});

describe('tenancy: a company is the unit of access', () => {
  it("every employer of a company manages the company's tests; employers of another company never see them", async () => {
    const adminA = await registerCompany();
    const recruiterA = await inviteAndJoin(adminA);
    const adminB = await registerCompany();
    const soloB = await createSignedInUser(t.app, { role: 'employer' });
    const testA = await insertTest(adminA, 'A: backend screen');
    const testB = await insertTest(adminB, 'B: secret test');

    // Through the tenancy function every test-facing module uses.
    expect((await requireManagedTest(t.deps.db, await row(recruiterA.id), testA)).id).toBe(testA);
    await expect(requireManagedTest(t.deps.db, await row(adminA.id), testB)).rejects.toMatchObject({
      code: 'TEST_NOT_FOUND',
    });
    await expect(requireManagedTest(t.deps.db, await row(soloB.id), testA)).rejects.toMatchObject({
      code: 'TEST_NOT_FOUND',
    });

    // Through the API.
    const byRecruiter = await get(`/api/tests/${testA}`, recruiterA.cookie);
    expect(byRecruiter.statusCode).toBe(200);
    expect(byRecruiter.json().testName).toBe('A: backend screen');
    expect((await get(`/api/tests/${testB}`, adminA.cookie)).statusCode).toBe(404);
    expect((await get(`/api/tests/${testB}`, recruiterA.cookie)).statusCode).toBe(404);
    expect((await get(`/api/tests/${testA}`, soloB.cookie)).statusCode).toBe(404);
    const listA = await get(`/api/tests/by-user/${recruiterA.id}`, recruiterA.cookie);
    expect(listA.json().map((x: { id: string }) => x.id)).toEqual([testA]);
    const listB = await get(`/api/tests/by-user/${adminB.id}`, adminB.cookie);
    expect(listB.json().map((x: { id: string }) => x.id)).toEqual([testB]);
  });

  it("an employer of company A never reads company B's submissions or candidates", async () => {
    const adminA = await registerCompany();
    const adminB = await registerCompany();
    const recruiterB = await inviteAndJoin(adminB);
    const testB = await insertTest(adminB, 'B: with a submission');
    const candidate = await createSignedInUser(t.app, { role: 'candidate' });
    await t.deps.database.query(
      "INSERT INTO attempts (test_id, user_id, deadline_at) VALUES ($1, $2, now() + interval '1 hour')",
      [testB, candidate.id],
    );
    const [sub] = await t.deps.database.query<{ id: string }>(
      `INSERT INTO submissions (test_id, user_id, question_id, question_number, language, code, status)
       VALUES ($1, $2, $3, 0, 'python', 'print(42)', 'judged') RETURNING id`,
      [testB, candidate.id, randomUUID()],
    );

    // Candidates: company B's employers read the candidate; company A's do not.
    expect((await get(`/api/users/${candidate.id}`, recruiterB.cookie)).statusCode).toBe(200);
    expect((await get(`/api/users/${candidate.id}`, adminA.cookie)).statusCode).toBe(403);
    expect(
      (await get(`/api/users/by-email?email=${encodeURIComponent(candidate.email)}`, adminA.cookie)).statusCode,
    ).toBe(403);

    // Submissions: readable by company B's employers only.
    expect((await get(`/api/submissions/${sub!.id}`, recruiterB.cookie)).statusCode).toBe(200);
    expect([403, 404]).toContain((await get(`/api/submissions/${sub!.id}`, adminA.cookie)).statusCode);
    const allA = await get('/api/submissions/all', adminA.cookie);
    expect(allA.statusCode).toBe(200);
    expect(JSON.stringify(allA.json())).not.toContain(sub!.id);
    const allB = await get('/api/submissions/all', recruiterB.cookie);
    expect(JSON.stringify(allB.json())).toContain(sub!.id);
    // The review dashboard's per-test submissions list.
    expect((await get(`/api/review/tests/${testB}/submissions`, recruiterB.cookie)).statusCode).toBe(200);
    expect((await get(`/api/review/tests/${testB}/submissions`, adminA.cookie)).statusCode).toBe(404);
  });
});
