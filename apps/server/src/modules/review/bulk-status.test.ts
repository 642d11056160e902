/**
 * Issue 26: moving many candidates of one test at once, and the choice to tell the candidates or not (for one
 * candidate too). Roles, tenancy, ids of another test, previews; emails only with notify and after the undo
 * window; a webhook event per candidate moved and an audit entry per call.
 */
import { describe, expect, it } from 'vitest';
import { buildCodingTest, createSignedInUser, type SignedInUser } from '../../../test/factories';
import { call } from '../../../test/fixtures/authoring';
import { seedAttempt } from '../../../test/fixtures/review';
import { useTeam, useTestApp } from '../../../test/support';
import { STATUS_UNDO_MS, sendDueStatusEmails } from './status-mail';

const t = useTestApp();
const team = useTeam(t);

async function seeded(count = 3) {
  const { test } = await buildCodingTest(t.deps.db, { employer: team.owner, name: 'Bulk round' });
  const people: { user: SignedInUser; attemptId: string }[] = [];
  for (let i = 0; i < count; i++) {
    const user = await createSignedInUser(t.app, { firstName: `Cand${i}` });
    people.push({ user, attemptId: (await seedAttempt(t.deps.db, test.id, user.id)).id });
  }
  return { test, people };
}

const statusMails = async (email: string) =>
  (
    await t.deps.database.query<{ kind: string }>(
      "SELECT kind FROM outbox WHERE to_address = $1 AND kind LIKE 'status_%' ORDER BY created_at",
      [email],
    )
  ).map((r) => r.kind);

const statuses = async (ids: string[]) =>
  (
    await t.deps.database.query<{ id: string; hiring_status: string }>(
      'SELECT id, hiring_status FROM attempts WHERE id = ANY($1::uuid[])',
      [ids],
    )
  )
    .map((r) => r.hiring_status)
    .sort();

async function mailDue() {
  t.clock.advance(STATUS_UNDO_MS + 1000);
  await sendDueStatusEmails(t.deps);
}

describe('POST /api/review/tests/{testId}/status', () => {
  it('moves every chosen candidate at once and, with notify, emails each after the undo window', async () => {
    const { test, people } = await seeded();
    const ids = people.slice(0, 2).map((p) => p.attemptId);
    // A webhook subscribed to status changes (stored directly: its delivery has its own tests).
    const [hook] = await t.deps.database.query<{ id: string }>(
      `INSERT INTO webhooks (company_id, created_by, url, events, secret)
       VALUES ($1, $2, 'https://hooks.example/in', '["candidate.status_changed"]', 'enc:v1:x') RETURNING id`,
      [team.owner.companyId, team.owner.id],
    );
    const res = await call(t.app, 'POST', `/api/review/tests/${test.id}/status`, team.recruiter, {
      attemptIds: ids,
      status: 'shortlisted',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ hiringStatus: 'shortlisted', notify: true });
    expect(res.json().changed.sort()).toEqual([...ids].sort());
    expect(res.json().emailAt).not.toBeNull();
    expect(await statuses(people.map((p) => p.attemptId))).toEqual(['pending', 'shortlisted', 'shortlisted']);
    await mailDue();
    expect(await statusMails(people[0]!.user.email)).toEqual(['status_shortlisted']);
    expect(await statusMails(people[1]!.user.email)).toEqual(['status_shortlisted']);
    expect(await statusMails(people[2]!.user.email)).toEqual([]);
    // Moving them again to the same status changes nothing and sends nothing new.
    const again = await call(t.app, 'POST', `/api/review/tests/${test.id}/status`, team.recruiter, {
      attemptIds: ids,
      status: 'shortlisted',
    });
    expect(again.json()).toMatchObject({ changed: [], emailAt: null });
    // One webhook event per candidate moved (none for the move that changed nothing), one audit entry per call.
    const deliveries = await t.deps.database.query<{ body: string }>(
      "SELECT body FROM webhook_deliveries WHERE webhook_id = $1 AND event = 'candidate.status_changed'",
      [hook!.id],
    );
    expect(deliveries.map((d) => JSON.parse(d.body).data.attemptId).sort()).toEqual([...ids].sort());
    expect(deliveries.every((d) => JSON.parse(d.body).data.status === 'shortlisted')).toBe(true);
    await t.deps.database.query('DELETE FROM webhooks WHERE id = $1', [hook!.id]);
    const audit = await t.deps.database.query<{ target_id: string }>(
      "SELECT target_id FROM audit_log WHERE action = 'candidate.status_changed' AND target_id = $1",
      [test.id],
    );
    expect(audit).toHaveLength(2);
  });

  it('without notify the candidates are moved and never emailed, even after the undo window', async () => {
    const { test, people } = await seeded(2);
    const ids = people.map((p) => p.attemptId);
    const res = await call(t.app, 'POST', `/api/review/tests/${test.id}/status`, team.owner, {
      attemptIds: ids,
      status: 'rejected',
      notify: false,
    });
    expect(res.json()).toMatchObject({ hiringStatus: 'rejected', notify: false, emailAt: null });
    await mailDue();
    await mailDue();
    for (const p of people) expect(await statusMails(p.user.email)).toEqual([]);
    // A later move with notify tells the candidate of that move.
    await call(t.app, 'POST', `/api/review/tests/${test.id}/status`, team.owner, {
      attemptIds: [ids[0]],
      status: 'shortlisted',
    });
    await mailDue();
    expect(await statusMails(people[0]!.user.email)).toEqual(['status_shortlisted']);
    expect(await statusMails(people[1]!.user.email)).toEqual([]);
  });

  it('one candidate without notify (PUT …/status with notify: false) is not emailed either', async () => {
    const { people } = await seeded(1);
    const { user, attemptId } = people[0]!;
    const res = await call(t.app, 'PUT', `/api/review/attempts/${attemptId}/status`, team.recruiter, {
      status: 'shortlisted',
      notify: false,
    });
    expect(res.json()).toMatchObject({ hiringStatus: 'shortlisted', emailAt: null });
    await mailDue();
    expect(await statusMails(user.email)).toEqual([]);
  });

  it('refuses a reviewer (403), hides another company’s test (404) and changes nothing', async () => {
    const { test, people } = await seeded(1);
    const body = { attemptIds: [people[0]!.attemptId], status: 'rejected' };
    const reviewer = await call(t.app, 'POST', `/api/review/tests/${test.id}/status`, team.reviewer, body);
    expect(reviewer.statusCode).toBe(403);
    expect(reviewer.json().message).toContain('Changing a hiring status needs the owner, admin or recruiter role');
    const rival = await createSignedInUser(t.app, { role: 'employer' });
    expect((await call(t.app, 'POST', `/api/review/tests/${test.id}/status`, rival, body)).statusCode).toBe(404);
    expect((await call(t.app, 'POST', `/api/review/tests/${test.id}/status`, null, body)).statusCode).toBe(401);
    expect(await statuses([people[0]!.attemptId])).toEqual(['pending']);
  });

  it('an attempt of another test in the list is 404 and nobody moves; an empty list is refused', async () => {
    const first = await seeded(1);
    const second = await seeded(1);
    const res = await call(t.app, 'POST', `/api/review/tests/${first.test.id}/status`, team.owner, {
      attemptIds: [first.people[0]!.attemptId, second.people[0]!.attemptId],
      status: 'rejected',
    });
    expect(res.statusCode).toBe(404);
    expect(await statuses([first.people[0]!.attemptId, second.people[0]!.attemptId])).toEqual(['pending', 'pending']);
    const empty = await call(t.app, 'POST', `/api/review/tests/${first.test.id}/status`, team.owner, {
      attemptIds: [],
      status: 'rejected',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Choose the candidates to move');
  });

  it('a preview attempt has no hiring status', async () => {
    const { test, people } = await seeded(1);
    const preview = await call(t.app, 'POST', `/api/attempts/${test.id}/start`, team.recruiter, {});
    expect(preview.statusCode).toBe(200);
    const res = await call(t.app, 'POST', `/api/review/tests/${test.id}/status`, team.owner, {
      attemptIds: [people[0]!.attemptId, preview.json().attempt.id],
      status: 'shortlisted',
    });
    expect(res.statusCode).toBe(409);
    expect(await statuses([people[0]!.attemptId])).toEqual(['pending']);
  });
});
