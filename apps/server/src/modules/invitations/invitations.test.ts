import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCodingTest, createSignedInUser } from '../../../test/factories';
import { seedAttempt, seedAttemptSubmission } from '../../../test/fixtures/review';
import { useSignedIn, useTestApp } from '../../../test/support';
import { outbox } from '../../db/schema';
import { parseAddresses, sendReminders } from './invitations.service';

const t = useTestApp();
const emp = useSignedIn(t, { role: 'employer', firstName: 'Acme', lastName: 'Hiring' });
const empB = useSignedIn(t, { role: 'employer' });
let testId: string;
let closingTestId: string;

beforeAll(async () => {
  testId = (await buildCodingTest(t.deps.db, { employer: emp, marks: [50, 50], name: 'Invite test' })).test.id;
  closingTestId = (
    await buildCodingTest(t.deps.db, {
      employer: emp,
      marks: [50, 50],
      name: 'Closing soon',
      endTime: new Date(Date.now() + 10 * 3_600_000),
    })
  ).test.id;
});

const mailsTo = (to: string) => t.deps.db.select().from(outbox).where(eq(outbox.toAddress, to));
const linkIn = (text: string) => /\/invite\/([\w-]+)/.exec(text)![1]!;

describe('parseAddresses', () => {
  it('reads lists and CSV (header, name,email rows), dedupes and reports invalid ones', () => {
    const r = parseAddresses({
      emails: ['A@x.io', 'b@x.io, c@x.io', 'nope'],
      csv: 'name,email\n"Dee, D",dee@x.io\nEd;<ed@x.io>\n\nbob\na@X.io',
    });
    expect(r.valid).toEqual(['a@x.io', 'b@x.io', 'c@x.io', 'dee@x.io', 'ed@x.io']);
    expect(r.invalid).toEqual(['nope', 'bob']);
    expect(r.duplicates).toEqual(['a@x.io']);
  });
});

describe('POST /api/invitations', () => {
  it('invites each valid address once with a personal link and reports the rest', async () => {
    const res = await t.as(emp).post('/api/invitations', {
      testId,
      emails: ['one@cand.test', 'bad-address'],
      csv: 'email\ntwo@cand.test\nONE@cand.test',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.invited.map((i: { email: string }) => i.email)).toEqual(['one@cand.test', 'two@cand.test']);
    expect(body.invalid).toEqual(['bad-address']);
    expect(body.duplicates).toEqual(['one@cand.test']);
    const [mail] = await mailsTo('one@cand.test');
    expect(mail!.kind).toBe('invitation');
    expect(mail!.subject).toBe('You are invited to take Invite test for Acme Hiring');
    expect(mail!.bodyText).toContain(`${t.deps.config.publicUrl}/invite/`);
    expect(mail!.bodyText).toContain('Hello one,');
    const again = await t.as(emp).post('/api/invitations', { testId, emails: ['one@cand.test'] });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ invited: [], alreadyInvited: ['one@cand.test'] });
  });

  it('refuses nothing valid, other companies, candidates and anonymous callers', async () => {
    const none = await t.as(emp).post('/api/invitations', { testId, emails: ['x', 'y@'] });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toContain('No valid email addresses');
    const empty = await t.as(emp).post('/api/invitations', { testId, emails: [] });
    expect(empty.json().fields.emails).toBe('Enter at least one email address');
    expect((await t.as(empB).post('/api/invitations', { testId, emails: ['z@cand.test'] })).statusCode).toBe(404);
    const cand = await createSignedInUser(t.app);
    expect((await t.as(cand).post('/api/invitations', { testId, emails: ['z@cand.test'] })).statusCode).toBe(403);
    expect((await t.as(null).post('/api/invitations', { testId, emails: ['z@cand.test'] })).statusCode).toBe(401);
  });
});

describe('tracking, accepting and resending', () => {
  it('derives invited → started → submitted from the attempts of the user with that email', async () => {
    const started = await createSignedInUser(t.app, { email: 'started@cand.test' });
    const done = await createSignedInUser(t.app, { email: 'done@cand.test' });
    await t
      .as(emp)
      .post('/api/invitations', { testId, emails: ['started@cand.test', 'done@cand.test', 'idle@cand.test'] });
    await seedAttempt(t.deps.db, testId, started.id, { endedAt: null, startedAt: new Date(), minutes: 600 });
    const doneAttempt = await seedAttempt(t.deps.db, testId, done.id, {
      endedAt: null,
      startedAt: new Date(),
      minutes: 600,
    });
    const problem = (await buildCodingTest(t.deps.db, { employer: emp, marks: [50, 50] })).problems[0]!;
    await seedAttemptSubmission(t.deps.db, doneAttempt, {
      problem,
      questionNumber: 0,
      passed: 1,
      total: 1,
    });
    const res = await t.as(emp).get(`/api/invitations?testId=${testId}`);
    expect(res.statusCode).toBe(200);
    const status = Object.fromEntries(res.json().map((i: { email: string; status: string }) => [i.email, i.status]));
    expect(status).toMatchObject({
      'started@cand.test': 'started',
      'done@cand.test': 'submitted',
      'idle@cand.test': 'invited',
      'one@cand.test': 'invited',
    });
    expect((await t.as(empB).get(`/api/invitations?testId=${testId}`)).statusCode).toBe(404);
  });

  it('opens the test from the personal link, and a resend replaces the link', async () => {
    const [mail] = await mailsTo('two@cand.test');
    const token = linkIn(mail!.bodyText);
    const landing = await t.as(null).get(`/api/invitations/accept/${token}`);
    expect(landing.statusCode).toBe(200);
    expect(landing.json()).toEqual({
      testId,
      testName: 'Invite test',
      testType: 'CODING',
      companyName: 'Acme Hiring',
      email: 'two@cand.test',
      takePath: `/code/${testId}`,
      // Issue 26: the facts the invitation page shows before sign-up.
      duration: expect.any(Number),
      endTime: null,
      proctored: expect.any(Boolean),
      questionCount: expect.any(Number),
      languages: expect.arrayContaining(['Python', 'C++', 'JavaScript']),
      // Issue 46: the language of the candidate's pages (a test from before: English)
      defaultLocale: 'en',
    });
    const list = (await t.as(emp).get(`/api/invitations?testId=${testId}`)).json();
    const inv = list.find((i: { email: string }) => i.email === 'two@cand.test');
    expect((await t.as(empB).post(`/api/invitations/${inv.id}/resend`)).statusCode).toBe(404);
    const resent = await t.as(emp).post(`/api/invitations/${inv.id}/resend`);
    expect(resent.statusCode).toBe(200);
    const mails = await mailsTo('two@cand.test');
    expect(mails).toHaveLength(2);
    const newToken = linkIn(mails.find((m) => !m.bodyText.includes(token))!.bodyText);
    expect((await t.as(null).get(`/api/invitations/accept/${newToken}`)).statusCode).toBe(200);
    expect((await t.as(null).get(`/api/invitations/accept/${token}`)).statusCode).toBe(404);
    expect((await t.as(null).get('/api/invitations/accept/not-a-real-token-at-all')).statusCode).toBe(404);
  });
});

describe('sendReminders', () => {
  it('reminds invited candidates who have not submitted, once, when the window closes within 24 h', async () => {
    const finished = await createSignedInUser(t.app, { email: 'finished@cand.test' });
    await t
      .as(emp)
      .post('/api/invitations', { testId: closingTestId, emails: ['late@cand.test', 'finished@cand.test'] });
    await seedAttempt(t.deps.db, closingTestId, finished.id, { startedAt: new Date(Date.now() - 3_600_000) });
    // The other test has no end time: nobody there is reminded.
    const sent = await sendReminders(t.deps);
    expect(sent).toBe(1);
    const reminders = await t.deps.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'reminder')));
    expect(reminders.map((m) => m.toAddress)).toEqual(['late@cand.test']);
    expect(reminders[0]!.subject).toBe('Reminder: Closing soon closes soon');
    expect(reminders[0]!.bodyText).toContain(`/code/${closingTestId}`);
    expect(await sendReminders(t.deps)).toBe(0);
    const list = (await t.as(emp).get(`/api/invitations?testId=${closingTestId}`)).json();
    expect(list.find((i: { email: string }) => i.email === 'late@cand.test').reminderSentAt).not.toBeNull();
  });

  it('does not remind when the window closes later than 24 h from now', async () => {
    const far = (
      await buildCodingTest(t.deps.db, {
        employer: emp,
        marks: [50, 50],
        name: 'Far',
        endTime: new Date(Date.now() + 48 * 3_600_000),
      })
    ).test.id;
    await t.as(emp).post('/api/invitations', { testId: far, emails: ['far@cand.test'] });
    expect(await sendReminders(t.deps)).toBe(0);
    t.clock.advance(30 * 3_600_000);
    expect(await sendReminders(t.deps)).toBe(1);
  });
});
