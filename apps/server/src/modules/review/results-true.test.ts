/**
 * Issue 46, results that tell the truth: one integrity count (integrity events and the coding signals of the
 * integrity report; a return to the tab is not one) on every screen and in the CSV; the report names the options
 * a candidate chose and the coding signals; the CSV has per-question scores, the time taken and the extra time;
 * a written answer not yet graded is attempted; the entry page's figures are the candidate's own.
 */
import type { TEditEvent } from '@assessly/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildCodingTest, createSignedInUser, uniqueEmail } from '../../../test/factories';
import { call, createTestAs } from '../../../test/fixtures/authoring';
import { useTeam, useTestApp } from '../../../test/support';
import { attempts, tests } from '../../db/schema';

const t = useTestApp();
const team = useTeam(t);

/** 536 characters that were never in the candidate's editor. */
const OUTSIDE = `${'// solution copied from a forum\n'.repeat(16)}print(sum(map(int, input().split())))`.slice(0, 536);

async function startAs(testId: string) {
  const cand = await createSignedInUser(t.app);
  const started = await t.as(cand).post(`/api/attempts/${testId}/start`);
  expect(started.statusCode, started.body).toBe(200);
  return { cand, attemptId: started.json().attempt.id as string };
}

describe('the integrity count (review/integrity-count.ts)', () => {
  it("counts an outside paste everywhere 'integrity' is counted, and not a return to the tab", async () => {
    const { test, problems } = await buildCodingTest(t.deps.db, { employer: team.owner, marks: [10], name: 'Paste' });
    const questionId = problems[0]!.id;
    // Pat pasted 536 characters from outside the editor; Rae only came back to the tab (what a reload left).
    const pat = await startAs(test.id);
    expect(OUTSIDE).toHaveLength(536);
    const paste: TEditEvent = { at: 1_000, from: 0, to: 0, insert: OUTSIDE, kind: 'paste' };
    const sent = await t.as(pat.cand).post(`/api/attempts/${test.id}/edits`, {
      questionId,
      language: 'python',
      seq: 1,
      events: [paste],
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const rae = await startAs(test.id);
    const back = await t.as(rae.cand).post(`/api/attempts/${test.id}/events`, { events: [{ kind: 'tab_visible' }] });
    expect(back.json()).toMatchObject({ recorded: 1 });
    for (const c of [pat, rae]) await t.as(c.cand).post(`/api/attempts/${test.id}/end`);

    const rows = (await t.as(team.reviewer).get(`/api/review/tests/${test.id}/results`)).json().rows;
    const row = (email: string) => rows.find((r: { email: string }) => r.email === email);
    // the paste is a large paste, and it brought most of the final code in one insertion
    const pasted = { total: 2, counts: { large_paste: 1, few_large_insertions: 1 } };
    expect(row(pat.cand.email)).toMatchObject({ eventCount: 2, integrity: pasted });
    expect(row(rae.cand.email)).toMatchObject({ eventCount: 0, integrity: { total: 0, counts: {} } });

    const csv = (await t.as(team.reviewer).get(`/api/review/tests/${test.id}/results.csv`)).body.split('\r\n');
    const header = csv[0]!.split(',');
    const col = header.indexOf('Integrity events');
    expect(csv.find((l) => l.includes(pat.cand.email))!.split(',')[col]).toBe('2');
    expect(csv.find((l) => l.includes(rae.cand.email))!.split(',')[col]).toBe('0');

    const compare = (
      await t.as(team.reviewer).get(`/api/review/compare?attemptIds=${pat.attemptId},${rae.attemptId}`)
    ).json();
    expect(compare.candidates.map((c: { integrity: unknown }) => c.integrity)).toEqual([
      pasted,
      { total: 0, counts: {} },
    ]);

    const report = (await t.as(team.reviewer).get(`/api/review/attempts/${pat.attemptId}/report`)).json();
    expect(report.integrity).toEqual(pasted);
    expect(report.signals).toContainEqual(
      expect.objectContaining({ kind: 'large_paste', evidence: '536 characters pasted into problem 1 (python)' }),
    );
  });

  it('the dashboard cards carry the same count for each submission', async () => {
    const { test, problems } = await buildCodingTest(t.deps.db, { employer: team.owner, marks: [10], name: 'Cards' });
    const c = await startAs(test.id);
    // a submission the page sent no recording for
    await t.deps.database.query(
      `INSERT INTO submissions (test_id, user_id, attempt_id, question_id, question_number, language, code, status)
       VALUES ($1, $2, $3, $4, 0, 'python', 'print(1)', 'judged')`,
      [test.id, c.cand.id, c.attemptId, problems[0]!.id],
    );
    const page = (await t.as(team.reviewer).get(`/api/review/tests/${test.id}/submissions`)).json();
    expect(page.items[0].proctoring).toMatchObject({
      total: 0,
      integrity: { total: 1, counts: { no_recording: 1 } },
    });
  });
});

describe('per-question truth', () => {
  it('the report and the CSV name what was chosen; a written answer awaiting a grade is attempted', async () => {
    const test = await createTestAs(t.app, team.owner, { testType: 'APTITUDE', totalMarks: 100, passingMarks: 5 });
    const saved = await t.as(team.owner).post(`/api/tests/${test.id}/questions/batch`, {
      version: test.version,
      questions: [
        { questionText: 'Pick the prime', options: ['4', '7', '9'], correctAnswer: 1, marks: 5 },
        { questionText: 'Pick the evens', options: ['2', '3', '8'], correctAnswers: [0, 2], marks: 4 },
        { kind: 'text', questionText: 'Why?', rubric: 'Any reason', marks: 6 },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [prime, evens, why] = saved.json().questions.map((q: { id: string }) => q.id);
    await t.deps.db.update(tests).set({ proctoring: false }).where(eq(tests.id, test.id));

    const take = (await t.as(await createSignedInUser(t.app)).get(`/api/attempts/take/${test.id}`)).json();
    // the entry page states the questions' real marks (5 + 4 + 6), whatever the total typed beside them
    expect(take.test).toMatchObject({ questionCount: 3, questionMarks: 15, extraMinutes: 0 });

    const sitters: { cand: Awaited<ReturnType<typeof createSignedInUser>>; attemptId: string }[] = [];
    // the CSV's time taken is ended − started: a frozen clock keeps it 0 however slow the machine is
    t.clock.freeze();
    for (const answers of [
      { [prime]: 0, [evens]: [0, 2], [why]: 'Because 7 has no divisor.' },
      { [prime]: 1, [evens]: [0], [why]: 'It is odd.' },
    ]) {
      const s = await startAs(test.id);
      for (const [questionId, answer] of Object.entries(answers)) {
        const put = await t.as(s.cand).request('PUT', `/api/attempts/${test.id}/answers`, { questionId, answer });
        expect(put.statusCode, put.body).toBe(200);
      }
      await t.as(s.cand).post(`/api/attempts/${test.id}/end`);
      sitters.push(s);
    }
    t.clock.unfreeze();
    const report = (await t.as(team.reviewer).get(`/api/review/attempts/${sitters[0]!.attemptId}/report`)).json();
    expect(report.problems[0]).toMatchObject({
      score: 0,
      choice: { options: ['4', '7', '9'], chosen: [0], correct: [1], multiple: false },
    });
    expect(report.problems[1]).toMatchObject({ score: 4, choice: { chosen: [0, 2], correct: [0, 2], multiple: true } });

    const figures = (await t.as(team.reviewer).get(`/api/review/tests/${test.id}/figures`)).json();
    expect(figures.questions[2]).toMatchObject({ attempted: 2, awaitingGrading: 2, averageScore: null });

    const csv = (await t.as(team.reviewer).get(`/api/review/tests/${test.id}/results.csv`)).body.split('\r\n');
    expect(csv[0]).toContain(
      'Time taken (minutes),Extra time (minutes),Q1 Pick the prime (of 5),Q2 Pick the evens (of 4),Q3 Why? (of 6)',
    );
    const line = csv.find((l) => l.includes(sitters[0]!.cand.email))!;
    expect(line.endsWith(',0,0,4,Awaiting grading')).toBe(true);
    const other = csv.find((l) => l.includes(sitters[1]!.cand.email))!;
    expect(other.endsWith(',0,0,5,0,Awaiting grading')).toBe(true);
  });

  it('the CSV has the time taken and the extra time; the entry page counts the extra time', async () => {
    const { test } = await buildCodingTest(t.deps.db, { employer: team.owner, marks: [7, 8], duration: 45 });
    await t.deps.db.update(tests).set({ totalMarks: 100 }).where(eq(tests.id, test.id));
    const email = uniqueEmail('extra');
    const invited = await call(t.app, 'POST', '/api/invitations', team.recruiter, {
      testId: test.id,
      emails: [email],
      accommodation: { extraMinutes: 15 },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const cand = await createSignedInUser(t.app, { email, verified: true });
    const before = (await t.as(cand).get(`/api/attempts/take/${test.id}`)).json();
    expect(before.test).toMatchObject({ duration: 45, extraMinutes: 15, questionMarks: 15 });

    t.clock.freeze();
    const started = (await t.as(cand).post(`/api/attempts/${test.id}/start`)).json();
    t.clock.advance(12 * 60_000);
    await t.as(cand).post(`/api/attempts/${test.id}/end`);
    t.clock.unfreeze();
    const [a] = await t.deps.db.select().from(attempts).where(eq(attempts.id, started.attempt.id));
    expect(a!.extraMinutes).toBe(15);
    const csv = (await t.as(team.reviewer).get(`/api/review/tests/${test.id}/results.csv`)).body.split('\r\n');
    const header = csv[0]!.split(',');
    const cells = csv[1]!.split(',');
    expect(cells[header.indexOf('Time taken (minutes)')]).toBe('12');
    expect(cells[header.indexOf('Extra time (minutes)')]).toBe('15');
    expect(header.slice(-2)).toEqual(['Q1 Problem 1 (of 7)', 'Q2 Problem 2 (of 8)']);
  });
});
