/**
 * The deadline in a real Chromium with the real judge (issue 12): the server judges the last draft it has and the
 * page shows "Time's Up!"; a page offline at the deadline keeps trying to end and shows the result on reconnect.
 * Both tests wait out a real deadline, so they run side by side (their own candidates, tests and pages).
 */
import { attempts, submissions } from '@assessly/server/test-kit';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, it } from 'vitest';
import { useE2E } from './harness';
import { createUser, PY_SUM, pythonOnNewTest, typeInEditor } from './support';

// The deadlines leave the page time to sign in, pass the camera checks and save a draft on a slow, busy machine
// (the e2e phase shares two cores with the other phases); the waits after them are measured from the deadline.
const END_MS = 50_000;
const AFTER_END_MS = END_MS + 30_000;

const e2e = useE2E();
let employerId: string;
beforeAll(async () => {
  employerId = (await createUser(e2e.server, 'employer')).id;
});

describe.concurrent('the deadline', () => {
  it('at the deadline the server judges the last draft it has; the page shows "Time\'s Up!"', async ({ expect }) => {
    const { test, cand, page } = await pythonOnNewTest(e2e, employerId, { endInMs: END_MS });
    await typeInEditor(page, PY_SUM);
    await page.getByText('Saved', { exact: true }).waitFor();
    // Later edits never reach the server (blocked): the last draft it has is the one judged.
    await page.route('**/api/attempts/*/drafts', (route) => route.abort('connectionrefused'));
    await typeInEditor(page, 'print("never saved")');
    await page.getByText('Reconnecting… (saved on this device)').waitFor();
    await page.getByRole('heading', { name: 'Test Submitted' }).waitFor({ timeout: AFTER_END_MS });
    await page.getByRole('timer').getByText("Time's Up!").waitFor();
    await page.getByText('Total score: 10 / 10').waitFor({ timeout: 60_000 });
    const [attempt] = await e2e.server.deps.db
      .select()
      .from(attempts)
      .where(and(eq(attempts.testId, test.id), eq(attempts.userId, cand.id)));
    expect(attempt!.endReason).toBe('timeout');
    const subs = await e2e.server.deps.db.select().from(submissions).where(eq(submissions.attemptId, attempt!.id));
    expect(subs.map((s) => [s.code, s.status, s.passedCount])).toEqual([[PY_SUM, 'judged', 3]]);
    await page.context().close();
  });

  it('keeps trying to end when the time runs out offline, then shows the result on reconnect', async ({ expect }) => {
    const { page } = await pythonOnNewTest(e2e, employerId, { endInMs: END_MS });
    await typeInEditor(page, PY_SUM);
    await page.getByText('Saved', { exact: true }).waitFor();
    await page.context().setOffline(true);
    await page
      .getByRole('alert')
      .getByText('Could not end the test', { exact: false })
      .waitFor({ timeout: AFTER_END_MS });
    expect(await page.getByRole('timer').textContent()).toBe("Time's Up!");
    // The editor is read-only once the time is up.
    expect(await page.getByRole('button', { name: 'Run', exact: true }).isDisabled()).toBe(true);
    await page.context().setOffline(false);
    await page.getByRole('heading', { name: 'Test Submitted' }).waitFor({ timeout: 20_000 });
    await page.getByText('Total score: 10 / 10').waitFor({ timeout: 60_000 });
    await page.context().close();
  });
});
