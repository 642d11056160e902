/**
 * Who may take a test (issue 23), from the impostor's side: an account registered on an invited address but
 * never verified, a stranger holding the link, and an expired link.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildCodingTest, createSignedInUser, markEmailVerified, uniqueEmail } from '../../../test/factories';
import { useSignedIn, useTestApp } from '../../../test/support';
import { tests } from '../../db/schema';

const t = useTestApp();
const employer = useSignedIn(t, { role: 'employer' });

async function codingTest(access: 'invited' | 'link', linkExpiresAt: Date | null = null) {
  const { test } = await buildCodingTest(t.deps.db, { employer });
  await t.deps.db.update(tests).set({ access, linkExpiresAt }).where(eq(tests.id, test.id));
  return test;
}

const start = (user: { cookie: string }, testId: string) => t.as(user).post(`/api/attempts/${testId}/start`, {});

describe('test access', () => {
  it('a new test is for invited candidates only unless its author says otherwise', async () => {
    const res = await t.as(employer).post('/api/tests/create', { testName: 'New', testType: 'CODING', duration: 30 });
    expect(res.json().access).toBe('invited');
    const open = await t
      .as(employer)
      .post('/api/tests/create', { testName: 'Open', testType: 'CODING', duration: 30, access: 'link' });
    expect(open.json().access).toBe('link');
    const edited = await t.as(employer).put(`/api/tests/${open.json().id}`, { linkExpiresAt: '2030-01-01T00:00:00Z' });
    expect(edited.json()).toMatchObject({ access: 'link', linkExpiresAt: '2030-01-01T00:00:00.000Z' });
    const bad = await t.as(employer).put(`/api/tests/${open.json().id}`, { access: 'everyone' });
    expect(bad.statusCode).toBe(400);
  });

  it('an impostor registered on the invited address sees nothing and cannot start until verified', async () => {
    const test = await codingTest('invited');
    const invitedEmail = uniqueEmail('invited');
    const inv = await t.as(employer).post('/api/invitations', { testId: test.id, emails: [invitedEmail] });
    expect(inv.statusCode).toBeLessThan(300);
    const impostor = await createSignedInUser(t.app, { email: invitedEmail, verified: false });
    const exported = await t.as(impostor).get('/api/users/me/export');
    expect(exported.statusCode).toBe(200);
    expect(exported.body).not.toContain(test.id);
    const refused = await start(impostor, test.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('EMAIL_NOT_VERIFIED');
    // The real owner of the address follows our link: now it is them.
    await markEmailVerified(t.app, invitedEmail);
    expect((await start(impostor, test.id)).statusCode).toBe(200);
    expect((await t.as(impostor).get('/api/users/me/export')).body).toContain(test.id);
  });

  it('a candidate who was not invited reads nothing of an invite-only test: it does not exist for them (issue 42)', async () => {
    const test = await codingTest('invited');
    await t.deps.db.update(tests).set({ testName: 'Secret round 7731' }).where(eq(tests.id, test.id));
    const stranger = await createSignedInUser(t.app);
    for (const path of [`/api/tests/${test.id}`, `/api/attempts/take/${test.id}`]) {
      const res = await t.as(stranger).get(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.body, path).not.toContain('Secret round 7731');
      expect(res.body, path).not.toContain(test.questionIds[0]);
    }
    // The invited address still reads it (its page asks to verify first), and so does a link test's stranger.
    const invitedEmail = uniqueEmail('invited');
    await t.as(employer).post('/api/invitations', { testId: test.id, emails: [invitedEmail] });
    const invitee = await createSignedInUser(t.app, { email: invitedEmail, verified: false });
    expect((await t.as(invitee).get(`/api/attempts/take/${test.id}`)).json().test.testName).toBe('Secret round 7731');
    const open = await codingTest('link');
    expect((await t.as(stranger).get(`/api/tests/${open.id}`)).statusCode).toBe(200);
  });

  it('a verified stranger with the link of an invited-only test is refused', async () => {
    const test = await codingTest('invited');
    const stranger = await createSignedInUser(t.app);
    const res = await start(stranger, test.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('This test is open to invited candidates only.');
  });

  it('a link test admits anyone signed in until its link expires', async () => {
    const open = await codingTest('link', new Date(t.clock.now().getTime() + 3_600_000));
    expect((await start(await createSignedInUser(t.app), open.id)).statusCode).toBe(200);
    const expired = await codingTest('link', new Date(t.clock.now().getTime() - 1000));
    const late = await start(await createSignedInUser(t.app), expired.id);
    expect(late.statusCode).toBe(403);
    expect(late.json().message).toBe('This test link has expired.');
  });

  it('results mark an attempt whose address was never verified', async () => {
    const open = await codingTest('link');
    const unverified = await createSignedInUser(t.app, { verified: false });
    const verified = await createSignedInUser(t.app);
    expect((await start(unverified, open.id)).statusCode).toBe(200);
    expect((await start(verified, open.id)).statusCode).toBe(200);
    const results = await t.as(employer).get(`/api/review/tests/${open.id}/results`);
    const rows = results.json().rows as { email: string; emailVerified: boolean }[];
    expect(rows.find((r) => r.email === unverified.email)?.emailVerified).toBe(false);
    expect(rows.find((r) => r.email === verified.email)?.emailVerified).toBe(true);
    const csv = await t.as(employer).get(`/api/review/tests/${open.id}/results.csv`);
    expect(csv.body.split('\n')[0]).toContain('Email verified');
  });
});
