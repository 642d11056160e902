import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { buildCodingTest, HIDDEN_MARKER, type SignedInUser } from '../../../test/factories';
import { useTeam, useTestApp } from '../../../test/support';
import { auditLog, interviewUpdates, outbox, webhookDeliveries, webhooks } from '../../db/schema';
import { purgeExpired } from '../erasure/retention.service';

const t = useTestApp();
const team = useTeam(t);
let rival: SignedInUser;
let candidate: SignedInUser;

/** A Yjs update that writes `text` into a fresh document's `code` text. */
function codeUpdate(text: string): Uint8Array {
  const doc = new Y.Doc();
  doc.getText('code').insert(0, text);
  return Y.encodeStateAsUpdate(doc);
}

const tokenOf = (joinUrl: string) => new URL(joinUrl).searchParams.get('token')!;
const card = {
  ratings: [
    { criterion: 'Problem solving', score: 4 },
    { criterion: 'Communication', score: 5 },
  ],
  recommendation: 'yes',
  summary: 'SCORECARD-SECRET clear thinker',
};

async function schedule(by: SignedInUser = team.recruiter, extra: Record<string, unknown> = {}) {
  const res = await t.as(by).post('/api/interviews', {
    title: 'Backend pairing',
    candidateEmail: candidate.email,
    durationMinutes: 60,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; joinUrl: string };
}

beforeAll(async () => {
  rival = await t.signIn({ role: 'employer' });
  candidate = await t.signIn();
});

describe('POST /api/interviews', () => {
  it('schedules an interview, mails the candidate the join link and audits it', async () => {
    const { id, joinUrl } = await schedule(team.recruiter, { scheduledAt: '2030-01-02T10:00:00Z' });
    expect(joinUrl).toMatch(new RegExp(`/interview/${id}\\?token=`));
    const mails = await t.deps.db.select().from(outbox).where(eq(outbox.toAddress, candidate.email));
    const mail = mails.find((m) => m.kind === 'interview_invitation');
    expect(mail?.bodyText).toContain(joinUrl);
    const audits = await t.deps.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(audits.map((a) => a.action)).toContain('interview.create');
  });

  it('refuses visitors, candidates, reviewers and unverified senders, and bad input with 400', async () => {
    const body = { title: 'x', candidateEmail: 'a@example.com' };
    expect((await t.as(null).post('/api/interviews', body)).statusCode).toBe(401);
    expect((await t.as(candidate).post('/api/interviews', body)).statusCode).toBe(403);
    const reviewer = await t.as(team.reviewer).post('/api/interviews', body);
    expect(reviewer.statusCode).toBe(403);
    expect(reviewer.json().message).toMatch(/recruiter/);
    const unverified = await t.signIn({ role: 'employer', verified: false });
    expect((await t.as(unverified).post('/api/interviews', body)).json().code).toBe('EMAIL_NOT_VERIFIED');
    const bad = await t.as(team.owner).post('/api/interviews', { title: '', candidateEmail: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(expect.arrayContaining(['title', 'candidateEmail']));
    const lang = await t.as(team.owner).post('/api/interviews', { ...body, languages: ['cobol'] });
    expect(lang.statusCode).toBe(400);
  });

  it("refuses another company's problems and people", async () => {
    const { problems } = await buildCodingTest(t.deps.db);
    const theirs = await t.as(team.owner).post('/api/interviews', {
      title: 'x',
      candidateEmail: 'a@example.com',
      problemIds: [problems[0]!.id],
    });
    expect(theirs.statusCode).toBe(400);
    const stranger = await t.as(team.owner).post('/api/interviews', {
      title: 'x',
      candidateEmail: 'a@example.com',
      interviewerIds: [rival.id],
    });
    expect(stranger.statusCode).toBe(400);
  });
});

describe('list, room, end and scorecard', () => {
  it('lists the company interviews with their status; another company sees none', async () => {
    const { id } = await schedule();
    const mine = await t.as(team.admin).get('/api/interviews');
    expect(mine.statusCode).toBe(200);
    expect(mine.json().find((i: { id: string }) => i.id === id)).toMatchObject({ status: 'scheduled' });
    expect((await t.as(rival).get('/api/interviews')).json()).toEqual([]);
    expect((await t.as(rival).get(`/api/interviews/${id}`)).statusCode).toBe(404);
    expect((await t.as(candidate).get('/api/interviews')).statusCode).toBe(403);
  });

  it("lists one candidate's interviews with their scorecards for the candidate's record", async () => {
    const person = `record-${Date.now()}@example.com`;
    const other = await schedule();
    const res = await t.as(team.recruiter).post('/api/interviews', { title: 'Record', candidateEmail: person });
    const { id } = res.json();
    expect((await t.as(team.recruiter).put(`/api/interviews/${id}/scorecard`, card)).statusCode).toBe(200);
    const mine = await t
      .as(team.owner)
      .get(`/api/interviews?candidateEmail=${encodeURIComponent(person.toUpperCase())}`);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toEqual([
      expect.objectContaining({ id, title: 'Record', scorecard: card, hasScorecard: true }),
    ]);
    expect(mine.json().map((i: { id: string }) => i.id)).not.toContain(other.id);
    expect((await t.as(rival).get(`/api/interviews?candidateEmail=${encodeURIComponent(person)}`)).json()).toEqual([]);
    expect((await t.as(team.owner).get('/api/interviews?candidateEmail=nope')).statusCode).toBe(400);
  });

  it('opens the room to the join token as the candidate, and to nobody else', async () => {
    const { id, joinUrl } = await schedule();
    const token = tokenOf(joinUrl);
    const room = await t.as(null).get(`/api/interviews/${id}/room`, { 'x-join-token': token });
    expect(room.statusCode).toBe(200);
    expect(room.json()).toMatchObject({ role: 'candidate', status: 'scheduled', problem: null });
    expect(room.json().languages).toContain('python');
    expect((await t.as(null).get(`/api/interviews/${id}/room`, { 'x-join-token': `x${token}` })).statusCode).toBe(401);
    expect((await t.as(null).get(`/api/interviews/${id}/room`)).statusCode).toBe(401);
    expect((await t.as(rival).get(`/api/interviews/${id}/room`)).statusCode).toBe(404);
    expect((await t.as(candidate).get(`/api/interviews/${id}/room`)).statusCode).toBe(404);
    const mine = await t.as(team.recruiter).get(`/api/interviews/${id}/room`);
    expect(mine.json().role).toBe('interviewer');
    // A reviewer reads interviews once they have ended, not before.
    expect((await t.as(team.reviewer).get(`/api/interviews/${id}/room`)).statusCode).toBe(403);
  });

  it('keeps the scorecard from the candidate and lets reviewers read the ended interview', async () => {
    const { id, joinUrl } = await schedule();
    const token = tokenOf(joinUrl);
    expect((await t.as(team.reviewer).put(`/api/interviews/${id}/scorecard`, card)).statusCode).toBe(403);
    expect((await t.as(rival).put(`/api/interviews/${id}/scorecard`, card)).statusCode).toBe(404);
    expect((await t.as(null).put(`/api/interviews/${id}/scorecard`, card, { 'x-join-token': token })).statusCode).toBe(
      401,
    );
    const bad = await t
      .as(team.recruiter)
      .put(`/api/interviews/${id}/scorecard`, { ...card, ratings: [{ criterion: 'x', score: 9 }] });
    expect(bad.statusCode).toBe(400);
    expect((await t.as(team.recruiter).put(`/api/interviews/${id}/scorecard`, card)).statusCode).toBe(200);
    const room = await t.as(null).get(`/api/interviews/${id}/room`, { 'x-join-token': token });
    expect(room.body).not.toContain('SCORECARD-SECRET');

    // A company webhook subscribed to interview.completed gets one delivery when the interview ends.
    const [hook] = await t.deps.db
      .insert(webhooks)
      .values({
        companyId: team.owner.companyId!,
        createdBy: team.owner.id,
        url: 'https://hooks.example.com/in',
        events: ['interview.completed'],
        secret: 'whsec-test',
      })
      .returning();
    expect((await t.as(team.reviewer).post(`/api/interviews/${id}/end`)).statusCode).toBe(403);
    const ended = await t.as(team.recruiter).post(`/api/interviews/${id}/end`);
    expect(ended.json()).toMatchObject({ status: 'ended', hasScorecard: true });
    const read = await t.as(team.reviewer).get(`/api/interviews/${id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().scorecard).toEqual(card);
    expect((await t.as(team.reviewer).get('/api/interviews')).json().map((i: { id: string }) => i.id)).toContain(id);
    const audits = await t.deps.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['interview.scorecard', 'interview.end']));
    const deliveries = await t.deps.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, hook!.id));
    expect(deliveries.map((d) => [d.event, d.subject])).toEqual([['interview.completed', id]]);
    expect(deliveries[0]!.body).not.toContain('SCORECARD-SECRET');
    // Nothing runs in an ended room.
    const run = await t.as(team.recruiter).post(`/api/interviews/${id}/run`, { language: 'python', code: 'print(1)' });
    expect(run.json().code).toBe('INTERVIEW_ENDED');
  });

  it('reveals only a problem of the company, and only by an interviewer; the candidate never gets hidden cases', async () => {
    const mine = await buildCodingTest(t.deps.db, { employer: team.owner });
    const { id, joinUrl } = await schedule();
    const token = tokenOf(joinUrl);
    const problemId = mine.problems[0]!.id;
    const byCandidate = await t.as(null).post(`/api/interviews/${id}/reveal`, { problemId }, { 'x-join-token': token });
    expect(byCandidate.statusCode).toBe(403);
    const other = await buildCodingTest(t.deps.db);
    const foreign = await t
      .as(team.recruiter)
      .post(`/api/interviews/${id}/reveal`, { problemId: other.problems[0]!.id });
    expect(foreign.statusCode).toBe(404);
    expect((await t.as(team.recruiter).post(`/api/interviews/${id}/reveal`, { problemId })).statusCode).toBe(200);
    const room = await t.as(null).get(`/api/interviews/${id}/room`, { 'x-join-token': token });
    expect(room.json().problem.id).toBe(problemId);
    expect(room.body).not.toContain(HIDDEN_MARKER);
  });
});

describe('erasure and retention', () => {
  it("erasing the candidate's account removes their interviews", async () => {
    const person = await t.signIn();
    const res = await t.as(team.recruiter).post('/api/interviews', { title: 'Erase me', candidateEmail: person.email });
    const { id } = res.json();
    await t.deps.db.insert(interviewUpdates).values({ interviewId: id, doc: 'code', data: codeUpdate('print(1)') });
    await t.deps.db.insert(interviewUpdates).values({ interviewId: id, doc: 'notes', data: codeUpdate('NOTE-X') });
    expect((await t.as(team.recruiter).put(`/api/interviews/${id}/scorecard`, card)).statusCode).toBe(200);
    // Their own data export has the interview and its code, not the notes or the scorecard.
    const mine = await t.as(person).get('/api/users/me/export');
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().interviews).toEqual([expect.objectContaining({ id, title: 'Erase me', code: 'print(1)' })]);
    expect(mine.body).not.toContain('NOTE-X');
    expect(mine.body).not.toContain('SCORECARD-SECRET');
    const erased = await t.as(person).request('DELETE', '/api/users/me', { password: person.password });
    expect(erased.statusCode, erased.body).toBe(200);
    expect((await t.as(team.recruiter).get(`/api/interviews/${id}`)).statusCode).toBe(404);
  });

  it('a company erases a candidate who only had interviews with it: rooms, notes, runs and scorecard go', async () => {
    const person = await t.signIn();
    const res = await t
      .as(team.recruiter)
      .post('/api/interviews', { title: 'Only this', candidateEmail: person.email });
    const { id } = res.json();
    await t.deps.db.insert(interviewUpdates).values({ interviewId: id, doc: 'notes', data: new Uint8Array([0, 0]) });
    expect((await t.as(team.recruiter).put(`/api/interviews/${id}/scorecard`, card)).statusCode).toBe(200);
    await t.as(team.recruiter).post(`/api/interviews/${id}/end`);
    // The same address interviewed by another company keeps that company's interview.
    const theirs = await t.as(rival).post('/api/interviews', { title: 'Elsewhere', candidateEmail: person.email });
    expect(theirs.statusCode, theirs.body).toBe(201);

    expect((await t.as(team.recruiter).delete(`/api/companies/candidates/${person.id}/data`)).statusCode).toBe(403);
    const erased = await t.as(team.owner).delete(`/api/companies/candidates/${person.id}/data`);
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json()).toMatchObject({ attempts: 0, interviews: 1 });
    expect((await t.as(team.recruiter).get(`/api/interviews/${id}`)).statusCode).toBe(404);
    expect(await t.deps.db.select().from(interviewUpdates).where(eq(interviewUpdates.interviewId, id))).toEqual([]);
    expect((await t.as(rival).get(`/api/interviews/${theirs.json().id}`)).statusCode).toBe(200);
    // The audit trail stays, without the address.
    const audits = await t.deps.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['interview.create', 'interview.end']));
    expect(JSON.stringify(audits)).not.toContain(person.email);
    const again = await t.as(team.owner).delete(`/api/companies/candidates/${person.id}/data`);
    expect(again.statusCode).toBe(404);
  });

  it('retention removes interviews that were scheduled and never held, and code history after its days', async () => {
    const never = await schedule(team.recruiter, {
      scheduledAt: new Date(t.clock.now().getTime() + 86_400_000).toISOString(),
    });
    const held = await schedule();
    await t.deps.db
      .insert(interviewUpdates)
      .values({ interviewId: held.id, doc: 'code', data: new Uint8Array([0, 0]) });
    await t.as(team.recruiter).put(`/api/interviews/${held.id}/scorecard`, card);
    await t.as(team.recruiter).post(`/api/interviews/${held.id}/end`);
    const set = await t.as(team.owner).put('/api/companies/retention', {
      framesDays: null,
      codeDays: 10,
      personalDays: 60,
    });
    expect(set.statusCode, set.body).toBe(200);
    t.clock.advance(12 * 86_400_000);
    try {
      await purgeExpired(t.deps);
      expect(await t.deps.db.select().from(interviewUpdates).where(eq(interviewUpdates.interviewId, held.id))).toEqual(
        [],
      );
      const kept = await t.as(team.recruiter).get(`/api/interviews/${held.id}`);
      expect(kept.json().scorecard).toEqual(card);
      expect((await t.as(team.recruiter).get(`/api/interviews/${never.id}`)).statusCode).toBe(200);
      t.clock.advance(50 * 86_400_000);
      await purgeExpired(t.deps);
    } finally {
      t.clock.set(new Date());
    }
    expect((await t.as(team.recruiter).get(`/api/interviews/${never.id}`)).statusCode).toBe(404);
    expect((await t.as(team.recruiter).get(`/api/interviews/${held.id}`)).statusCode).toBe(404);
    await t.as(team.owner).put('/api/companies/retention', { framesDays: null, codeDays: null, personalDays: null });
  });

  it('an owner or admin deletes one interview of a candidate without an account, with everything in it', async () => {
    const { id } = await schedule(team.recruiter, { scheduledAt: '2030-01-02T10:00:00Z' });
    await t.deps.db.insert(interviewUpdates).values({ interviewId: id, doc: 'notes', data: new Uint8Array([0, 0]) });
    const [hook] = await t.deps.db
      .insert(webhooks)
      .values({
        companyId: team.owner.companyId!,
        createdBy: team.owner.id,
        url: 'https://hooks.example.com/erase',
        events: ['interview.completed'],
        secret: 'whsec-test',
      })
      .returning();
    await t.as(team.recruiter).post(`/api/interviews/${id}/end`);
    expect((await t.as(team.recruiter).request('DELETE', `/api/interviews/${id}`)).statusCode).toBe(403);
    expect((await t.as(rival).request('DELETE', `/api/interviews/${id}`)).statusCode).toBe(404);
    const gone = await t.as(team.admin).request('DELETE', `/api/interviews/${id}`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await t.as(team.recruiter).get(`/api/interviews/${id}`)).statusCode).toBe(404);
    expect(await t.deps.db.select().from(interviewUpdates).where(eq(interviewUpdates.interviewId, id))).toEqual([]);
    const deliveries = await t.deps.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, hook!.id));
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]!.body).not.toContain(candidate.email);
    const audits = await t.deps.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['interview.create', 'interview.erased']));
    expect(JSON.stringify(audits)).not.toContain(candidate.email);
    expect((await t.as(team.admin).request('DELETE', `/api/interviews/${id}`)).statusCode).toBe(404);
    await t.deps.db.delete(webhooks).where(eq(webhooks.id, hook!.id));
  });

  it("removes an ended interview after the company's personal-data days, not before", async () => {
    const { id } = await schedule();
    // Still ahead: scheduled for a day after the cutoff.
    const ahead = new Date(t.clock.now().getTime() + 40 * 86_400_000).toISOString();
    const live = await schedule(team.recruiter, { scheduledAt: ahead });
    await t.as(team.recruiter).post(`/api/interviews/${id}/end`);
    const set = await t.as(team.owner).put('/api/companies/retention', {
      framesDays: null,
      codeDays: null,
      personalDays: 30,
    });
    expect(set.statusCode, set.body).toBe(200);
    await purgeExpired(t.deps);
    expect((await t.as(team.recruiter).get(`/api/interviews/${id}`)).statusCode).toBe(200);
    t.clock.advance(31 * 86_400_000);
    try {
      await purgeExpired(t.deps);
    } finally {
      t.clock.set(new Date());
    }
    expect((await t.as(team.recruiter).get(`/api/interviews/${id}`)).statusCode).toBe(404);
    expect((await t.as(team.recruiter).get(`/api/interviews/${live.id}`)).statusCode).toBe(200);
  });
});
