/**
 * Accommodations (issue 13): extra minutes or a multiplier per invitation, included in the deadline
 * (min(endTime, start + duration + accommodation)), shown in the report; invitations reach only the verified
 * owner of the address; the invitation email has no window line when there is no end time.
 */
import { describe, expect, it } from 'vitest';
import { buildCodingTest, createSignedInUser, markEmailVerified, uniqueEmail } from '../../../test/factories';
import { call } from '../../../test/fixtures/authoring';
import { useTeam, useTestApp } from '../../../test/support';

const t = useTestApp();
const team = useTeam(t);

const minutesOf = (a: { startedAt: string; deadlineAt: string }) =>
  (new Date(a.deadlineAt).getTime() - new Date(a.startedAt).getTime()) / 60_000;

/** The owner's one-hour test of two 50-mark problems. */
const hourTest = (name: string, over: { endTime?: Date } = {}) =>
  buildCodingTest(t.deps.db, { employer: team.owner, marks: [50, 50], duration: 60, name, ...over });

async function invite(testId: string, email: string, accommodation?: Record<string, unknown>) {
  const res = await call(t.app, 'POST', '/api/invitations', team.recruiter, { testId, emails: [email], accommodation });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().invited[0].id as string;
}

/** Invites a new address (with the accommodation) and signs up its owner, verified unless said otherwise. */
async function invitee(testId: string, prefix: string, accommodation?: Record<string, unknown>, verified = true) {
  const email = uniqueEmail(prefix);
  const id = await invite(testId, email, accommodation);
  const cand = await createSignedInUser(t.app, { email, verified });
  return { email, id, cand };
}

const invitationMail = async (email: string) =>
  (
    await t.deps.database.query<{ body_text: string }>(
      "SELECT body_text FROM outbox WHERE to_address = $1 AND kind = 'invitation'",
      [email],
    )
  )[0]!.body_text;

describe('accommodations', () => {
  it('extra minutes go into the deadline and the report shows them with the note', async () => {
    const { test } = await hourTest('Extra minutes');
    const { email, cand } = await invitee(test.id, 'extra', { extraMinutes: 15, note: 'Screen reader' });
    const started = (await call(t.app, 'POST', `/api/attempts/${test.id}/start`, cand)).json();
    expect(minutesOf(started.attempt)).toBe(60 + 15);
    expect(started.attempt.extraMinutes).toBe(15);

    const report = (
      await call(t.app, 'GET', `/api/review/attempts/${started.attempt.id}/report`, team.reviewer)
    ).json();
    expect(report.accommodation).toEqual({ extraMinutes: 15, note: 'Screen reader' });
    const list = (await call(t.app, 'GET', `/api/invitations?testId=${test.id}`, team.reviewer)).json();
    expect(list[0]).toMatchObject({ email, extraMinutes: 15, accommodationNote: 'Screen reader', status: 'started' });
  });

  it('a multiplier scales the duration; the window end still caps the deadline', async () => {
    const { test } = await hourTest('Multiplier');
    const { cand } = await invitee(test.id, 'mult', { multiplier: 1.5 });
    expect(minutesOf((await call(t.app, 'POST', `/api/attempts/${test.id}/start`, cand)).json().attempt)).toBe(90);

    const endTime = new Date(Date.now() + 70 * 60_000);
    const capped = await hourTest('Capped', { endTime });
    const { cand: cand2 } = await invitee(capped.test.id, 'cap', { extraMinutes: 30 });
    const a = (await call(t.app, 'POST', `/api/attempts/${capped.test.id}/start`, cand2)).json().attempt;
    expect(a.deadlineAt).toBe(endTime.toISOString());
  });

  it('changing it while the candidate works moves the deadline; bad input and reviewers are refused', async () => {
    const { test } = await hourTest('Changed later');
    const { id, cand } = await invitee(test.id, 'later');
    const before = (await call(t.app, 'POST', `/api/attempts/${test.id}/start`, cand)).json().attempt;
    expect(minutesOf(before)).toBe(60);
    const put = await call(t.app, 'PUT', `/api/invitations/${id}/accommodation`, team.recruiter, {
      extraMinutes: 20,
      note: 'Dyslexia',
    });
    expect(put.json()).toMatchObject({ appliedMinutes: 20 });
    const after = (await call(t.app, 'GET', `/api/attempts/take/${test.id}`, cand)).json().attempt;
    expect(minutesOf(after)).toBe(80);

    const both = await call(t.app, 'PUT', `/api/invitations/${id}/accommodation`, team.recruiter, {
      extraMinutes: 5,
      multiplier: 2,
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().fields.multiplier).toBe('Give extra minutes or a multiplier, not both');
    const negative = await call(t.app, 'PUT', `/api/invitations/${id}/accommodation`, team.recruiter, {
      extraMinutes: -5,
    });
    expect(negative.statusCode).toBe(400);
    const byReviewer = await call(t.app, 'PUT', `/api/invitations/${id}/accommodation`, team.reviewer, {
      extraMinutes: 5,
    });
    expect(byReviewer.statusCode).toBe(403);
    expect(byReviewer.json().message).toMatch(/needs the owner, admin or recruiter role; your role is reviewer/);
  });
});

describe('verified recipients', () => {
  it('an unverified account with the invited address neither gets the accommodation nor shows as the invitee', async () => {
    const { test } = await hourTest('Squatter');
    const { email, cand: squatter } = await invitee(test.id, 'squat', { extraMinutes: 30 }, false);
    const started = (await call(t.app, 'POST', `/api/attempts/${test.id}/start`, squatter)).json();
    expect(minutesOf(started.attempt)).toBe(60);
    let list = (await call(t.app, 'GET', `/api/invitations?testId=${test.id}`, team.owner)).json();
    expect(list[0]).toMatchObject({ email, status: 'invited', startedAt: null });
    const mine = (await call(t.app, 'GET', '/api/me/tests', squatter)).json();
    expect(mine.filter((m: { state: string }) => m.state === 'invited')).toEqual([]);

    // Once the address is verified, the invitation is theirs.
    await markEmailVerified(t.app, email);
    list = (await call(t.app, 'GET', `/api/invitations?testId=${test.id}`, team.owner)).json();
    expect(list[0].status).toBe('started');
  });
});

describe('invitation email', () => {
  it('has no window line without an end time, and names the end when there is one', async () => {
    const open = await hourTest('No end');
    const email = uniqueEmail('noend');
    await invite(open.test.id, email);
    const mail = await invitationMail(email);
    expect(mail).not.toMatch(/window closes/);
    expect(mail).not.toMatch(/\n{3,}/);
    expect(mail).toContain('/invite/');

    const end = new Date('2030-01-02T03:04:00Z');
    const closing = await hourTest('Has end', { endTime: end });
    const email2 = uniqueEmail('end');
    await invite(closing.test.id, email2);
    const mail2 = await invitationMail(email2);
    expect(mail2).toContain('The test window closes: Wed, 02 Jan 2030 03:04:00 UTC.');
  });
});
