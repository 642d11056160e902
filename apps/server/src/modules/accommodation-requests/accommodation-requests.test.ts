/**
 * Issue 46: a candidate asks for an accommodation before starting and the test's company decides. Granted extra
 * time goes into the deadline through the invitation; no camera starts without the camera step (a face engine is
 * present here, so without the grant the start needs an enrolment); screen-reader mode reaches the take state;
 * the report says what was granted. Tenancy, roles, bad input and the audit trail.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildCodingTest, createSignedInUser, uniqueEmail } from '../../../test/factories';
import { call } from '../../../test/fixtures/authoring';
import { useTeam, useTestApp } from '../../../test/support';
import { auditLog, invitations, outbox, tests } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { FaceClient } from '../face/face-client';

/** A face service that is up: the start gate asks for an enrolment, and no call reaches it in these tests. */
const refusingFace: FaceClient = {
  kind: 'in-process',
  enroll: async () => {
    throw new AppError('FACE_UNAVAILABLE', 'not in this test');
  },
  detect: async () => {
    throw new AppError('FACE_UNAVAILABLE', 'not in this test');
  },
  verify: async () => {
    throw new AppError('FACE_UNAVAILABLE', 'not in this test');
  },
  health: () => ({ state: 'ready', backend: 'stub', models: [] }),
  close: async () => {},
};

const t = useTestApp({ face: refusingFace });
const team = useTeam(t);

const decisionMails = (to: string) =>
  t.deps.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.toAddress, to), eq(outbox.kind, 'accommodation_decision')));

const minutesOf = (a: { startedAt: string; deadlineAt: string }) =>
  (new Date(a.deadlineAt).getTime() - new Date(a.startedAt).getTime()) / 60_000;

/** An invite-only, camera-proctored hour-long test of the team's company, and one invited, verified candidate. */
async function invitedCandidate(name: string) {
  const { test } = await buildCodingTest(t.deps.db, { employer: team.owner, duration: 60, name, proctoring: true });
  await t.deps.db.update(tests).set({ access: 'invited' }).where(eq(tests.id, test.id));
  const email = uniqueEmail('acc');
  const inv = await call(t.app, 'POST', '/api/invitations', team.recruiter, { testId: test.id, emails: [email] });
  expect(inv.statusCode, inv.body).toBe(201);
  const cand = await createSignedInUser(t.app, { email });
  return { test, cand, email };
}

const ask = (testId: string, who: Parameters<typeof call>[3], body: unknown) =>
  call(t.app, 'PUT', `/api/attempts/${testId}/accommodation`, who, body);
const decide = (id: string, who: Parameters<typeof call>[3], body: unknown) =>
  call(t.app, 'PUT', `/api/accommodation-requests/${id}/decision`, who, body);

describe('accommodation requests', () => {
  it('a granted request gives extra time, no camera step and the accessible editor, and the report says so', async () => {
    const { test, cand, email } = await invitedCandidate('Granted');
    // without a grant the proctored start needs the camera step
    const before = (await call(t.app, 'GET', `/api/attempts/take/${test.id}`, cand)).json();
    expect(before.proctoring.required).toBe(true);

    const asked = await ask(test.id, cand, {
      kinds: ['extra_time', 'no_camera', 'screen_reader'],
      extraMinutes: 30,
      reason: 'I use a screen reader and cannot use a camera',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({ status: 'pending', extraMinutes: 30, grantedMinutes: null });
    // a pending request may still be changed by the candidate
    const changed = await ask(test.id, cand, {
      kinds: ['extra_time', 'no_camera', 'screen_reader'],
      extraMinutes: 25,
      reason: 'I use a screen reader; no camera',
    });
    expect(changed.json()).toMatchObject({ id: asked.json().id, extraMinutes: 25 });

    const list = await call(t.app, 'GET', `/api/tests/${test.id}/accommodation-requests`, team.reviewer);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      expect.objectContaining({ email, status: 'pending', kinds: ['extra_time', 'no_camera', 'screen_reader'] }),
    ]);
    const id = asked.json().id as string;
    // a reviewer reads, but does not decide
    expect((await decide(id, team.reviewer, { decision: 'granted' })).statusCode).toBe(403);
    const granted = await decide(id, team.recruiter, { decision: 'granted', extraMinutes: 20, note: 'As asked' });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json()).toMatchObject({ status: 'granted', grantedMinutes: 20, decisionNote: 'As asked' });
    // the extra time is the invitation's (issue 13's mechanism)
    const [inv] = await t.deps.db.select().from(invitations).where(eq(invitations.testId, test.id));
    expect(inv!.extraMinutes).toBe(20);
    // the candidate is told by email, in the test's language (English here), with the minutes and the note
    const [mail] = await decisionMails(email);
    expect(mail).toMatchObject({ subject: 'Your accommodation request for Granted' });
    expect(mail!.bodyText).toContain('has granted your request for extra time, no camera, and screen-reader mode');
    expect(mail!.bodyText).toContain('Extra time granted: 20 minutes.');
    expect(mail!.bodyText).toContain('Their note: As asked');
    // the same decision again sends nothing more
    expect(
      (await decide(id, team.recruiter, { decision: 'granted', extraMinutes: 20, note: 'As asked' })).statusCode,
    ).toBe(200);
    expect(await decisionMails(email)).toHaveLength(1);
    // an answered request is not the candidate's to change
    expect((await ask(test.id, cand, { kinds: ['no_camera'], reason: 'again' })).statusCode).toBe(409);

    const entry = (await call(t.app, 'GET', `/api/attempts/take/${test.id}`, cand)).json();
    expect(entry.proctoring.required).toBe(false);
    expect(entry.test.extraMinutes).toBe(20);
    expect(entry.accommodations).toEqual({ cameraWaived: true, screenReader: true });
    expect(entry.accommodationRequest).toMatchObject({ status: 'granted', grantedMinutes: 20 });

    const started = await call(t.app, 'POST', `/api/attempts/${test.id}/start`, cand);
    expect(started.statusCode, started.body).toBe(200);
    expect(minutesOf(started.json().attempt)).toBe(80);
    expect(started.json().proctoring.active).toBe(false);
    expect(started.json().accommodations).toEqual({ cameraWaived: true, screenReader: true });

    const report = await call(t.app, 'GET', `/api/review/attempts/${started.json().attempt.id}/report`, team.owner);
    expect(report.json().accommodation).toMatchObject({ extraMinutes: 20, cameraWaived: true, screenReader: true });
    expect(report.json().proctored).toBe(false);
    // once started, the decision stands
    expect((await decide(id, team.owner, { decision: 'refused' })).statusCode).toBe(409);
    expect((await ask(test.id, cand, { kinds: ['no_camera'], reason: 'later' })).statusCode).toBe(409);

    const audit = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, id), eq(auditLog.companyId, test.companyId!)));
    expect(audit.map((a) => a.action).sort()).toEqual([
      'candidate.accommodation_decided',
      'candidate.accommodation_requested',
      'candidate.accommodation_requested',
    ]);
    // the candidate's reason (health, often) stays out of the trail
    expect(JSON.stringify(audit)).not.toContain('screen reader');
  });

  it('a refused request changes nothing: the camera step and the test time stay', async () => {
    const { test, cand } = await invitedCandidate('Refused');
    const asked = await ask(test.id, cand, {
      kinds: ['no_camera', 'extra_time'],
      extraMinutes: 10,
      reason: 'No webcam',
    });
    await t.deps.db.update(tests).set({ defaultLocale: 'es' }).where(eq(tests.id, test.id));
    const refused = await decide(asked.json().id, team.admin, { decision: 'refused', note: 'A camera is required' });
    expect(refused.json()).toMatchObject({ status: 'refused', grantedMinutes: null });
    // told in the test's default language (Spanish here), without any granted minutes
    const mails = await decisionMails(cand.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Tu solicitud de adaptación para Refused');
    expect(mails[0]!.bodyText).toContain('no ha concedido tu solicitud de sin cámara y tiempo adicional');
    expect(mails[0]!.bodyText).not.toContain('Tiempo adicional concedido');
    const entry = (await call(t.app, 'GET', `/api/attempts/take/${test.id}`, cand)).json();
    expect(entry.proctoring.required).toBe(true);
    expect(entry.test.extraMinutes).toBe(0);
    expect(entry.accommodations).toBeUndefined();
    expect(entry.accommodationRequest).toMatchObject({ status: 'refused', decisionNote: 'A camera is required' });
    // without the grant the proctored start still needs the enrolment
    expect((await call(t.app, 'POST', `/api/attempts/${test.id}/start`, cand)).statusCode).toBe(428);
    // the candidate's own data download lists the request, its reason and the decision (no decider's id)
    const exported = (await call(t.app, 'GET', '/api/users/me/export', cand)).json();
    expect(exported.accommodationRequests).toEqual([
      expect.objectContaining({
        testId: test.id,
        kinds: ['no_camera', 'extra_time'],
        reason: 'No webcam',
        status: 'refused',
        decisionNote: 'A camera is required',
      }),
    ]);
    expect(exported.accommodationRequests[0]).not.toHaveProperty('decidedBy');
  });

  it('a link test has no invitation: the granted minutes come from the request', async () => {
    const { test } = await buildCodingTest(t.deps.db, { employer: team.owner, duration: 30, proctoring: false });
    const cand = await createSignedInUser(t.app, { role: 'candidate' });
    const asked = await ask(test.id, cand, { kinds: ['extra_time'], extraMinutes: 15, reason: 'Dyslexia' });
    await decide(asked.json().id, team.owner, { decision: 'granted' });
    const started = (await call(t.app, 'POST', `/api/attempts/${test.id}/start`, cand)).json();
    expect(minutesOf(started.attempt)).toBe(45);
  });

  it('refuses bad input with 400 and keeps the request as it was', async () => {
    const { test, cand } = await invitedCandidate('Input');
    const bad = [
      {},
      { kinds: [], reason: 'x' },
      { kinds: ['extra_time'], reason: 'no minutes' },
      { kinds: ['extra_time'], extraMinutes: 0, reason: 'zero' },
      { kinds: ['extra_time'], extraMinutes: 601, reason: 'too many' },
      { kinds: ['teleport'], reason: 'x' },
      { kinds: ['no_camera', 'no_camera'], reason: 'twice' },
      { kinds: ['no_camera'], reason: '   ' },
      { kinds: ['no_camera'], reason: 'x'.repeat(501) },
    ];
    for (const body of bad) expect((await ask(test.id, cand, body)).statusCode, JSON.stringify(body)).toBe(400);
    const ok = await ask(test.id, cand, { kinds: ['screen_reader'], reason: 'NVDA' });
    expect(ok.statusCode).toBe(200);
    const id = ok.json().id as string;
    expect((await decide(id, team.owner, { decision: 'maybe' })).statusCode).toBe(400);
    expect((await decide(id, team.owner, { decision: 'granted', note: 'n'.repeat(501) })).statusCode).toBe(400);
    const list = (await call(t.app, 'GET', `/api/tests/${test.id}/accommodation-requests`, team.owner)).json();
    expect(list[0]).toMatchObject({ status: 'pending', kinds: ['screen_reader'], reason: 'NVDA' });
  });

  it('is tenant-safe: strangers, other companies and members get 404 or 403', async () => {
    const { test, cand } = await invitedCandidate('Tenancy');
    const stranger = await createSignedInUser(t.app, { role: 'candidate' });
    const rival = await createSignedInUser(t.app, { role: 'employer' });
    // an invite-only test does not exist for someone not invited
    expect((await ask(test.id, stranger, { kinds: ['no_camera'], reason: 'x' })).statusCode).toBe(404);
    expect((await ask(test.id, null, { kinds: ['no_camera'], reason: 'x' })).statusCode).toBe(401);
    // a company member previews: nothing to ask for
    expect((await ask(test.id, team.owner, { kinds: ['no_camera'], reason: 'x' })).statusCode).toBe(403);
    const id = (await ask(test.id, cand, { kinds: ['no_camera'], reason: 'x' })).json().id as string;
    expect((await call(t.app, 'GET', `/api/tests/${test.id}/accommodation-requests`, rival)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', `/api/tests/${test.id}/accommodation-requests`, cand)).statusCode).toBe(403);
    expect((await decide(id, rival, { decision: 'granted' })).statusCode).toBe(404);
    expect((await decide(id, cand, { decision: 'granted' })).statusCode).toBe(403);
    expect((await decide('00000000-0000-4000-8000-000000000000', team.owner, { decision: 'granted' })).statusCode).toBe(
      404,
    );
    const list = (await call(t.app, 'GET', `/api/tests/${test.id}/accommodation-requests`, team.owner)).json();
    expect(list[0].status).toBe('pending');
  });
});
