/**
 * Written answers in a real browser (issue 25): an owner adds a written question in the aptitude builder (kind
 * picker, rubric); a candidate on a 375 px phone writes the answer in the labelled text box (autosaved) and ends
 * the test without a score; a reviewer of the company opens the report, reads the answer beside the rubric,
 * sees "Awaiting grading", grades it with the keyboard-reachable form, and the result turns into Pass.
 */
import { attempts, buildTeam, tests } from '@assessly/server/test-kit';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { E2E_TIMEOUT_MS, useE2E } from './harness';
import { createUser, seriousA11yViolations, signedInPage, signIn } from './support';

const e2e = useE2E();

describe('written answers', () => {
  it('an owner builds one, a candidate writes it on a phone, a reviewer grades it', async () => {
    const team = await buildTeam({ app: e2e.server.app, deps: e2e.server.deps });
    const ownerContext = await e2e.browser.newContext({ viewport: { width: 1400, height: 900 } });
    await signIn(ownerContext, e2e.server, team.owner.email, team.owner.password);
    const owner = await ownerContext.newPage();
    owner.setDefaultTimeout(E2E_TIMEOUT_MS);
    const created = await owner.request.post(`${e2e.server.baseUrl}/api/tests/create`, {
      data: { testName: 'Written round', testType: 'APTITUDE', duration: 30, totalMarks: 10, passingMarks: 6 },
    });
    expect(created.status()).toBeLessThan(300);
    const testId = (await created.json()).id as string;
    await owner.goto(`${e2e.server.baseUrl}/admin/aptitude-test/${testId}`);
    await owner.getByLabel('Question Text').first().fill('Explain what an index does for a database query.');
    await owner
      .getByRole('radio', { name: /^Written answer/ })
      .first()
      .check();
    await owner
      .getByLabel('Rubric (only your team sees it)')
      .fill('RUBRIC-E2E: lookups without a full scan; costs writes');
    await owner.getByLabel('Marks').first().fill('10');
    await owner.getByRole('button', { name: 'Save Questions' }).click();
    await owner.getByText('All questions saved successfully!').waitFor();
    const [test] = await e2e.server.deps.db.select().from(tests).where(eq(tests.id, testId));
    expect(test!.questionIds).toHaveLength(1);
    await e2e.server.deps.db.update(tests).set({ access: 'link' }).where(eq(tests.id, testId));
    await ownerContext.close();

    const cand = await createUser(e2e.server, 'candidate');
    const phone = await signedInPage(e2e.browser, e2e.server, cand.email, { width: 375, height: 740 });
    await phone.goto(`${e2e.server.baseUrl}/aptitude/${testId}`);
    await phone.getByRole('button', { name: 'Start Test' }).click();
    await phone.getByRole('heading', { name: 'Explain what an index does for a database query.' }).waitFor();
    expect(await phone.content()).not.toContain('RUBRIC-E2E');
    const box = phone.getByRole('textbox', { name: 'Your answer' });
    await box.focus();
    await phone.keyboard.type('It lets the engine find rows without reading the whole table.');
    await phone.getByText('Saved', { exact: true }).waitFor();
    // the box fits the phone: no sideways scrolling
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousA11yViolations(phone, ['.proctoring'])).toEqual([]);
    await phone.reload();
    expect(await phone.getByRole('textbox', { name: 'Your answer' }).inputValue()).toBe(
      'It lets the engine find rows without reading the whole table.',
    );
    await phone.getByRole('button', { name: 'End Test' }).click();
    await phone.getByRole('button', { name: 'End Test now' }).click();
    await phone.getByText('Your written answers are graded by a reviewer; your score follows once they are.').waitFor();
    await phone.context().close();

    const [attempt] = await e2e.server.deps.db.select().from(attempts).where(eq(attempts.testId, testId));
    const reviewerContext = await e2e.browser.newContext({ viewport: { width: 1400, height: 900 } });
    await signIn(reviewerContext, e2e.server, team.reviewer.email, team.reviewer.password);
    const reviewer = await reviewerContext.newPage();
    reviewer.setDefaultTimeout(E2E_TIMEOUT_MS);
    await reviewer.goto(`${e2e.server.baseUrl}/admin/reports/${attempt!.id}`);
    await reviewer.getByRole('heading', { name: 'Written answers' }).waitFor();
    await reviewer.getByText('It lets the engine find rows without reading the whole table.').waitFor();
    await reviewer.getByText('RUBRIC-E2E: lookups without a full scan; costs writes').waitFor();
    await reviewer.getByText('Awaiting grading', { exact: true }).first().waitFor();
    expect(await seriousA11yViolations(reviewer)).toEqual([]);
    await reviewer.getByLabel('Score (0 to 10)').fill('12');
    await reviewer.getByRole('button', { name: 'Save grade' }).click();
    await reviewer.getByText('Score must be between 0 and 10').waitFor();
    await reviewer.getByLabel('Score (0 to 10)').fill('7');
    await reviewer.getByLabel('Comment').fill('Names the read gain, not the write cost');
    await reviewer.getByLabel('Comment').press('Tab');
    await reviewer.keyboard.press('Enter'); // the Save grade button, reached with the keyboard
    await reviewer.getByText(`Graded 7 / 10 by ${team.reviewer.email}`, { exact: false }).waitFor();
    await reviewer.getByText('Pass', { exact: true }).waitFor();
    await reviewer.getByText('7 / 10 (70%)').waitFor();
    await reviewerContext.close();
  });
});
