import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildCodingTest, createSignedInUser, sessionCookie } from '../../../test/factories';
import { seedAttempt, seedAttemptSubmission, seedEvent, TINY_JPEG } from '../../../test/fixtures/review';
import { useSignedIn, useTestApp } from '../../../test/support';
import {
  codeDrafts,
  faceEnrollments,
  outbox,
  sessions,
  submissions,
  tests,
  users,
  webhookDeliveries,
  webhooks,
} from '../../db/schema';
import { purgeExpired } from './retention.service';

const t = useTestApp();
const admin = useSignedIn(t, { role: 'employer' });

const DAY = 86_400_000;

/** Moves the clock (sessions expire meanwhile, so the admin signs in again). */
async function advanceDays(days: number) {
  t.clock.advance(days * DAY);
  const login = await t.as(null).post('/api/users/login', { email: admin.email, password: admin.password });
  admin.cookie = sessionCookie(login);
}

/** A candidate with a finished attempt on one of admin's tests: a framed event, a draft, an enrolment, a submission. */
async function candidateWithData(opts: { endTime?: Date | null } = {}) {
  const candidate = await createSignedInUser(t.app, { firstName: 'Ada', lastName: 'Lovelace' });
  const { test, problems } = await buildCodingTest(t.deps.db, {
    employer: admin,
    marks: [40],
    endTime: opts.endTime ?? null,
  });
  const attempt = await seedAttempt(t.deps.db, test.id, candidate.id);
  const frameKey = await t.deps.blobs.put('frames', TINY_JPEG, 'image/jpeg');
  const event = await seedEvent(t.deps.db, attempt.id, 'multiple_faces', frameKey);
  const photoKey = await t.deps.blobs.put('faces', TINY_JPEG, 'image/jpeg');
  await t.deps.db.insert(faceEnrollments).values({
    userId: candidate.id,
    attemptId: attempt.id,
    descriptor: [0.1, 0.2],
    model: 'test',
    frameKey: photoKey,
  });
  await t.deps.db
    .insert(codeDrafts)
    .values({ attemptId: attempt.id, questionId: problems[0]!.id, language: 'python', code: 'print("draft")' });
  await seedAttemptSubmission(t.deps.db, attempt, {
    problem: problems[0]!,
    questionNumber: 0,
    passed: 1,
    total: 2,
    code: 'print("secret sauce")',
  });
  return { candidate, test, attempt, event, frameKey, photoKey };
}

const frame = (eventId: string) => t.as(admin).get(`/api/review/frames/${eventId}`);
const results = async (testId: string) =>
  (await t.as(admin).get(`/api/review/tests/${testId}/results`)).json().rows as {
    name: string;
    email: string;
    score: number;
    userId: string;
  }[];
async function auditActions() {
  const res = await t.as(admin).get('/api/companies/audit?pageSize=200');
  return res.json().entries as { action: string; targetId: string; detail: Record<string, unknown> }[];
}

describe('GET /api/users/me/export', () => {
  it('gives the candidate all their data as JSON and is audited', async () => {
    const { candidate, attempt } = await candidateWithData();
    // Stored result items of hidden cases hold their input and expected output (employers see them).
    await t.deps.db
      .update(submissions)
      .set({
        results: [
          {
            index: 0,
            passed: true,
            verdict: 'AC',
            hidden: true,
            input: 'HIDDEN-CASE-MARKER in',
            expectedOutput: 'HIDDEN-CASE-MARKER out',
            output: 'x',
            timeMs: 1,
            memoryKb: 1,
          },
        ],
      })
      .where(eq(submissions.attemptId, attempt.id));
    const res = await t.as(candidate).get('/api/users/me/export');
    expect(res.statusCode).toBe(200);
    const data = res.json();
    expect(data.profile.email).toBe(candidate.email);
    expect(data.profile).not.toHaveProperty('passwordHash');
    expect(data.attempts[0].id).toBe(attempt.id);
    expect(data.submissions[0].code).toBe('print("secret sauce")');
    expect(data.drafts).toHaveLength(1);
    expect(data.proctoringEvents[0]).toMatchObject({ kind: 'multiple_faces', hasFrame: true });
    expect(res.body).not.toContain('frames/');
    expect(data.submissions[0].results.length).toBeGreaterThan(0);
    expect(res.body).not.toContain('HIDDEN-CASE-MARKER');
    expect((await t.as(null).get('/api/users/me/export')).statusCode).toBe(401);
  });
});

describe('DELETE /api/users/me', () => {
  it('erases sessions, profile, frames, drafts and enrolments; the employer keeps an anonymised score', async () => {
    const { candidate, test, event, frameKey, photoKey } = await candidateWithData();
    expect((await frame(event.id)).statusCode).toBe(200);
    // Copies of the address: a mail in the outbox and a pending webhook delivery naming the candidate.
    await t.deps.db.insert(outbox).values({ toAddress: candidate.email, subject: 'Hi', bodyText: 'Hello Ada' });
    const [hook] = await t.deps.db
      .insert(webhooks)
      .values({ companyId: admin.companyId!, createdBy: admin.id, url: 'http://example.test/', secret: 's' })
      .returning();
    await t.deps.db.insert(webhookDeliveries).values({
      webhookId: hook!.id,
      event: 'attempt.started',
      subject: 'x',
      body: JSON.stringify({ email: candidate.email }),
    });
    const wrong = await t.as(candidate).request('DELETE', '/api/users/me', { password: 'not-my-password' });
    expect(wrong.statusCode).toBe(401);
    const res = await t.as(candidate).request('DELETE', '/api/users/me', { password: candidate.password });
    expect(res.statusCode).toBe(200);
    // Frames 404, files gone.
    expect((await frame(event.id)).statusCode).toBe(404);
    expect(await t.deps.blobs.get(frameKey)).toBeNull();
    expect(await t.deps.blobs.get(photoKey)).toBeNull();
    // Sign-in fails; the old session is gone.
    const login = await t.as(null).post('/api/users/login', { email: candidate.email, password: candidate.password });
    expect(login.statusCode).toBe(401);
    expect((await t.as(candidate).get('/api/users/me')).statusCode).toBe(401);
    expect(await t.deps.db.select().from(sessions).where(eq(sessions.userId, candidate.id))).toHaveLength(0);
    // Profile, drafts, enrolments, code.
    const [row] = await t.deps.db.select().from(users).where(eq(users.id, candidate.id));
    expect(row).toMatchObject({ firstName: 'Deleted', lastName: 'candidate', bio: '', mobileNumber: '' });
    expect(row!.email).not.toContain(candidate.email.split('@')[0]!);
    expect(row!.erasedAt).not.toBeNull();
    expect(await t.deps.db.select().from(faceEnrollments).where(eq(faceEnrollments.userId, candidate.id))).toHaveLength(
      0,
    );
    const subs = await t.deps.db.select().from(submissions).where(eq(submissions.userId, candidate.id));
    expect(subs[0]!.code).toBe('');
    // The anonymised result remains with its score.
    const rows = await results(test.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Deleted candidate', score: 20 });
    expect(JSON.stringify(rows)).not.toContain('Lovelace');
    expect(await t.deps.db.select().from(outbox).where(eq(outbox.toAddress, candidate.email))).toHaveLength(0);
    const [delivery] = await t.deps.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, hook!.id));
    expect(delivery!.body).not.toContain(candidate.email);
    expect(delivery!.status).toBe('failed');
    expect((await auditActions()).some((e) => e.action === 'user.erased' && e.targetId === candidate.id)).toBe(true);
  });

  it('is refused for employers and without a session', async () => {
    const res = await t.as(admin).request('DELETE', '/api/users/me', { password: admin.password });
    expect(res.statusCode).toBe(403);
    expect((await t.as(null).request('DELETE', '/api/users/me', { password: 'x' })).statusCode).toBe(401);
  });
});

describe('DELETE /api/companies/candidates/:userId/data', () => {
  it('erases one candidate for this company only, keeping an anonymised result', async () => {
    const { candidate, test, event } = await candidateWithData();
    // The same candidate at another company.
    const other = await createSignedInUser(t.app, { role: 'employer' });
    const { test: otherTest } = await buildCodingTest(t.deps.db, { employer: other, marks: [50, 50] });
    await seedAttempt(t.deps.db, otherTest.id, candidate.id);
    const stranger = await t.as(other).delete(`/api/companies/candidates/${candidate.id}/data`);
    expect(stranger.statusCode).toBe(200); // erases only `other`'s data
    const res = await t.as(admin).delete(`/api/companies/candidates/${candidate.id}/data`);
    expect(res.statusCode).toBe(200);
    expect(res.json().attempts).toBe(1);
    expect((await frame(event.id)).statusCode).toBe(404);
    const rows = await results(test.id);
    expect(rows[0]).toMatchObject({ name: 'Deleted candidate', score: 20 });
    expect(rows[0]!.userId).not.toBe(candidate.id);
    // The person can still sign in (their account is theirs), but this company's result no longer links to them.
    const login = await t.as(null).post('/api/users/login', { email: candidate.email, password: candidate.password });
    expect(login.statusCode).toBe(200);
    expect((await auditActions()).some((e) => e.action === 'candidate.erased' && e.targetId === candidate.id)).toBe(
      true,
    );
    const again = await t.as(admin).delete(`/api/companies/candidates/${candidate.id}/data`);
    expect(again.statusCode).toBe(404);
  });

  it('is for owners/admins only', async () => {
    const candidate = await createSignedInUser(t.app);
    const res = await t.as(candidate).delete(`/api/companies/candidates/${admin.id}/data`);
    expect(res.statusCode).toBe(403);
  });
});

describe('retention', () => {
  it('validates and saves settings (audited)', async () => {
    const bad = await t
      .as(admin)
      .put('/api/companies/retention', { framesDays: 0, codeDays: null, personalDays: null });
    expect(bad.statusCode).toBe(400);
    const ok = await t.as(admin).put('/api/companies/retention', { framesDays: 30, codeDays: 90, personalDays: 365 });
    expect(ok.statusCode).toBe(200);
    const read = await t.as(admin).get('/api/companies/retention');
    expect(read.json()).toEqual({ framesDays: 30, codeDays: 90, personalDays: 365 });
  });

  it('the purge erases frames, then code, then personal data as each expires after the test closes', async () => {
    const closed = new Date(t.clock.now().getTime() - DAY);
    const { candidate, test, event, attempt } = await candidateWithData({ endTime: closed });
    // A test still open (ends in the future) is never purged.
    const open = await candidateWithData({ endTime: new Date(t.clock.now().getTime() + 1000 * DAY) });
    await purgeExpired(t.deps);
    expect((await frame(event.id)).statusCode).toBe(200);
    await advanceDays(31);
    await purgeExpired(t.deps);
    expect((await frame(event.id)).statusCode).toBe(404);
    expect((await frame(open.event.id)).statusCode).toBe(200);
    const code = async () =>
      (await t.deps.db.select().from(submissions).where(eq(submissions.attemptId, attempt.id)))[0]!.code;
    expect(await code()).not.toBe('');
    await advanceDays(60);
    await purgeExpired(t.deps);
    expect(await code()).toBe('');
    expect(await t.deps.db.select().from(codeDrafts).where(eq(codeDrafts.attemptId, attempt.id))).toHaveLength(0);
    expect((await results(test.id))[0]!.name).toBe('Ada Lovelace');
    await advanceDays(300);
    await purgeExpired(t.deps);
    const rows = await results(test.id);
    expect(rows[0]).toMatchObject({ name: 'Deleted candidate', score: 20 });
    expect(rows[0]!.userId).not.toBe(candidate.id);
    expect((await results(open.test.id))[0]!.name).toBe('Ada Lovelace');
    const purges = (await auditActions()).filter((e) => e.action === 'retention.purged');
    expect(purges.map((p) => p.detail.kind).sort()).toEqual(expect.arrayContaining(['code', 'frames', 'personal']));
    await t.deps.db.delete(tests).where(eq(tests.id, open.test.id));
  });
});
