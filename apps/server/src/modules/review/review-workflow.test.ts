/** Review workflow (issue 13): reviewer notes, side-by-side comparison, one status email per real change. */
import { describe, expect, it } from 'vitest';
import { buildCodingTest, createSignedInUser, type SignedInUser } from '../../../test/factories';
import { call } from '../../../test/fixtures/authoring';
import { seedAttempt, seedAttemptSubmission, seedEvent } from '../../../test/fixtures/review';
import { useTeam, useTestApp } from '../../../test/support';
import { STATUS_UNDO_MS, sendDueStatusEmails } from './status-mail';

const t = useTestApp();
const team = useTeam(t);

async function seeded() {
  const { test, problems } = await buildCodingTest(t.deps.db, {
    employer: team.owner,
    name: 'Compare me',
    marks: [50, 50],
  });
  const people: { user: SignedInUser; attemptId: string }[] = [];
  for (const [i, name] of ['Ada', 'Brian', 'Chen'].entries()) {
    const user = await createSignedInUser(t.app, { firstName: name, lastName: 'Cand' });
    const a = await seedAttempt(t.deps.db, test.id, user.id, { minutes: 60 });
    await seedAttemptSubmission(t.deps.db, a, {
      problem: problems[0]!,
      questionNumber: 1,
      passed: 2 - Math.min(i, 2),
      total: 2,
      code: `print(${i})  # ${name}`,
    });
    people.push({ user, attemptId: a.id });
  }
  await seedEvent(t.deps.db, people[1]!.attemptId, 'tab_switch');
  await seedEvent(t.deps.db, people[1]!.attemptId, 'tab_switch');
  return { test, problems, people };
}

const statusMails = async (email: string) =>
  (
    await t.deps.database.query<{ kind: string }>(
      "SELECT kind FROM outbox WHERE to_address = $1 AND kind LIKE 'status_%' ORDER BY created_at",
      [email],
    )
  ).map((r) => r.kind);

describe('reviewer notes', () => {
  it('every role writes and reads notes on an attempt of its company; others cannot', async () => {
    const { people } = await seeded();
    const url = `/api/review/attempts/${people[0]!.attemptId}/notes`;
    const byReviewer = await call(t.app, 'POST', url, team.reviewer, { body: '  Clean code, good tests.  ' });
    expect(byReviewer.statusCode).toBe(201);
    expect(byReviewer.json()).toMatchObject({ body: 'Clean code, good tests.', authorEmail: team.reviewer.email });
    await call(t.app, 'POST', url, team.recruiter, { body: 'Schedule a call' });
    const list = (await call(t.app, 'GET', url, team.owner)).json();
    expect(list.map((n: { body: string }) => n.body)).toEqual(['Clean code, good tests.', 'Schedule a call']);
    expect((await call(t.app, 'POST', url, team.owner, { body: '   ' })).statusCode).toBe(400);
    const outsider = await createSignedInUser(t.app, { role: 'employer' });
    expect((await call(t.app, 'GET', url, outsider)).statusCode).toBe(404);
    expect((await call(t.app, 'POST', url, people[0]!.user, { body: 'me' })).statusCode).toBe(403);
  });
});

describe('compare', () => {
  it('puts two or three candidates side by side: score per problem, time, integrity events and code', async () => {
    const { people, problems } = await seeded();
    const ids = people.map((p) => p.attemptId);
    const res = await call(t.app, 'GET', `/api/review/compare?attemptIds=${ids.join(',')}`, team.reviewer);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.test.testName).toBe('Compare me');
    expect(body.candidates.map((c: { name: string }) => c.name)).toEqual(['Ada Cand', 'Brian Cand', 'Chen Cand']);
    expect(body.candidates[0].problems[0]).toMatchObject({
      questionId: problems[0]!.id,
      score: 50,
      code: 'print(0)  # Ada',
    });
    expect(body.candidates[1].problems[0].score).toBe(25);
    // issue 46: the integrity count holds the coding signals too: the seeded submission has no recording
    expect(body.candidates[1].integrity).toEqual({ total: 3, counts: { tab_switch: 2, no_recording: 1 } });
    expect(body.candidates[0].timeUsedSeconds).toBe(30 * 60);

    expect((await call(t.app, 'GET', `/api/review/compare?attemptIds=${ids[0]}`, team.owner)).statusCode).toBe(400);
    const other = await seeded();
    const mixed = await call(
      t.app,
      'GET',
      `/api/review/compare?attemptIds=${ids[0]},${other.people[0]!.attemptId}`,
      team.owner,
    );
    expect(mixed.json().message).toBe('Compare candidates of the same test');
  });
});

describe('status emails', () => {
  it('one email per real change, after the undo window; toggling back and forth sends nothing new', async () => {
    const { people } = await seeded();
    const { user, attemptId } = people[0]!;
    const put = (status: string) =>
      call(t.app, 'PUT', `/api/review/attempts/${attemptId}/status`, team.recruiter, { status });

    // Shortlisted, then undone within the window: nothing is sent.
    expect((await put('shortlisted')).json().emailAt).not.toBeNull();
    expect((await put('pending')).json().emailAt).toBeNull();
    t.clock.advance(STATUS_UNDO_MS + 1000);
    await sendDueStatusEmails(t.deps);
    expect(await statusMails(user.email)).toEqual([]);

    // Shortlisted and left alone: one email, not before the window.
    await put('shortlisted');
    await sendDueStatusEmails(t.deps);
    expect(await statusMails(user.email)).toEqual([]);
    t.clock.advance(STATUS_UNDO_MS + 1000);
    await sendDueStatusEmails(t.deps);
    await sendDueStatusEmails(t.deps);
    expect(await statusMails(user.email)).toEqual(['status_shortlisted']);

    // Toggling shortlisted → pending → shortlisted later is not a new change for the candidate.
    await put('pending');
    const again = await put('shortlisted');
    expect(again.json().emailAt).toBeNull();
    t.clock.advance(STATUS_UNDO_MS + 1000);
    await sendDueStatusEmails(t.deps);
    expect(await statusMails(user.email)).toEqual(['status_shortlisted']);

    // A real change (rejected) is one more email.
    await put('rejected');
    t.clock.advance(STATUS_UNDO_MS + 1000);
    await sendDueStatusEmails(t.deps);
    expect(await statusMails(user.email)).toEqual(['status_shortlisted', 'status_rejected']);

    const byReviewer = await call(t.app, 'PUT', `/api/review/attempts/${attemptId}/status`, team.reviewer, {
      status: 'pending',
    });
    expect(byReviewer.statusCode).toBe(403);
  });
});
