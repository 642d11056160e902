/**
 * Issue 46 in a real browser, the first part: screens that said untrue things or hid controls. The preview note
 * covers nothing before the start; the join page names the invited role; the entry guidelines say what the test's
 * paste policy does; a new problem starts with an empty custom input and a language switch drops the custom result.
 */
import { outbox, tests } from '@assessly/server/test-kit';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newServerPage, useE2E } from './harness';
import { createUser, openCodingTest, seedTest, signedInPage } from './support';

const e2e = useE2E();

describe('every screen true (issue 46)', () => {
  it('at 1366×900 the preview note does not cover Start Test, and Start Test takes the click', async () => {
    const owner = await createUser(e2e.server, 'employer', { verified: true });
    const { test } = await seedTest(e2e.server, owner.id, [{ title: 'Sum of two' }], { name: 'Preview round' });
    const page = await signedInPage(e2e.browser, e2e.server, owner.email, { width: 1366, height: 900 });
    await page.goto(`${e2e.server.baseUrl}/code/${test.id}`);
    const start = page.getByRole('button', { name: 'Start Test' });
    await start.waitFor();
    await page.getByRole('note', { name: 'Preview' }).waitFor();
    // What a click at the button's centre reaches is the button itself (a fixed note above it took the click).
    const hit = await start.evaluate((button) => {
      const r = button.getBoundingClientRect();
      const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return !!at && button.contains(at);
    });
    expect(hit).toBe(true);
    const [note, box] = await Promise.all([
      page.getByRole('note', { name: 'Preview' }).boundingBox(),
      start.boundingBox(),
    ]);
    const overlap =
      !!note &&
      !!box &&
      note.x < box.x + box.width &&
      box.x < note.x + note.width &&
      note.y < box.y + box.height &&
      box.y < note.y + note.height;
    expect(overlap).toBe(false);
    await page.context().close();
  });

  it('the join page names the role of the invitation (a reviewer is not told "recruiter")', async () => {
    const owner = await createUser(e2e.server, 'employer', { verified: true });
    const ownerPage = await signedInPage(e2e.browser, e2e.server, owner.email);
    const email = `reviewer-${Date.now()}@e2e.example`;
    const sent = await ownerPage.request.post(`${e2e.server.baseUrl}/api/companies/invitations`, {
      data: { email, role: 'reviewer' },
    });
    expect(sent.status()).toBe(201);
    await ownerPage.context().close();
    const [mail] = await e2e.server.deps.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, email), eq(outbox.kind, 'company_invite')))
      .orderBy(desc(outbox.createdAt))
      .limit(1);
    const link = /\/join\?token=[^\s]+/.exec(mail!.bodyText)![0];
    const page = await newServerPage(e2e);
    await page.goto(link);
    await page.getByRole('heading', { name: /^Join / }).waitFor();
    const intro = (await page.locator('form.owner-form p.muted').first().textContent()) ?? '';
    expect(intro).toContain('as a reviewer');
    expect(intro).not.toContain('recruiter');
    await page.context().close();
  });

  it('the entry guidelines say what the paste policy does: "record" is not called "blocked"', async () => {
    const owner = await createUser(e2e.server, 'employer', { verified: true });
    const candidate = await createUser(e2e.server, 'candidate', { verified: true });
    const { test } = await seedTest(e2e.server, owner.id, [{ title: 'Sum of two' }], { proctoring: true });
    await e2e.server.deps.db.update(tests).set({ pastePolicy: 'record' }).where(eq(tests.id, test.id));
    const page = await signedInPage(e2e.browser, e2e.server, candidate.email);
    await page.goto(`${e2e.server.baseUrl}/code/${test.id}`);
    const rules = page.locator('section[aria-labelledby="entry-rules-title"]');
    await rules.getByRole('heading', { name: '2. Guidelines' }).waitFor();
    const text = (await rules.textContent()) ?? '';
    expect(text).toContain('You may paste from outside the code editor');
    expect(text).not.toMatch(/paste[^.]*blocked/i);
    await page.context().close();
  });

  it('a new problem starts with an empty custom input; a language switch drops the custom result', async () => {
    const owner = await createUser(e2e.server, 'employer', { verified: true });
    const candidate = await createUser(e2e.server, 'candidate', { verified: true });
    const { test } = await seedTest(e2e.server, owner.id, [{ title: 'Sum of two' }, { title: 'Sum again' }]);
    const page = await signedInPage(e2e.browser, e2e.server, candidate.email);
    await openCodingTest(page, e2e.server, test.id);
    const input = page.locator('#custom-stdin');
    await input.fill('5 6');
    await page.getByRole('button', { name: 'Run with custom input' }).click();
    const customResult = page.locator('.custom-input .result-card');
    await customResult.first().waitFor();
    await page.getByRole('combobox', { name: 'Language' }).selectOption({ index: 1 });
    await expect.poll(() => customResult.count()).toBe(0);
    expect(await input.inputValue()).toBe('5 6');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => input.inputValue()).toBe('');
    await page.context().close();
  });
});
