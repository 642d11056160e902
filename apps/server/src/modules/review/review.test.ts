import { and, eq, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildCodingTest, type SignedInUser } from '../../../test/factories';
import {
  type SubmissionSeed,
  seedAttempt,
  seedAttemptSubmission,
  seedEvent,
  seedSubmission,
  TINY_JPEG,
} from '../../../test/fixtures/review';
import { PY_INDEPENDENT_BFS, PY_ORIGINAL, PY_RENAMED } from '../../../test/fixtures/similarity-samples';
import { madeBeforeAll, useSignedIn, useTestApp } from '../../../test/support';
import { aptitudeQuestions, attempts, outbox, tests, users } from '../../db/schema';
import { csvCell, toCsv } from './csv';
import { STATUS_UNDO_MS, sendDueStatusEmails } from './status-mail';

const t = useTestApp();
const empA = useSignedIn(t, { role: 'employer', firstName: 'Erin', lastName: 'Employer' });
const empB = useSignedIn(t, { role: 'employer' });
const cand1 = useSignedIn(t, { firstName: 'Ada', lastName: 'Lovelace' });
const cand2 = useSignedIn(t, { firstName: '=HYPERLINK("http://x")', lastName: 'Copy, Cat' });
const cand3 = useSignedIn(t, { firstName: 'Grace', lastName: 'Hopper' });
const seeded = madeBeforeAll(async () => {
  await t.deps.db.update(users).set({ experienceDetails: '5 years of Go' }).where(eq(users.id, cand2.id));
  return seedAll();
});

async function seedAll() {
  const db = t.deps.db;
  const main = await buildCodingTest(db, { employer: empA, name: 'Backend hiring', marks: [60, 40], passingMarks: 50 });
  const inactive = await buildCodingTest(db, { employer: empA, marks: [50, 50], name: 'Old drive', isActive: false });
  const other = await buildCodingTest(db, { employer: empB, marks: [50, 50], name: 'Company B test' });
  const [p1, p2] = main.problems as [(typeof main.problems)[0], (typeof main.problems)[0]];
  const start = new Date(Date.now() - 2 * 3_600_000);
  const a1 = await seedAttempt(db, main.test.id, cand1.id, { startedAt: start });
  const a2 = await seedAttempt(db, main.test.id, cand2.id, { startedAt: new Date(start.getTime() + 60_000) });
  const a3 = await seedAttempt(db, main.test.id, cand3.id, { startedAt: start, endedAt: null, minutes: 600 });
  const at = (ms: number) => new Date(start.getTime() + ms);
  const seeds: [SignedInUser, { id: string } | null, typeof p1, number, number, Partial<SubmissionSeed>][] = [
    // cand1: problem 1 twice (2/4 then 4/4: best counts), problem 2 3/4 → 60 + 30 = 90
    [cand1, a1, p1, 2, 4, { createdAt: at(60_000), code: PY_ORIGINAL }],
    [cand1, a1, p1, 4, 4, { createdAt: at(120_000), code: PY_ORIGINAL }],
    [cand1, a1, p2, 3, 4, { createdAt: at(180_000) }],
    // cand2 copied cand1 (renamed variables): 1/4 on problem 1 → 15
    [cand2, null, p1, 1, 4, { createdAt: at(240_000), code: PY_RENAMED }],
    // cand3 wrote their own: 0/2 on problem 1, plus one still queued (no results: not in the average)
    [cand3, a3, p1, 0, 2, { createdAt: at(300_000), code: PY_INDEPENDENT_BFS }],
    [cand3, a3, p2, 0, 0, { status: 'queued', createdAt: at(360_000) }],
  ];
  for (const [user, attempt, problem, passed, total, over] of seeds) {
    await seedSubmission(db, {
      testId: main.test.id,
      userId: user.id,
      attemptId: attempt?.id ?? null,
      problem,
      questionNumber: problem === p1 ? 0 : 1,
      passed,
      total,
      ...over,
    });
  }
  // company B's test has a submission too
  const b1 = await seedAttempt(db, other.test.id, cand1.id);
  await seedAttemptSubmission(db, b1, {
    problem: other.problems[0]!,
    questionNumber: 0,
    passed: 1,
    total: 1,
  });
  const frameKey = await t.deps.blobs.put('frames', TINY_JPEG, 'image/jpeg');
  const ev1 = await seedEvent(db, a1.id, 'tab_switch', null, new Date(start.getTime() + 200_000));
  const ev2 = await seedEvent(db, a1.id, 'face_mismatch', frameKey, new Date(start.getTime() + 100_000));
  await seedEvent(db, a1.id, 'tab_switch', null, new Date(start.getTime() + 250_000));
  const bEvent = await seedEvent(db, b1.id, 'copy_paste', frameKey);
  return { main, inactive, other, a1, a2, a3, b1, ev1, ev2, bEvent };
}

describe('GET /api/review/dashboard', () => {
  it('needs a session (401) and an employer (403)', async () => {
    expect((await t.as(null).get('/api/review/dashboard')).statusCode).toBe(401);
    expect((await t.as(cand1).get('/api/review/dashboard')).statusCode).toBe(403);
  });

  it('answers the user, the four stat cards from real data, and the tests with counts', async () => {
    const res = await t.as(empA).get('/api/review/dashboard');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toEqual({ firstName: 'Erin', lastName: 'Employer', email: empA.email });
    // judged shares: 50, 100, 75, 25, 0 → mean 50.0; the queued one has no results and is left out
    expect(body.stats).toEqual({ totalTests: 2, activeTests: 1, totalSubmissions: 6, averageScore: 50 });
    const main = body.tests.find((x: { id: string }) => x.id === seeded.main.test.id);
    expect(main).toMatchObject({
      testName: 'Backend hiring',
      submissionCount: 6,
      candidateCount: 3,
      averageScore: 50,
      isActive: true,
    });
    expect(body.tests.map((x: { testName: string }) => x.testName)).not.toContain('Company B test');
  });

  it('paginates the tests', async () => {
    const p1 = (await t.as(empA).get('/api/review/dashboard?page=1&pageSize=1')).json();
    const p2 = (await t.as(empA).get('/api/review/dashboard?page=2&pageSize=1')).json();
    expect(p1.tests).toHaveLength(1);
    expect(p2.tests).toHaveLength(1);
    expect(p1.tests[0].id).not.toBe(p2.tests[0].id);
    expect(p1.totalTests).toBe(2);
    expect((await t.as(empA).get('/api/review/dashboard?pageSize=0')).statusCode).toBe(400);
  });

  it("shows company B's employer only company B's numbers", async () => {
    const body = (await t.as(empB).get('/api/review/dashboard')).json();
    expect(body.stats).toEqual({ totalTests: 1, activeTests: 1, totalSubmissions: 1, averageScore: 100 });
  });
});

describe('GET /api/review/tests/:id/submissions', () => {
  it('lists submissions with the candidate of each, colours, and the proctoring summary, in one query', async () => {
    let queries = 0;
    const original = t.deps.database.query.bind(t.deps.database);
    t.deps.database.query = ((...args: Parameters<typeof original>) => {
      queries++;
      return original(...args);
    }) as typeof original;
    const res = await t.as(empA).get(`/api/review/tests/${seeded.main.test.id}/submissions?pageSize=50`);
    t.deps.database.query = original;
    expect(queries).toBe(1);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(6);
    const byUser = (id: string) => body.items.filter((s: { candidate: { id: string } }) => s.candidate.id === id);
    const copy = byUser(cand2.id)[0];
    expect(copy.candidate).toMatchObject({ email: cand2.email, role: 'candidate', experienceDetails: '5 years of Go' });
    expect(copy.attemptId).toBe(seeded.a2.id); // found through (test, user) although attempt_id was not set
    expect(copy).toMatchObject({ passed: 1, total: 4, band: 'Failed', score: 15 });
    const bands = byUser(cand1.id)
      .map((s: { band: string }) => s.band)
      .sort();
    expect(bands).toEqual(['Partial', 'Partial', 'Passed']);
    const first = byUser(cand1.id)[0];
    expect(first.proctoring.counts).toEqual({ tab_switch: 2, face_mismatch: 1 });
    expect(first.proctoring.total).toBe(3);
    const framed = first.proctoring.events.find((e: { kind: string }) => e.kind === 'face_mismatch');
    expect(framed.frameUrl).toBe(`/api/review/frames/${seeded.ev2.id}`);
    expect(first.proctoring.events.map((e: { occurredAt: string }) => e.occurredAt)).toEqual(
      [...first.proctoring.events.map((e: { occurredAt: string }) => e.occurredAt)].sort(),
    );
    expect(first.results[0]).toMatchObject({ passed: true, verdict: 'AC' });
  });

  it('pages with a stable order', async () => {
    const a = (await t.as(empA).get(`/api/review/tests/${seeded.main.test.id}/submissions?page=1&pageSize=4`)).json();
    const b = (await t.as(empA).get(`/api/review/tests/${seeded.main.test.id}/submissions?page=2&pageSize=4`)).json();
    expect(a.items).toHaveLength(4);
    expect(b.items).toHaveLength(2);
    expect(new Set([...a.items, ...b.items].map((s: { id: string }) => s.id)).size).toBe(6);
  });

  it("refuses another company's test (404) and candidates (403)", async () => {
    expect((await t.as(empA).get(`/api/review/tests/${seeded.other.test.id}/submissions`)).statusCode).toBe(404);
    expect((await t.as(empB).get(`/api/review/tests/${seeded.main.test.id}/submissions`)).statusCode).toBe(404);
    expect((await t.as(cand1).get(`/api/review/tests/${seeded.main.test.id}/submissions`)).statusCode).toBe(403);
    expect((await t.as(null).get(`/api/review/tests/${seeded.main.test.id}/submissions`)).statusCode).toBe(401);
  });
});

describe('frames', () => {
  it('serves the stored JPEG to employers of that test only', async () => {
    const ok = await t.as(empA).get(`/api/review/frames/${seeded.ev2.id}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('image/jpeg');
    expect(Buffer.compare(ok.rawPayload, TINY_JPEG)).toBe(0);
    expect((await t.as(empB).get(`/api/review/frames/${seeded.ev2.id}`)).statusCode).toBe(404);
    expect((await t.as(empA).get(`/api/review/frames/${seeded.bEvent.id}`)).statusCode).toBe(404);
    expect((await t.as(empA).get(`/api/review/frames/${seeded.ev1.id}`)).statusCode).toBe(404); // event without a frame
    expect((await t.as(cand1).get(`/api/review/frames/${seeded.ev2.id}`)).statusCode).toBe(403);
  });
});

describe('GET /api/review/attempts/:id/report', () => {
  it('answers the total (best submission per problem), pass/fail, time, languages, events and code', async () => {
    const res = await t.as(empA).get(`/api/review/attempts/${seeded.a1.id}/report`);
    expect(res.statusCode).toBe(200);
    const r = res.json();
    expect(r).toMatchObject({
      score: 90,
      maxScore: 100,
      percent: 90,
      passed: true,
      timeTakenSeconds: 1800,
      languages: ['python'],
    });
    expect(r.candidate.email).toBe(cand1.email);
    expect(r.problems).toHaveLength(2);
    expect(r.problems[0]).toMatchObject({
      title: 'Problem 1',
      marks: 60,
      score: 60,
      passed: 4,
      total: 4,
      submissionCount: 2,
      code: PY_ORIGINAL,
    });
    expect(r.problems[1]).toMatchObject({ score: 30, passed: 3, total: 4 });
    expect(r.events.map((e: { kind: string }) => e.kind)).toEqual(['face_mismatch', 'tab_switch', 'tab_switch']);
    expect(r.events[0].frameUrl).toBe(`/api/review/frames/${seeded.ev2.id}`);
    expect(r.similarityFlags).toBe(1);
    expect(r.scoringRule).toMatch(/best/);
  });

  it('fails a candidate below the passing marks and hides other companies', async () => {
    const r = (await t.as(empA).get(`/api/review/attempts/${seeded.a2.id}/report`)).json();
    expect(r).toMatchObject({ score: 15, percent: 15, passed: false });
    expect((await t.as(empB).get(`/api/review/attempts/${seeded.a1.id}/report`)).statusCode).toBe(404);
    expect((await t.as(empA).get(`/api/review/attempts/${seeded.b1.id}/report`)).statusCode).toBe(404);
  });
});

describe('aptitude report', () => {
  it('scores each question from the stored answers, out of the attempt score', async () => {
    const db = t.deps.db;
    const [q1, q2] = await db
      .insert(aptitudeQuestions)
      .values([
        {
          createdBy: empA.id,
          companyId: empA.companyId,
          questionText: '2 + 2 = ?',
          options: ['3', '4'],
          correctAnswer: 1,
          marks: 5,
        },
        {
          createdBy: empA.id,
          companyId: empA.companyId,
          questionText: 'Capital of France?',
          options: ['Paris', 'Rome'],
          correctAnswer: 0,
          marks: 5,
        },
      ])
      .returning();
    const [apt] = await db
      .insert(tests)
      .values({
        companyId: empA.companyId,
        createdBy: empA.id,
        testName: 'Aptitude',
        testType: 'APTITUDE',
        totalMarks: 10,
        passingMarks: 6,
        questionIds: [q1!.id, q2!.id],
      })
      .returning();
    const a = await seedAttempt(db, apt!.id, cand3.id);
    await db
      .update(attempts)
      .set({ answers: { [q1!.id]: 1, [q2!.id]: 1 }, score: 5, maxScore: 10 })
      .where(eq(attempts.id, a.id));
    const r = (await t.as(empA).get(`/api/review/attempts/${a.id}/report`)).json();
    expect(r).toMatchObject({ score: 5, maxScore: 10, percent: 50, passed: false });
    expect(r.problems.map((p: { title: string; score: number }) => [p.title, p.score])).toEqual([
      ['2 + 2 = ?', 5],
      ['Capital of France?', 0],
    ]);
    await db.delete(tests).where(eq(tests.id, apt!.id)); // keep the dashboard figures of the other tests as they were
  });
});

describe('results and CSV', () => {
  it('ranks candidates with scores, pass/fail, events and similarity flags', async () => {
    const body = (await t.as(empA).get(`/api/review/tests/${seeded.main.test.id}/results`)).json();
    expect(body.rows.map((r: { email: string }) => r.email)).toEqual([cand1.email, cand2.email, cand3.email]);
    expect(body.rows.map((r: { score: number }) => r.score)).toEqual([90, 15, 0]);
    // Issue 46: the integrity count is the events and the coding signals: 3 events, and both problems were
    // submitted without a recording from the page (seeded straight into the table).
    expect(body.rows[0]).toMatchObject({ passed: true, eventCount: 5, similarityFlags: 1 });
    expect(body.rows[0].integrity).toEqual({
      total: 5,
      counts: { tab_switch: 2, face_mismatch: 1, no_recording: 2 },
    });
    expect(body.rows[2]).toMatchObject({ similarityFlags: 0, endedAt: null });
    // Issue 26: each row names the languages its candidate submitted in (the language filter's options).
    for (const r of body.rows) expect(Array.isArray(r.languages), r.email).toBe(true);
    expect(body.rows[0].languages).toEqual(['python']);
  });

  it('exports one escaped, formula-safe row per candidate', async () => {
    const res = await t.as(empA).get(`/api/review/tests/${seeded.main.test.id}/results.csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe('attachment; filename="backend-hiring-results.csv"');
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Name,Email,Email verified,Started,Ended,Score,Max score,Percent,Result,Status,Integrity events,Similarity flags,' +
        'Time taken (minutes),Extra time (minutes),Q1 Problem 1 (of 60),Q2 Problem 2 (of 40)',
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toBe(
      `Ada Lovelace,${cand1.email},Yes,${seeded.a1.startedAt.toISOString()},${seeded.a1.endedAt!.toISOString()},90,100,90,Pass,Applied,5,1,30,0,60,30`,
    );
    // The name starting with = gets a quote, and the comma and quotes are escaped.
    expect(lines[2]!.startsWith(`"'=HYPERLINK(""http://x"") Copy, Cat",${cand2.email},`)).toBe(true);
    // 30 minutes taken, no extra time, 15 of 60 on problem 1 and nothing on problem 2
    expect(lines[2]!.endsWith(',15,100,15,Fail,Applied,0,1,30,0,15,0')).toBe(true);
    expect((await t.as(empB).get(`/api/review/tests/${seeded.main.test.id}/results.csv`)).statusCode).toBe(404);
  });

  it('csvCell guards every formula prefix and quotes separators', () => {
    expect(['=1+1', '+1', '-2', '@SUM(A1)'].map(csvCell)).toEqual(["'=1+1", "'+1", "'-2", "'@SUM(A1)"]);
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"\nbye')).toBe('"say ""hi""\nbye"');
    expect(csvCell(-3.5)).toBe('-3.5');
    expect(csvCell(null)).toBe('');
    expect(toCsv(['a'], [[1]])).toBe('a\r\n1\r\n');
  });
});

describe('GET /api/review/tests/:id/similarity', () => {
  it('flags the renamed copy with both codes and not the independent solution', async () => {
    const res = await t.as(empA).get(`/api/review/tests/${seeded.main.test.id}/similarity`);
    expect(res.statusCode).toBe(200);
    const { pairs } = res.json();
    expect(pairs).toHaveLength(1);
    const p = pairs[0];
    expect([p.a.userId, p.b.userId].sort()).toEqual([cand1.id, cand2.id].sort());
    expect(p.score).toBeGreaterThanOrEqual(80);
    expect(p.problemTitle).toBe('Problem 1');
    expect([p.a.code, p.b.code].sort()).toEqual([PY_ORIGINAL, PY_RENAMED].sort());
    expect(p.a.lines.length).toBeGreaterThan(5);
    expect((await t.as(empB).get(`/api/review/tests/${seeded.main.test.id}/similarity`)).statusCode).toBe(404);
  });
});

describe('hiring status and templates', () => {
  it('shortlists with the default template and emails the candidate', async () => {
    const res = await t.as(empA).put(`/api/review/attempts/${seeded.a1.id}/status`, { status: 'shortlisted' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ attemptId: seeded.a1.id, hiringStatus: 'shortlisted', emailed: false });
    expect(Date.parse(res.json().emailAt)).toBeGreaterThan(Date.now());
    const [a] = await t.deps.db.select().from(attempts).where(eq(attempts.id, seeded.a1.id));
    expect(a!.hiringStatus).toBe('shortlisted');
    // The email goes out once the undo window has passed.
    t.clock.advance(STATUS_UNDO_MS + 1000);
    expect(await sendDueStatusEmails(t.deps)).toBeGreaterThanOrEqual(1);
    const mails = await t.deps.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, cand1.email), ne(outbox.kind, 'email_verification')));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.kind).toBe('status_shortlisted');
    expect(mails[0]!.subject).toBe('Good news about your Backend hiring assessment');
    expect(mails[0]!.bodyText).toContain('Hello Ada Lovelace');
    expect(mails[0]!.bodyText).toContain('Erin Employer has shortlisted you');
  });

  it("uses the company's edited template for a rejection", async () => {
    const defaults = (await t.as(empA).get('/api/review/templates')).json();
    expect(defaults.map((x: { kind: string }) => x.kind)).toEqual([
      'invitation',
      'reminder',
      'shortlisted',
      'rejected',
    ]);
    expect(defaults.every((x: { isDefault: boolean }) => x.isDefault)).toBe(true);
    const put = await t.as(empA).put('/api/review/templates', {
      kind: 'rejected',
      subject: '{testName}: update from {companyName}',
      body: 'Dear {candidateName}, not this time.',
    });
    expect(put.statusCode).toBe(200);
    const after = (await t.as(empA).get('/api/review/templates')).json();
    expect(after.find((x: { kind: string }) => x.kind === 'rejected')).toMatchObject({
      isDefault: false,
      body: 'Dear {candidateName}, not this time.',
    });
    expect(
      (await t.as(empB).get('/api/review/templates')).json().every((x: { isDefault: boolean }) => x.isDefault),
    ).toBe(true);
    const res = await t.as(empA).put(`/api/review/attempts/${seeded.a3.id}/status`, { status: 'rejected' });
    expect(res.json().emailAt).not.toBeNull();
    t.clock.advance(STATUS_UNDO_MS + 1000);
    await sendDueStatusEmails(t.deps);
    const [mail] = await t.deps.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, cand3.email), ne(outbox.kind, 'email_verification')));
    expect(mail!.subject).toBe('Backend hiring: update from Erin Employer');
    expect(mail!.bodyText).toBe('Dear Grace Hopper, not this time.');
  });

  it('validates, does not email a return to pending, and keeps tenancy', async () => {
    const put = (payload: unknown, who: SignedInUser, id = seeded.a2.id) =>
      t.as(who).put(`/api/review/attempts/${id}/status`, payload as object);
    // issue 26: any stage of the company's pipeline (pipeline.test.ts); one that is not in it is refused
    const bad = await put({ status: 'no_such_stage' }, empA);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.status).toBe('Status must be a stage of your pipeline');
    expect((await put({ status: 'pending' }, empA)).json().emailed).toBe(false);
    expect((await put({ status: 'shortlisted' }, empB)).statusCode).toBe(404);
    expect((await put({ status: 'shortlisted' }, cand2)).statusCode).toBe(403);
    const badTpl = await t.as(empA).put('/api/review/templates', { kind: 'rejected', subject: '', body: 'x' });
    expect(badTpl.json().fields.subject).toBe('Subject is required');
    expect((await t.as(cand1).get('/api/review/templates')).statusCode).toBe(403);
  });

  it('restores a default template', async () => {
    await t
      .as(empB)
      .put('/api/review/templates', { kind: 'invitation', subject: 'Join {testName}', body: 'Link: {inviteLink}' });
    const del = await t.as(empB).delete('/api/review/templates/invitation');
    expect(del.statusCode).toBe(200);
    const list = (await t.as(empB).get('/api/review/templates')).json();
    expect(list.find((x: { kind: string }) => x.kind === 'invitation')).toMatchObject({
      isDefault: true,
      subject: 'You are invited to take {testName} for {companyName}',
    });
    const bad = await t.as(empB).delete('/api/review/templates/welcome');
    expect(bad.statusCode).toBe(400);
  });
});

describe('GET /api/me/tests', () => {
  it("shows the candidate's own tests, the score once finished, and the hiring status", async () => {
    const res = await t.as(cand1).get('/api/me/tests');
    expect(res.statusCode).toBe(200);
    const mine = res.json();
    expect(mine).toHaveLength(2);
    const main = mine.find((x: { testId: string }) => x.testId === seeded.main.test.id);
    expect(main).toMatchObject({
      state: 'completed',
      score: 90,
      maxScore: 100,
      hiringStatus: 'shortlisted',
      takePath: `/code/${seeded.main.test.id}`,
    });
    const running = (await t.as(cand3).get('/api/me/tests')).json();
    expect(running[0]).toMatchObject({ state: 'in_progress', score: null });
    expect((await t.as(null).get('/api/me/tests')).statusCode).toBe(401);
  });
});
