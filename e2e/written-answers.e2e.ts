/**
 * Written answers in a real browser (issue 25): an owner adds a written question in the aptitude builder (kind
 * picker, rubric); a candidate on a 375 px phone writes the answer in the labelled text box (autosaved) and ends
 * the test without a score; a reviewer of the company opens the report, reads the answer beside the rubric,
 * sees "Awaiting grading", grades it with the keyboard-reachable form, and the result turns into Pass.
 * A coding test holds written questions too: the owner adds one in the coding builder, the candidate answers it on
 * the coding page (kept across a reload) and a reviewer grades it in the report.
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

  it('a coding test: the owner adds a written question, the candidate answers it beside the code, a reviewer grades it', async () => {
    const team = await buildTeam({ app: e2e.server.app, deps: e2e.server.deps });
    const ownerContext = await e2e.browser.newContext({ viewport: { width: 1400, height: 900 } });
    await signIn(ownerContext, e2e.server, team.owner.email, team.owner.password);
    const owner = await ownerContext.newPage();
    owner.setDefaultTimeout(E2E_TIMEOUT_MS);
    const created = await owner.request.post(`${e2e.server.baseUrl}/api/tests/create`, {
      data: { testName: 'Coding with prose', testType: 'CODING', duration: 30, totalMarks: 15, passingMarks: 4 },
    });
    expect(created.status()).toBeLessThan(300);
    const testId = (await created.json()).id as string;
    const problems = await owner.request.post(`${e2e.server.baseUrl}/api/tests/${testId}/questions/batch`, {
      data: {
        problems: [
          {
            title: 'Sum two numbers',
            description: 'Read two integers and print their sum.',
            examples: [{ input: '1 2', output: '3' }],
            testCases: [{ input: '40 2', output: '42' }],
            constraints: ['0 <= a, b <= 1000'],
            marks: 10,
          },
        ],
      },
    });
    expect(problems.status(), await problems.text()).toBe(200);
    await owner.goto(`${e2e.server.baseUrl}/admin/coding-test/${testId}`);
    await owner.getByRole('button', { name: '+ Add Written Question' }).click();
    const written = owner.getByRole('group', { name: 'Written question 1' });
    await written.getByLabel('Question Text').fill('Why does your solution not overflow?');
    await written.getByLabel('Rubric (only your team sees it)').fill('RUBRIC-CODE-E2E: the sum fits in 32 bits');
    await written.getByLabel('Marks').fill('5');
    await owner.getByRole('button', { name: 'Save All Questions' }).click();
    await owner.getByRole('heading', { name: 'Test Created Successfully!' }).waitFor();
    const [test] = await e2e.server.deps.db.select().from(tests).where(eq(tests.id, testId));
    expect(test!.writtenQuestionIds).toHaveLength(1);
    // the problems' edit page lists it and leads back to the builder's written section, without a new problem tab
    await owner.goto(`${e2e.server.baseUrl}/admin/coding-test/edit/${testId}`);
    await owner
      .getByRole('region', { name: 'Written questions' })
      .getByText('Why does your solution not overflow?')
      .waitFor();
    await owner.getByRole('button', { name: 'Edit Written Questions' }).click();
    await owner.getByRole('group', { name: 'Written question 1' }).getByLabel('Marks').waitFor();
    expect(await owner.getByRole('tab').count()).toBe(1);
    await e2e.server.deps.db.update(tests).set({ access: 'link', proctoring: false }).where(eq(tests.id, testId));
    await ownerContext.close();

    const cand = await createUser(e2e.server, 'candidate');
    const page = await signedInPage(e2e.browser, e2e.server, cand.email, { width: 1280, height: 860 });
    await page.goto(`${e2e.server.baseUrl}/code/${testId}`);
    await page.getByRole('button', { name: 'Start Test' }).click();
    await page.getByRole('button', { name: 'Written questions (1)' }).click();
    await page.getByRole('heading', { name: 'Written question 1 (5 marks)' }).waitFor();
    expect(await page.content()).not.toContain('RUBRIC-CODE-E2E');
    // the panel stands in for the editor while open; the editor stays mounted behind it
    expect(await page.locator('.taking-panels-wrap').isVisible()).toBe(false);
    const answer = 'Both numbers are at most 1000, so the sum stays far below 2^31.';
    const saved = page.waitForResponse(
      (r) => r.url().endsWith(`/api/attempts/${testId}/answers`) && r.request().method() === 'PUT' && r.ok(),
    );
    await page.getByRole('textbox', { name: 'Your answer to written question 1' }).fill(answer);
    await saved;
    expect(await seriousA11yViolations(page, ['.proctoring'])).toEqual([]);
    // on a 375 px phone the questions fit: no sideways scrolling
    await page.setViewportSize({ width: 375, height: 740 });
    await page.getByRole('textbox', { name: 'Your answer to written question 1' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.reload();
    await page.getByRole('button', { name: 'Written questions (1)' }).click();
    expect(await page.getByRole('textbox', { name: 'Your answer to written question 1' }).inputValue()).toBe(answer);
    await page.getByRole('button', { name: 'End Test' }).click();
    await page.getByRole('button', { name: 'End Test now' }).click();
    await page.getByTestId('written-summary').getByText('you answered 1 of 1', { exact: false }).waitFor();
    await page.context().close();

    const [attempt] = await e2e.server.deps.db.select().from(attempts).where(eq(attempts.testId, testId));
    expect(attempt).toMatchObject({ awaitingGrading: true });
    const reviewerContext = await e2e.browser.newContext({ viewport: { width: 1400, height: 900 } });
    await signIn(reviewerContext, e2e.server, team.reviewer.email, team.reviewer.password);
    const reviewer = await reviewerContext.newPage();
    reviewer.setDefaultTimeout(E2E_TIMEOUT_MS);
    await reviewer.goto(`${e2e.server.baseUrl}/admin/reports/${attempt!.id}`);
    await reviewer.getByRole('heading', { name: 'Written answers' }).waitFor();
    await reviewer.getByText(answer).waitFor();
    await reviewer.getByText('RUBRIC-CODE-E2E: the sum fits in 32 bits').waitFor();
    await reviewer.getByText('Written: awaiting grading').waitFor();
    await reviewer.getByLabel('Score (0 to 5)').fill('4');
    await reviewer.getByRole('button', { name: 'Save grade' }).click();
    await reviewer.getByText(`Graded 4 / 5 by ${team.reviewer.email}`, { exact: false }).waitFor();
    await reviewer.getByText('Pass', { exact: true }).waitFor();
    await reviewer.getByText('4 / 15 (26.7%)').waitFor();
    await reviewerContext.close();
  });
});
