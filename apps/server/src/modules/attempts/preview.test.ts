/**
 * Preview (issue 13): a member of the owning company who starts its test gets a preview attempt that never
 * counts in results, CSV, stats, the dashboard, similarity or emails, and can be restarted at will.
 */
import { describe, expect, it } from 'vitest';
import { buildCodingTest, createSignedInUser, type SignedInUser } from '../../../test/factories';
import { call } from '../../../test/fixtures/authoring';
import { seedSubmission } from '../../../test/fixtures/review';
import { useTeam, useTestApp } from '../../../test/support';

const t = useTestApp();
const team = useTeam(t);

const SHARED = 'n = int(input())\nprint(n * 2)\n';

async function start(user: SignedInUser, testId: string) {
  const res = await call(t.app, 'POST', `/api/attempts/${testId}/start`, user);
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json() as { preview: boolean; attempt: { id: string; isPreview: boolean; deadlineAt: string } };
}

describe('preview attempts', () => {
  it('members of every role get a preview; it counts nowhere a candidate counts', async () => {
    const { test, problems } = await buildCodingTest(t.deps.db, {
      employer: team.owner,
      marks: [50, 50],
      duration: 60,
      name: 'Preview exclusion',
    });
    const cand = await createSignedInUser(t.app, { role: 'candidate', firstName: 'Real', lastName: 'Candidate' });

    const take = await call(t.app, 'GET', `/api/attempts/take/${test.id}`, team.owner);
    expect(take.json().preview).toBe(true);
    expect((await call(t.app, 'GET', `/api/attempts/take/${test.id}`, cand)).json().preview).toBe(false);

    const candStart = await start(cand, test.id);
    expect(candStart.attempt.isPreview).toBe(false);
    for (const role of ['owner', 'admin', 'recruiter', 'reviewer'] as const) {
      const s = await start(team[role], test.id);
      expect(s.preview).toBe(true);
      expect(s.attempt.isPreview).toBe(true);
    }
    // The candidate scores 50 of 100; the owner's preview scores 100 with the same code.
    for (const [i, p] of problems.entries()) {
      await seedSubmission(t.deps.db, {
        testId: test.id,
        userId: cand.id,
        attemptId: candStart.attempt.id,
        problem: p,
        questionNumber: i + 1,
        passed: i === 0 ? 2 : 0,
        total: 2,
        code: SHARED,
      });
      await seedSubmission(t.deps.db, {
        testId: test.id,
        userId: team.owner.id,
        problem: p,
        questionNumber: i + 1,
        passed: 2,
        total: 2,
        code: SHARED,
      });
    }

    const results = await call(t.app, 'GET', `/api/review/tests/${test.id}/results`, team.owner);
    expect(results.json().rows.map((r: { email: string }) => r.email)).toEqual([cand.email]);
    const csv = (await call(t.app, 'GET', `/api/review/tests/${test.id}/results.csv`, team.owner)).body;
    expect(csv).toContain(cand.email);
    expect(csv).not.toContain(team.owner.email);
    expect(csv).not.toContain(team.reviewer.email);

    const subs = (await call(t.app, 'GET', `/api/review/tests/${test.id}/submissions`, team.owner)).json();
    expect(subs.total).toBe(2);
    expect(subs.items.every((s: { candidate: { email: string } }) => s.candidate.email === cand.email)).toBe(true);

    const dash = (await call(t.app, 'GET', '/api/review/dashboard', team.owner)).json();
    const row = dash.tests.find((x: { id: string }) => x.id === test.id);
    expect(row).toMatchObject({ submissionCount: 2, candidateCount: 1 });
    expect(dash.stats.totalSubmissions).toBe(2);

    const stats = (await call(t.app, 'GET', '/api/admin/stats', team.owner)).json();
    expect(stats.candidates).toBe(1);
    const candidates = (await call(t.app, 'GET', '/api/admin/candidates', team.owner)).json();
    expect(JSON.stringify(candidates)).not.toContain(team.owner.email);

    const similarity = (await call(t.app, 'GET', `/api/review/tests/${test.id}/similarity`, team.owner)).json();
    expect(JSON.stringify(similarity)).not.toContain(team.owner.email);

    // No hiring status (so no status email) for a preview; the candidate's own list does not show it either.
    const status = await call(
      t.app,
      'PUT',
      `/api/review/attempts/${(await start(team.owner, test.id)).attempt.id}/status`,
      team.owner,
      {
        status: 'shortlisted',
      },
    );
    expect(status.statusCode).toBe(409);
    const mine = (await call(t.app, 'GET', '/api/me/tests', team.owner)).json();
    expect(mine.some((m: { testId: string }) => m.testId === test.id)).toBe(false);
    const mails = await t.deps.database.query<{ kind: string }>(
      "SELECT kind FROM outbox WHERE to_address = $1 AND kind <> 'email_verification'",
      [team.owner.email],
    );
    expect(mails).toEqual([]);
  });

  it('a preview runs outside the window and restarts at will, with its submissions thrown away', async () => {
    const { test, problems } = await buildCodingTest(t.deps.db, {
      employer: team.owner,
      marks: [50, 50],
      duration: 60,
      name: 'Closed window',
      endTime: new Date(Date.now() - 3_600_000),
    });
    const cand = await createSignedInUser(t.app);
    expect((await call(t.app, 'POST', `/api/attempts/${test.id}/start`, cand)).json().code).toBe('WINDOW_CLOSED');

    const first = await start(team.recruiter, test.id);
    expect(new Date(first.attempt.deadlineAt).getTime()).toBeGreaterThan(Date.now());
    await seedSubmission(t.deps.db, {
      testId: test.id,
      userId: team.recruiter.id,
      attemptId: first.attempt.id,
      problem: problems[0]!,
      questionNumber: 1,
      passed: 1,
      total: 2,
    });
    // Running: start returns the same attempt; restart-preview starts a new one.
    expect((await start(team.recruiter, test.id)).attempt.id).toBe(first.attempt.id);
    const restarted = await call(t.app, 'POST', `/api/attempts/${test.id}/restart-preview`, team.recruiter);
    expect(restarted.statusCode).toBe(200);
    expect(restarted.json().attempt.id).not.toBe(first.attempt.id);
    const own = (await call(t.app, 'GET', `/api/attempts/${test.id}/submissions`, team.recruiter)).json();
    expect(own).toEqual([]);

    // Ended: starting again makes a fresh preview instead of "already completed".
    const ended = await call(t.app, 'POST', `/api/attempts/${test.id}/end`, team.recruiter);
    expect(ended.json().window.state).toBe('ended');
    const again = await start(team.recruiter, test.id);
    expect(again.attempt.id).not.toBe(restarted.json().attempt.id);

    // Candidates cannot restart; another company's employer is a candidate here.
    const refused = await call(t.app, 'POST', `/api/attempts/${test.id}/restart-preview`, cand);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/Previewing tests needs a member of the company/);
    const outsider = await createSignedInUser(t.app, { role: 'employer' });
    expect((await call(t.app, 'GET', `/api/attempts/take/${test.id}`, outsider)).json().preview).toBe(false);
  });
});
