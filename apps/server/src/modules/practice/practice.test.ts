/**
 * Issue 46: the practice test. Any signed-in candidate gets their own; it runs like a test (start, drafts, the
 * timer) but is never scored (Submit refused, nothing submitted at the end) and no employer ever reaches it: not
 * another candidate, not any company's tests, candidates list, dashboard, results or webhooks. Asking again after
 * it ended starts afresh.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../../test/factories';
import { call } from '../../../test/fixtures/authoring';
import { useTeam, useTestApp } from '../../../test/support';
import { attempts, submissions, webhookDeliveries, webhooks } from '../../db/schema';
import { scanAttemptEvents } from '../webhooks/webhooks.events';

const t = useTestApp();
const team = useTeam(t);

describe('POST /api/practice', () => {
  it("opens the candidate's own practice test; it is never scored and no employer sees it", async () => {
    // a company with a webhook for every attempt: the practice must fire nothing
    await t.deps.db.insert(webhooks).values({
      companyId: team.owner.companyId!,
      createdBy: team.owner.id,
      url: 'https://hooks.example.test/a',
      events: ['attempt.started', 'attempt.completed'],
      secret: 's3cret',
    });
    const cand = await createSignedInUser(t.app, { role: 'candidate' });
    const opened = await call(t.app, 'POST', '/api/practice', cand);
    expect(opened.statusCode, opened.body).toBe(200);
    const { testId } = opened.json() as { testId: string };
    // the same one on a second ask
    expect((await call(t.app, 'POST', '/api/practice', cand)).json()).toEqual({ testId });

    const entry = (await call(t.app, 'GET', `/api/attempts/take/${testId}`, cand)).json();
    expect(entry).toMatchObject({ practice: true, test: { testName: 'Practice test', duration: 15 } });
    const started = await call(t.app, 'POST', `/api/attempts/${testId}/start`, cand);
    expect(started.statusCode, started.body).toBe(200);
    const problemId = started.json().problems[0].id as string;
    const draft = await call(t.app, 'PUT', `/api/attempts/${testId}/drafts`, cand, {
      questionId: problemId,
      language: 'python',
      code: 'print(sum(map(int, input().split())))',
    });
    expect(draft.statusCode, draft.body).toBe(200);
    const submit = await call(t.app, 'POST', '/api/submissions', cand, {
      testId,
      questionNumber: 0,
      language: 'python',
      code: 'print(3)',
    });
    expect(submit.statusCode).toBe(409);
    expect(submit.json().message).toMatch(/not scored/);
    const ended = await call(t.app, 'POST', `/api/attempts/${testId}/end`, cand);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().attempt.score).toBeNull();
    // the saved draft was not submitted at the end
    expect(await t.deps.db.select().from(submissions).where(eq(submissions.testId, testId))).toEqual([]);

    // Nobody else reaches it: another candidate, the company's members, an employer of another company.
    const other = await createSignedInUser(t.app, { role: 'candidate' });
    const rival = await createSignedInUser(t.app, { role: 'employer' });
    for (const who of [other, rival, team.owner]) {
      expect((await call(t.app, 'GET', `/api/attempts/take/${testId}`, who)).statusCode).toBe(404);
      expect((await call(t.app, 'POST', `/api/attempts/${testId}/start`, who)).statusCode).toBe(404);
    }
    for (const who of [rival, team.owner]) {
      expect((await call(t.app, 'GET', `/api/review/tests/${testId}/results`, who)).statusCode).toBe(404);
      expect((await call(t.app, 'GET', `/api/review/tests/${testId}/results.csv`, who)).statusCode).toBe(404);
      const attemptId = ended.json().attempt.id as string;
      expect((await call(t.app, 'GET', `/api/review/attempts/${attemptId}/report`, who)).statusCode).toBe(404);
      const everything = JSON.stringify([
        (await call(t.app, 'GET', '/api/tests', who)).json(),
        (await call(t.app, 'GET', '/api/admin/candidates', who)).json(),
        (await call(t.app, 'GET', '/api/review/dashboard', who)).json(),
      ]);
      expect(everything).not.toContain(testId);
      expect(everything).not.toContain(cand.email);
    }
    await scanAttemptEvents({ ...t.deps, publicUrl: 'https://assessly.example' });
    expect(await t.deps.db.select().from(webhookDeliveries)).toEqual([]);
    // nor is it among the candidate's own results
    expect(JSON.stringify((await call(t.app, 'GET', '/api/me/tests', cand)).json())).not.toContain(testId);

    // After it ended, asking again clears it: a fresh start with the full time.
    expect((await call(t.app, 'POST', '/api/practice', cand)).json()).toEqual({ testId });
    expect(await t.deps.db.select().from(attempts).where(eq(attempts.testId, testId))).toEqual([]);
    const again = await call(t.app, 'POST', `/api/attempts/${testId}/start`, cand);
    expect(again.statusCode).toBe(200);
    expect(again.json().attempt.endedAt).toBeNull();
  });

  it('is for signed-in candidates only', async () => {
    expect((await call(t.app, 'POST', '/api/practice', null)).statusCode).toBe(401);
    expect((await call(t.app, 'POST', '/api/practice', team.recruiter)).statusCode).toBe(403);
  });
});
