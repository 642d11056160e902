/**
 * Review end to end: an employer invites two candidates through the UI, both sit the test (one copies the
 * other's code; attempts, submissions and a captured frame are seeded in the database because taking is
 * covered by its own e2e), the employer sees both on the dashboard with scores, the frame and the
 * similarity flag, shortlists one, and the status email is in the outbox.
 */
import {
  buildCodingTest,
  outbox,
  PY_ORIGINAL,
  PY_RENAMED,
  seedAttempt,
  seedEvent,
  seedSubmission,
  sendDueStatusEmails,
} from '@assessly/server/test-kit';
import { eq } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2E } from './harness';
import { signUpAndIn as signUpAndInVia } from './support';

/** REVIEW_SCREENSHOTS=/some/dir saves a full-page screenshot of each screen for a human look. */
const shot = async (page: Page, name: string) => {
  const dir = process.env.REVIEW_SCREENSHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
};

const e2e = useE2E();

// Senders and recipients are verified accounts (issue 13).
const signUpAndIn = (ctx: BrowserContext, user: Parameters<typeof signUpAndInVia>[2]) =>
  signUpAndInVia(ctx, e2e.server, user, { verified: true });

/** A real JPEG made by the browser's encoder, as the proctoring wrapper would upload it. */
async function makeJpeg(page: Page): Promise<Buffer> {
  const b64 = await page.evaluate(() => {
    const c = document.createElement('canvas');
    c.width = 64;
    c.height = 48;
    const g = c.getContext('2d')!;
    g.fillStyle = '#4f46e5';
    g.fillRect(0, 0, 64, 48);
    g.fillStyle = '#fde68a';
    g.fillRect(20, 10, 24, 28);
    return c.toDataURL('image/jpeg', 0.9).split(',')[1]!;
  });
  return Buffer.from(b64, 'base64');
}

describe('review and hiring in a real browser', () => {
  it('invite → submissions with frames and similarity → shortlist → status email', async () => {
    const db = e2e.server.deps.db;
    const ctx = await e2e.browser.newContext();
    const page = await ctx.newPage();
    const emp = await signUpAndIn(ctx, {
      firstName: 'Hana',
      lastName: 'Recruiter',
      email: 'hana@acme.test',
      role: 'employer',
    });
    const { test, problems } = await buildCodingTest(db, {
      employer: emp,
      name: 'Islands drive',
      marks: [100],
      passingMarks: 50,
    });

    // 1. Invite two candidates through the UI.
    await page.goto(`${e2e.server.baseUrl}/admin/tests/${test.id}/invite`);
    await page.getByLabel('Email addresses').fill('ada@cand.test\nbob@cand.test, not-an-email');
    await page.getByRole('button', { name: 'Send Invitations' }).click();
    await page.getByRole('status').filter({ hasText: 'Invited 2.' }).waitFor();
    await expect(page.getByRole('status').filter({ hasText: 'Invalid addresses: not-an-email' }).count()).resolves.toBe(
      1,
    );
    const invites = page.getByRole('table', { name: 'Invitations' });
    await invites.getByRole('cell', { name: 'bob@cand.test', exact: true }).waitFor();
    const mails = await db.select().from(outbox).where(eq(outbox.kind, 'invitation'));
    expect(mails.map((m) => m.toAddress).sort()).toEqual(['ada@cand.test', 'bob@cand.test']);
    const link = /(http\S+\/invite\/[\w-]+)/.exec(mails.find((m) => m.toAddress === 'ada@cand.test')!.bodyText)![1]!;

    // The personal link opens the invitation for a visitor.
    const visitor = await e2e.browser.newContext();
    const vp = await visitor.newPage();
    await vp.goto(link);
    await vp.getByRole('heading', { name: 'You are invited' }).waitFor();
    await expect(vp.getByText('Islands drive').count()).resolves.toBeGreaterThan(0);
    await visitor.close();

    // 2. Both take the test; Bob copies Ada's code with renamed variables. A frame was captured for Ada.
    const candCtx = await e2e.browser.newContext();
    const ada = await signUpAndIn(candCtx, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@cand.test',
      role: 'candidate',
    });
    const bob = await signUpAndIn(await e2e.browser.newContext(), {
      firstName: 'Bob',
      lastName: 'Copier',
      email: 'bob@cand.test',
      role: 'candidate',
    });
    const aAda = await seedAttempt(db, test.id, ada.id);
    const aBob = await seedAttempt(db, test.id, bob.id);
    await seedSubmission(db, {
      testId: test.id,
      userId: ada.id,
      attemptId: aAda.id,
      problem: problems[0]!,
      questionNumber: 0,
      passed: 10,
      total: 10,
      code: PY_ORIGINAL,
    });
    await seedSubmission(db, {
      testId: test.id,
      userId: bob.id,
      attemptId: aBob.id,
      problem: problems[0]!,
      questionNumber: 0,
      passed: 4,
      total: 10,
      code: PY_RENAMED,
    });
    const frameKey = await e2e.server.deps.blobs.put('frames', await makeJpeg(page), 'image/jpeg');
    await seedEvent(db, aAda.id, 'face_not_matched', frameKey, new Date(aAda.startedAt.getTime() + 5 * 60_000));
    await seedEvent(db, aAda.id, 'tab_hidden', null, new Date(aAda.startedAt.getTime() + 9 * 60_000));

    // Invitations now read Submitted.
    await page.reload();
    await invites.getByRole('row').filter({ hasText: 'ada@cand.test' }).getByText('Submitted').waitFor();

    // 3. The dashboard shows both with scores, colours, the frame and the candidate's own details.
    await page.goto(`${e2e.server.baseUrl}/admin/submission`);
    await page.getByRole('heading', { name: 'Test Management Dashboard' }).waitFor();
    // The page sits in the admin area: the sidebar (which also shows the employer's email) marks Submissions.
    const sidebar = page.getByRole('complementary', { name: 'Admin navigation' });
    await expect(sidebar.getByRole('link', { name: 'Submissions' }).getAttribute('aria-current')).resolves.toBe('page');
    const content = page.getByRole('main');
    await content.getByText('hana@acme.test').waitFor();
    const stats = page.getByRole('region', { name: 'Statistics' });
    await expect(stats.textContent()).resolves.toMatch(/Total Submissions\s*2/);
    await expect(stats.textContent()).resolves.toMatch(/Average Score\s*70\.0%/);
    const toggle = page.getByRole('button', { name: /Islands drive/ });
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    await toggle.press('Enter');
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
    const adaCard = page.getByRole('article', { name: 'Submission by Ada Lovelace' });
    const bobCard = page.getByRole('article', { name: 'Submission by Bob Copier' });
    await adaCard.getByText('Passed · 10/10').waitFor();
    await bobCard.getByText('Failed · 4/10').waitFor();
    const frame = adaCard.getByRole('img', { name: /Frame captured/ });
    await frame.waitFor();
    await expect
      .poll(() => frame.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 10_000 })
      .toBe(64);
    await bobCard.getByRole('button', { name: 'Show Details' }).click();
    await bobCard.getByText('bob@cand.test').first().waitFor();
    await expect(bobCard.locator('dl').textContent()).resolves.toContain('candidate');
    await bobCard.getByRole('button', { name: 'View Code' }).click();
    await page.getByRole('dialog').getByText('def fill(m, y, x, h, w):').waitFor();
    await page.keyboard.press('Escape');
    await shot(page, 'dashboard');

    // 4. Results: the similarity flag on both, the side-by-side view says it is evidence only.
    await page.goto(`${e2e.server.baseUrl}/admin/tests/${test.id}/results`);
    const ranking = page.getByRole('table', { name: 'Ranking' });
    await ranking.getByRole('row').filter({ hasText: 'Ada Lovelace' }).getByText('1 flag').waitFor();
    await ranking.getByRole('row').filter({ hasText: 'Bob Copier' }).getByText('1 flag').waitFor();
    await page.getByRole('link', { name: 'Compare side by side' }).click();
    await page.getByRole('heading', { name: /Problem 1: \d+(\.\d)?% similar/ }).waitFor();
    await page.getByText('never a verdict').first().waitFor();
    await shot(page, 'similarity');

    // 5. Shortlist Ada (with confirmation); the status email is in the outbox.
    await page.goto(`${e2e.server.baseUrl}/admin/tests/${test.id}/results`);
    await page.getByRole('button', { name: 'Shortlist Ada Lovelace' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await ranking.getByRole('row').filter({ hasText: 'Ada Lovelace' }).getByText('Shortlisted').waitFor();
    await shot(page, 'results');
    // The email waits for the undo window: let it pass, then send what is due.
    expect(await db.select().from(outbox).where(eq(outbox.kind, 'status_shortlisted'))).toHaveLength(0);
    await e2e.server.deps.database.query(
      "UPDATE attempts SET status_changed_at = status_changed_at - interval '2 minutes' WHERE id = $1",
      [aAda.id],
    );
    await sendDueStatusEmails(e2e.server.deps);
    const status = await db.select().from(outbox).where(eq(outbox.kind, 'status_shortlisted'));
    expect(status).toHaveLength(1);
    expect(status[0]!.toAddress).toBe('ada@cand.test');
    expect(status[0]!.bodyText).toContain('Hello Ada Lovelace');

    // 6. The printable report, with the live interview held with Ada, its scorecard and its record and replay.
    const api = page.context().request;
    const interview = await api.post(`${e2e.server.baseUrl}/api/interviews`, {
      data: { title: 'Ada pairing', candidateEmail: 'ada@cand.test' },
    });
    expect(interview.status()).toBe(201);
    const interviewId = ((await interview.json()) as { id: string }).id;
    const scorecard = await api.put(`${e2e.server.baseUrl}/api/interviews/${interviewId}/scorecard`, {
      data: { ratings: [{ criterion: 'Design', score: 4 }], recommendation: 'strong_yes', summary: 'Thinks aloud' },
    });
    expect(scorecard.status()).toBe(200);
    expect((await api.post(`${e2e.server.baseUrl}/api/interviews/${interviewId}/end`, { data: {} })).status()).toBe(
      200,
    );
    await page.goto(`${e2e.server.baseUrl}/admin/reports/${aAda.id}`);
    await page.getByRole('heading', { name: 'Ada Lovelace: Islands drive' }).waitFor();
    const interviews = page.getByRole('region', { name: 'Live interviews' });
    await interviews.getByText('Strong yes').waitFor();
    await interviews.getByText('Design: 4 / 5').waitFor();
    await expect(
      interviews.getByRole('link', { name: 'Interview record and replay' }).getAttribute('href'),
    ).resolves.toBe(`/admin/interviews/${interviewId}`);
    await page.getByRole('main').getByText('100 / 100 (100%)').waitFor();
    await page.getByRole('button', { name: 'Print / Save as PDF' }).waitFor();
    await shot(page, 'report');
    await expect(sidebar.isVisible()).resolves.toBe(true);
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'Print / Save as PDF' }).isVisible()).resolves.toBe(false);
    await expect(sidebar.isVisible()).resolves.toBe(false);
    await expect(page.getByRole('main').getByText('100 / 100 (100%)').isVisible()).resolves.toBe(true);
    await page.emulateMedia({ media: 'screen' });

    // 7. Ada sees her status among her tests (the MyTests list; the profile page shows it).
    const mine = await candCtx.request.get(`${e2e.server.baseUrl}/api/me/tests`);
    expect((await mine.json())[0]).toMatchObject({
      testName: 'Islands drive',
      hiringStatus: 'shortlisted',
      score: 100,
    });
    const profile = await candCtx.newPage();
    await profile.goto(`${e2e.server.baseUrl}/profile`);
    const myTests = profile.getByRole('table', { name: 'My tests' });
    await myTests.getByRole('row').filter({ hasText: 'Islands drive' }).getByText('Shortlisted').waitFor();
    await expect(myTests.textContent()).resolves.toContain('100 / 100');
    await ctx.close();
    await candCtx.close();
  });
});
