import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSignedInUser, type SignedInUser, sessionCookie, uniqueEmail } from '../../../test/factories';
import { tokenFromOutbox } from '../../../test/fixtures/companies';
import { joinAs, registerVerifiedOwner } from '../../../test/fixtures/team';
import { useTestApp } from '../../../test/support';
import type { UserRow } from '../../db/schema';
import { requireManagedTest } from '../tests/tests.access';
import { findUserById } from '../users/users.repo';

const t = useTestApp();

const query = () => t.deps.database.query.bind(t.deps.database);
const row = async (id: string) => (await findUserById(t.deps.db, id)) as UserRow;

async function insertTest(owner: SignedInUser, name: string): Promise<string> {
  const [r] = await t.deps.database.query<{ id: string }>(
    "INSERT INTO tests (company_id, created_by, test_name, test_type) VALUES ($1, $2, $3, 'CODING') RETURNING id",
    [owner.companyId, owner.id, name],
  );
  return r!.id;
}

describe('company invitations', () => {
  it('the admin invites by email; the link shows the company; accepting creates a signed-in recruiter of that company', async () => {
    const admin = await registerVerifiedOwner(t);
    const email = uniqueEmail('colleague');
    const invite = await t.as(admin).post('/api/companies/invitations', { email: email.toUpperCase() });
    expect(invite.statusCode).toBe(201);
    expect(invite.json().email).toBe(email);
    expect(new Date(invite.json().expiresAt).getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);

    const [mail] = await t.deps.database.query<{ subject: string; kind: string }>(
      'SELECT subject, kind FROM outbox WHERE to_address = $1',
      [email],
    );
    expect(mail).toMatchObject({ subject: 'Join Acme Labs on Assessly', kind: 'company_invite' });
    const token = await tokenFromOutbox(query(), email, '/join');

    const info = await t.as(null).get(`/api/companies/invitations/${token}`);
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({ companyName: 'Acme Labs', email });

    const pending = await t.as(admin).get('/api/companies/me');
    expect(pending.json().invitations.map((i: { email: string }) => i.email)).toEqual([email]);

    const weak = await t.as(null).post(`/api/companies/invitations/${token}/accept`, {
      firstName: 'Rita',
      lastName: 'Cruiter',
      password: 'lowercase1',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fields.password).toBe('Password must contain uppercase, lowercase, and number');

    const accept = await t.as(null).post(`/api/companies/invitations/${token}/accept`, {
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
    const me = await t.as({ cookie: sessionCookie(accept) }).get('/api/users/me');
    expect(me.json().id).toBe(accept.json().id);

    const team = await t.as(admin).get('/api/companies/me');
    expect(team.json().members.map((m: { email: string; companyRole: string }) => [m.email, m.companyRole])).toEqual([
      [admin.email, 'owner'],
      [email, 'recruiter'],
    ]);
    expect(team.json().invitations).toEqual([]);

    // The link works once.
    const again = await t.as(null).post(`/api/companies/invitations/${token}/accept`, {
      firstName: 'X',
      lastName: 'Y',
      password: 'Hiring123',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('TOKEN_INVALID');
    expect((await t.as(null).get(`/api/companies/invitations/${token}`)).json().code).toBe('TOKEN_INVALID');
  });

  it('only a company admin invites; an existing account is answered alike but cannot join; a new invite replaces the old one', async () => {
    const admin = await registerVerifiedOwner(t);
    const recruiter = await joinAs(t, admin, 'recruiter');
    const candidate = await createSignedInUser(t.app, { role: 'candidate' });
    expect((await t.as(null).post('/api/companies/invitations', { email: uniqueEmail() })).statusCode).toBe(401);
    expect((await t.as(candidate).post('/api/companies/invitations', { email: uniqueEmail() })).statusCode).toBe(403);
    const byRecruiter = await t.as(recruiter).post('/api/companies/invitations', { email: uniqueEmail() });
    expect(byRecruiter.statusCode).toBe(403);
    expect(byRecruiter.json().message).toBe(
      'Managing team members needs the owner or admin role; your role is recruiter.',
    );
    expect((await t.as(admin).post('/api/companies/invitations', { email: 'not-an-email' })).json().fields.email).toBe(
      'Please enter a valid email address',
    );

    // Issue 23: an address with an account is answered like a new one (no account probe); the link then tells
    // its owner (only) that the address already has an account.
    const fresh = await t.as(admin).post('/api/companies/invitations', { email: uniqueEmail('fresh') });
    const taken = await t.as(admin).post('/api/companies/invitations', { email: candidate.email });
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(Object.keys(taken.json()).sort()).toEqual(Object.keys(fresh.json()).sort());
    const takenToken = await tokenFromOutbox(query(), candidate.email, '/join');
    const join = await t.as(null).post(`/api/companies/invitations/${takenToken}/accept`, {
      firstName: 'C',
      lastName: 'Andidate',
      password: 'Joining-pass-1',
    });
    expect(join.statusCode).toBe(409);
    expect(join.json().code).toBe('EMAIL_TAKEN');
    expect((await t.as(candidate).get('/api/users/me')).json()).toMatchObject({ role: 'candidate', companyId: null });

    const email = uniqueEmail('twice');
    await t.as(admin).post('/api/companies/invitations', { email });
    const first = await tokenFromOutbox(query(), email, '/join');
    await t.as(admin).post('/api/companies/invitations', { email });
    const second = await tokenFromOutbox(query(), email, '/join');
    expect(second).not.toBe(first);
    expect((await t.as(null).get(`/api/companies/invitations/${first}`)).statusCode).toBe(400);
    expect((await t.as(null).get(`/api/companies/invitations/${second}`)).statusCode).toBe(200);
    // Recruiters see the members but not the pending invitations.
    const seen = await t.as(recruiter).get('/api/companies/me');
    expect(seen.json()).toMatchObject({ isAdmin: false, invitations: [] });
    expect(seen.json().members).toHaveLength(2);
    expect((await t.as(candidate).get('/api/companies/me')).statusCode).toBe(403);
  });

  it('an invitation expires after 7 days', async () => {
    const admin = await registerVerifiedOwner(t);
    const email = uniqueEmail('late');
    await t.as(admin).post('/api/companies/invitations', { email });
    const token = await tokenFromOutbox(query(), email, '/join');
    t.clock.advance(7 * 86_400_000 + 1000);
    try {
      const res = await t.as(null).post(`/api/companies/invitations/${token}/accept`, {
        firstName: 'L',
        lastName: 'Ate',
        password: 'Hiring123',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('TOKEN_INVALID');
      expect((await t.as(admin).get('/api/companies/me')).json().invitations).toEqual([]);
    } finally {
      t.clock.set(new Date());
    }
  });
});

describe('tenancy: a company is the unit of access', () => {
  it("every employer of a company manages the company's tests; employers of another company never see them", async () => {
    const adminA = await registerVerifiedOwner(t);
    const recruiterA = await joinAs(t, adminA, 'recruiter');
    const adminB = await registerVerifiedOwner(t);
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
    const byRecruiter = await t.as(recruiterA).get(`/api/tests/${testA}`);
    expect(byRecruiter.statusCode).toBe(200);
    expect(byRecruiter.json().testName).toBe('A: backend screen');
    expect((await t.as(adminA).get(`/api/tests/${testB}`)).statusCode).toBe(404);
    expect((await t.as(recruiterA).get(`/api/tests/${testB}`)).statusCode).toBe(404);
    expect((await t.as(soloB).get(`/api/tests/${testA}`)).statusCode).toBe(404);
    const listA = await t.as(recruiterA).get(`/api/tests/by-user/${recruiterA.id}`);
    expect(listA.json().map((x: { id: string }) => x.id)).toEqual([testA]);
    const listB = await t.as(adminB).get(`/api/tests/by-user/${adminB.id}`);
    expect(listB.json().map((x: { id: string }) => x.id)).toEqual([testB]);
  });

  it("an employer of company A never reads company B's submissions or candidates", async () => {
    const adminA = await registerVerifiedOwner(t);
    const adminB = await registerVerifiedOwner(t);
    const recruiterB = await joinAs(t, adminB, 'recruiter');
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
    expect((await t.as(recruiterB).get(`/api/users/${candidate.id}`)).statusCode).toBe(200);
    expect((await t.as(adminA).get(`/api/users/${candidate.id}`)).statusCode).toBe(403);
    expect(
      (await t.as(adminA).get(`/api/users/by-email?email=${encodeURIComponent(candidate.email)}`)).statusCode,
    ).toBe(404); // issue 23: answered like an unknown address

    // Submissions: readable by company B's employers only.
    expect((await t.as(recruiterB).get(`/api/submissions/${sub!.id}`)).statusCode).toBe(200);
    expect([403, 404]).toContain((await t.as(adminA).get(`/api/submissions/${sub!.id}`)).statusCode);
    const allA = await t.as(adminA).get('/api/submissions/all');
    expect(allA.statusCode).toBe(200);
    expect(JSON.stringify(allA.json())).not.toContain(sub!.id);
    const allB = await t.as(recruiterB).get('/api/submissions/all');
    expect(JSON.stringify(allB.json())).toContain(sub!.id);
    // The review dashboard's per-test submissions list.
    expect((await t.as(recruiterB).get(`/api/review/tests/${testB}/submissions`)).statusCode).toBe(200);
    expect((await t.as(adminA).get(`/api/review/tests/${testB}/submissions`)).statusCode).toBe(404);
  });
});
