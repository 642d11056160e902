/**
 * Issue 13 in a real browser: an employer previews their own test (a preview that counts nowhere and restarts),
 * invites a candidate from the test page with extra time, and compares two candidates side by side.
 */
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attempts, outbox } from '../../server/src/db/schema';
import { buildCodingTest } from '../../server/test/factories';
import { seedAttempt, seedEvent, seedSubmission } from '../../server/test/fixtures/review';
import { PY_INDEPENDENT_BFS, PY_ORIGINAL } from '../../server/test/fixtures/similarity-samples';
import { seedAptitudeTest } from '../../server/test/fixtures/taking';
import { type E2EServer, launchBrowser, startServer } from './harness';

let server: E2EServer;
let browser: Browser;
const password = 'Employer-e2e-1';
const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function createUser(role: 'candidate' | 'employer', firstName = 'E2E', lastName: string = role) {
  const email = uniqueEmail(role);
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/users/add',
    payload: { firstName, lastName, email, password, role },
  });
  expect(res.statusCode).toBe(201);
  // Verified as following the emailed link would (the link flow has its own API tests).
  await server.deps.database.query('UPDATE users SET email_verified_at = now() WHERE email = $1', [email]);
  return { id: res.json().id as string, email, companyId: res.json().companyId as string | null };
}

async function signedInPage(email: string): Promise<Page> {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  const res = await ctx.request.post(`${server.baseUrl}/api/users/login`, { data: { email, password } });
  expect(res.status()).toBe(200);
  return page;
}

describe('the employer workflow in a real browser', () => {
  it('previews a test from its page: counted nowhere, restartable', async () => {
    const employer = await createUser('employer');
    const { test } = await seedAptitudeTest(server.deps.db, employer.id);
    const page = await signedInPage(employer.email);
    await page.goto(`${server.baseUrl}/admin/tests/${test.id}`);
    await page.getByRole('link', { name: 'Preview as candidate' }).click();
    await page.waitForURL(`${server.baseUrl}/aptitude/${test.id}`);
    await page.getByRole('note', { name: 'Preview' }).waitFor();
    await page.getByRole('button', { name: 'Start Test' }).click();
    await page.getByRole('heading', { name: 'Two plus two?' }).waitFor();
    await page.getByLabel('B. 4').check();
    await page.getByText('Saved', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'End Test' }).click();
    await page.getByRole('button', { name: 'End Test now' }).click();
    await page.getByText(/Your score: 5 \/ 10/).waitFor();
    const [first] = await server.deps.db.select().from(attempts).where(eq(attempts.testId, test.id));
    expect(first!.isPreview).toBe(true);

    // Restart at will: a fresh attempt, back at the start screen.
    await page.getByRole('button', { name: 'Restart preview' }).click();
    await page.getByRole('heading', { name: 'Two plus two?' }).waitFor();
    const rows = await server.deps.db.select().from(attempts).where(eq(attempts.testId, test.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).not.toBe(first!.id);

    // The results page knows no candidate.
    await page.goto(`${server.baseUrl}/admin/tests/${test.id}/results`);
    await page.getByText('No candidate has started this test yet.').waitFor();
    await page.context().close();
  });

  it('invites a candidate from the test page, with extra time', async () => {
    const employer = await createUser('employer');
    const { test } = await seedAptitudeTest(server.deps.db, employer.id);
    const page = await signedInPage(employer.email);
    await page.goto(`${server.baseUrl}/admin/tests/${test.id}`);
    const invitee = uniqueEmail('invitee');
    await page.getByLabel('Email addresses').fill(invitee);
    await page.getByText('Accommodation (extra time) for these candidates').click();
    await page.getByLabel('Extra minutes').fill('15');
    await page.getByLabel('Accommodation note').fill('Screen reader');
    await page.getByRole('button', { name: 'Send Invitations' }).click();
    await page.getByRole('status').filter({ hasText: 'Invited 1.' }).waitFor();
    const row = page.getByRole('table', { name: 'Invitations' }).getByRole('row').filter({ hasText: invitee });
    await row.getByText('+15 min').waitFor();
    const mails = await server.deps.db.select().from(outbox).where(eq(outbox.toAddress, invitee));
    expect(mails.map((m) => m.kind)).toEqual(['invitation']);
    // No end time: no "window closes" line.
    expect(mails[0]!.bodyText).not.toContain('window closes');

    // The tests list has Invite and Preview too.
    await page.goto(`${server.baseUrl}/admin/tests`);
    await page
      .getByRole('link', { name: `Invite candidates to ${test.testName}` })
      .first()
      .waitFor();
    await page
      .getByRole('link', { name: `Preview ${test.testName}` })
      .first()
      .waitFor();
    await page.context().close();
  });

  it('compares two candidates side by side without the page overflowing', async () => {
    const employer = await createUser('employer');
    const { test, problems } = await buildCodingTest(server.deps.db, {
      employer: { id: employer.id, companyId: employer.companyId },
      name: 'Compare round',
      marks: [100],
    });
    for (const [name, code, passed] of [
      ['Ada', PY_ORIGINAL, 10],
      ['Brian', `${PY_INDEPENDENT_BFS}\n# ${'x'.repeat(400)}`, 6],
    ] as const) {
      const cand = await createUser('candidate', name, 'Cand');
      const a = await seedAttempt(server.deps.db, test.id, cand.id);
      await seedSubmission(server.deps.db, {
        testId: test.id,
        userId: cand.id,
        attemptId: a.id,
        problem: problems[0]!,
        questionNumber: 0,
        passed,
        total: 10,
        code,
      });
      if (name === 'Brian') await seedEvent(server.deps.db, a.id, 'tab_hidden');
    }
    const page = await signedInPage(employer.email);
    await page.goto(`${server.baseUrl}/admin/tests/${test.id}/results`);
    await page.getByRole('checkbox', { name: 'Compare Ada Cand' }).check();
    await page.getByRole('checkbox', { name: 'Compare Brian Cand' }).check();
    await page.getByRole('button', { name: 'Compare selected (2)' }).click();
    await page.getByRole('heading', { name: 'Compare candidates: Compare round' }).waitFor();
    const table = page.getByRole('table', { name: 'Comparison' });
    await table.getByRole('row').filter({ hasText: 'Problem 1' }).getByText('100/100 · 10/10 cases').waitFor();
    await table.getByRole('row').filter({ hasText: 'Problem 1' }).getByText('60/100 · 6/10 cases').waitFor();
    await table.getByRole('row').filter({ hasText: 'Integrity events' }).getByText(/× 1/).waitFor();
    await page.getByRole('region', { name: 'Code of Ada Cand' }).waitFor();
    await page.getByRole('region', { name: 'Code of Brian Cand' }).waitFor();
    // A 400-character line scrolls inside its pane; the page itself does not scroll sideways.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.context().close();
  });
});
