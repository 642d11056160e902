/**
 * Issue 46 in a real browser, the results part: a reload records no tab switch and the candidate's own record reads
 * as words; the results list, its filter, compare and the report count an outside paste as integrity and a bare
 * return to the tab as nothing; compare shows a written answer awaiting grading as such, with its text; the
 * figures count it as attempted; the aptitude report names the options chosen; the entry page states the
 * candidate's own time and the questions' real marks.
 */
import { aptitudeQuestions, attempts, proctoringEvents, tests } from '@assessly/server/test-kit';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2E } from './harness';
import { createUser, openCodingTest, seedAptitude, seedTest, signedInPage } from './support';

const e2e = useE2E();
const OUTSIDE =
  `${'# copied from somewhere else, line by line\n'.repeat(12)}print(sum(map(int, input().split())))`.slice(0, 536);

async function post(page: Page, path: string, data: unknown) {
  const res = await page.request.post(`${e2e.server.baseUrl}${path}`, { data });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

/** A candidate who started the test (through the API, in their own browser context). */
async function sitter(testId: string, first: string) {
  const cand = await createUser(e2e.server, 'candidate', { firstName: first, lastName: 'Cand' });
  const page = await signedInPage(e2e.browser, e2e.server, cand.email);
  const started = await post(page, `/api/attempts/${testId}/start`, {});
  return { cand, page, attemptId: started.attempt.id as string };
}

describe('results that tell the truth (issue 46)', () => {
  it('a reload records no tab switch, and the candidate reads their record as words', async () => {
    const owner = await createUser(e2e.server, 'employer', { verified: true });
    const { test } = await seedTest(e2e.server, owner.id, [{ title: 'Sum of two' }], { name: 'Reload round' });
    const cand = await createUser(e2e.server, 'candidate');
    const page = await signedInPage(e2e.browser, e2e.server, cand.email);
    await openCodingTest(page, e2e.server, test.id);
    await page.reload();
    await page.locator('.code-editor[data-ready="true"]').waitFor();
    // the window losing focus is a real event: it is recorded, and shown to the candidate in words
    await page.evaluate(() => window.dispatchEvent(new Event('blur')));
    const [attempt] = await e2e.server.deps.db.select().from(attempts).where(eq(attempts.testId, test.id));
    const kinds = async () =>
      (
        await e2e.server.deps.db
          .select({ kind: proctoringEvents.kind })
          .from(proctoringEvents)
          .where(eq(proctoringEvents.attemptId, attempt!.id))
      ).map((e) => e.kind);
    await expect.poll(kinds, { timeout: 30_000 }).toContain('window_blur');
    expect(await kinds()).not.toContain('tab_hidden');
    await page.getByRole('button', { name: 'End Test' }).click();
    await page.getByRole('button', { name: 'End Test now' }).click();
    await page.getByText('Left the window').first().waitFor();
    const text = await page.locator('main').textContent();
    expect(text).not.toMatch(/window_blur|tab_hidden|tab_visible/);
    await page.context().close();
  });

  it('an outside paste counts as integrity on the results list, its filter, compare and the report; a return does not', async () => {
    const owner = await createUser(e2e.server, 'employer', { verified: true });
    const { test, problems } = await seedTest(e2e.server, owner.id, [{ title: 'Sum of two' }], { name: 'Paste round' });
    const pat = await sitter(test.id, 'Pat');
    await post(pat.page, `/api/attempts/${test.id}/edits`, {
      questionId: problems[0]!.id,
      language: 'python',
      seq: 1,
      events: [{ at: 1_000, from: 0, to: 0, insert: OUTSIDE, kind: 'paste' }],
    });
    const rae = await sitter(test.id, 'Rae');
    await post(rae.page, `/api/attempts/${test.id}/events`, { events: [{ kind: 'tab_visible' }] });
    for (const s of [pat, rae]) {
      await post(s.page, `/api/attempts/${test.id}/end`, {});
      await s.page.context().close();
    }

    const page = await signedInPage(e2e.browser, e2e.server, owner.email);
    await page.goto(`${e2e.server.baseUrl}/admin/tests/${test.id}/results`);
    const row = (name: string) => page.getByRole('row').filter({ hasText: `${name} Cand` });
    await row('Pat').getByText('2 events').waitFor();
    await row('Rae').getByText('0 events').waitFor();
    await page.getByRole('checkbox', { name: /Only with integrity events/ }).check();
    await row('Pat').waitFor();
    await expect.poll(() => row('Rae').count()).toBe(0);
    await page.getByRole('checkbox', { name: /Only with integrity events/ }).uncheck();

    await page.getByRole('checkbox', { name: 'Select Pat Cand' }).check();
    await page.getByRole('checkbox', { name: 'Select Rae Cand' }).check();
    await page.getByRole('button', { name: 'Compare selected (2)' }).click();
    const integrity = page.getByRole('table', { name: 'Comparison' }).getByRole('row').filter({ hasText: 'Integrity' });
    await integrity.getByText(/Large paste from outside the editor × 1/).waitFor();
    await integrity.getByText('None').waitFor();

    await page.goto(`${e2e.server.baseUrl}/admin/reports/${pat.attemptId}`);
    await page.getByRole('heading', { name: 'Coding integrity signals' }).waitFor();
    await page.getByText('536 characters pasted into problem 1 (python)', { exact: false }).waitFor();
    await page.context().close();
  });

  it('compare shows a written answer awaiting grading with its text; the figures count it as attempted', async () => {
    const owner = await createUser(e2e.server, 'employer', { verified: true });
    const { test } = await seedTest(e2e.server, owner.id, [{ title: 'Sum of two' }], { name: 'Written round' });
    const [q] = await e2e.server.deps.db
      .insert(aptitudeQuestions)
      .values({
        testId: test.id,
        createdBy: owner.id,
        kind: 'text',
        questionText: 'Explain your approach',
        options: [],
        correctAnswer: 0,
        rubric: 'Names the idea',
        marks: 5,
      })
      .returning();
    await e2e.server.deps.db
      .update(tests)
      .set({ writtenQuestionIds: [q!.id] })
      .where(eq(tests.id, test.id));
    const ids: string[] = [];
    for (const [name, answer] of [
      ['Ada', 'Add the two numbers in one pass.'],
      ['Ben', 'Read both, print the sum.'],
    ] as const) {
      const s = await sitter(test.id, name);
      const put = await s.page.request.put(`${e2e.server.baseUrl}/api/attempts/${test.id}/answers`, {
        data: { questionId: q!.id, answer },
      });
      expect(put.status(), await put.text()).toBe(200);
      await post(s.page, `/api/attempts/${test.id}/end`, {});
      await s.page.context().close();
      ids.push(s.attemptId);
    }
    const page = await signedInPage(e2e.browser, e2e.server, owner.email);
    await page.goto(`${e2e.server.baseUrl}/admin/tests/${test.id}/results`);
    const figures = page.getByRole('row').filter({ hasText: 'Explain your approach' });
    await figures.getByText('2 (2 awaiting grading)').waitFor();

    await page.goto(`${e2e.server.baseUrl}/admin/tests/${test.id}/compare?attemptIds=${ids.join(',')}`);
    const written = page.getByRole('table', { name: 'Comparison' }).getByRole('row', { name: /Explain your approach/ });
    await expect.poll(() => written.getByText('Awaiting grading (of 5)').count()).toBe(2);
    expect(await written.textContent()).not.toContain('cases');
    const answers = page.getByRole('region', { name: 'Answer for Explain your approach' });
    await answers.getByLabel('Answer of Ada Cand').getByText('Add the two numbers in one pass.').waitFor();
    await answers.getByLabel('Answer of Ben Cand').getByText('Read both, print the sum.').waitFor();
    expect(await answers.textContent()).not.toContain('(no submission)');
    await page.context().close();
  });

  it('the aptitude report names the options chosen; the entry pages state the real marks and the extra time', async () => {
    const owner = await createUser(e2e.server, 'employer', { verified: true });
    const apt = await seedAptitude(e2e.server, owner.id, 'Five marks');
    await e2e.server.deps.db.update(aptitudeQuestions).set({ marks: 5 }).where(eq(aptitudeQuestions.testId, apt.id));
    await e2e.server.deps.db.update(tests).set({ totalMarks: 100 }).where(eq(tests.id, apt.id));
    const cand = await createUser(e2e.server, 'candidate');
    const page = await signedInPage(e2e.browser, e2e.server, cand.email);
    await page.goto(`${e2e.server.baseUrl}/aptitude/${apt.id}`);
    await page.getByText('1 question, 5 marks').waitFor();
    const started = await post(page, `/api/attempts/${apt.id}/start`, {});
    const [question] = await e2e.server.deps.db
      .select()
      .from(aptitudeQuestions)
      .where(eq(aptitudeQuestions.testId, apt.id));
    await page.request.put(`${e2e.server.baseUrl}/api/attempts/${apt.id}/answers`, {
      data: { questionId: question!.id, answer: 0 },
    });
    await post(page, `/api/attempts/${apt.id}/end`, {});
    await page.context().close();
    const ownerPage = await signedInPage(e2e.browser, e2e.server, owner.email);
    await ownerPage.goto(`${e2e.server.baseUrl}/admin/reports/${started.attempt.id}`);
    await ownerPage.getByText('chose “3”').waitFor();
    await ownerPage.getByText('correct: “4”').waitFor();

    // A 45-minute test with 15 minutes of extra time: the entry page speaks of the candidate's 60 minutes.
    const { test } = await seedTest(e2e.server, owner.id, [{ title: 'Sum of two' }], { name: 'Extra time round' });
    await e2e.server.deps.db.update(tests).set({ duration: 45 }).where(eq(tests.id, test.id));
    const invited = await createUser(e2e.server, 'candidate', { verified: true });
    const sent = await ownerPage.request.post(`${e2e.server.baseUrl}/api/invitations`, {
      data: { testId: test.id, emails: [invited.email], accommodation: { extraMinutes: 15 } },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    await ownerPage.context().close();
    const invitedPage = await signedInPage(e2e.browser, e2e.server, invited.email);
    await invitedPage.goto(`${e2e.server.baseUrl}/code/${test.id}`);
    await invitedPage.getByText('60 minutes (45 minutes and your 15 minutes of extra time)').waitFor();
    await invitedPage.context().close();
  });
});
