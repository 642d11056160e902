/**
 * SQL problems in a real browser (issue 25): an employer builds one in the coding builder (kind picker, schema
 * editor with a preview of its tables); a candidate sees the schema and the example as tables, runs a query and
 * sees their result beside the expected one, then submits and passes every case on the real judge; the
 * Submissions tab and the reviewer's View Results show the results as tables too.
 */
import { describe, expect, it } from 'vitest';
import { useE2E } from './harness';
import { createUser, openCodingTest, seriousA11yViolations, signedInPage, typeInEditor } from './support';

const e2e = useE2E();

const SCHEMA = 'CREATE TABLE pets (id INTEGER PRIMARY KEY, name TEXT NOT NULL, kind TEXT, age INTEGER);';

describe('SQL problems', () => {
  it('an employer builds an SQL problem and a candidate solves it', async () => {
    const employer = await createUser(e2e.server, 'employer', { verified: true });
    const page = await signedInPage(e2e.browser, e2e.server, employer.email);
    await page.goto(`${e2e.server.baseUrl}/admin`);
    await page.getByRole('link', { name: 'Create Test', exact: true }).click();
    await page.getByLabel('Test Name').fill('SQL round');
    await page.getByLabel('Test Type').selectOption({ label: 'Coding' });
    await page.getByLabel('Description').fill('One query');
    await page.getByLabel('Who may take it').selectOption('link');
    await page.getByRole('button', { name: 'Create Test' }).click();
    await page.waitForURL(/\/admin\/coding-test\/[0-9a-f-]{36}$/);
    const testId = page.url().split('/').pop()!;

    await page.getByLabel('Title', { exact: true }).fill('Old cats');
    await page.getByLabel('Description', { exact: true }).fill('List the names of cats older than 5.');
    await page.getByRole('radio', { name: /^SQL/ }).check();
    await page.getByLabel('Schema (SQLite CREATE TABLE statements)').fill(SCHEMA);
    // the preview shows the table the schema creates, with its columns
    const preview = page.getByTestId('schema-preview');
    await preview.getByRole('table', { name: 'pets' }).waitFor();
    expect(await preview.getByRole('table', { name: 'pets' }).textContent()).toContain('kindTEXT');
    await page
      .getByLabel('Example 1 input')
      .fill("INSERT INTO pets VALUES (1, 'Tom', 'cat', 7), (2, 'Rex', 'dog', 9), (3, 'Kit', 'cat', 2);");
    await page.getByLabel('Example 1 output').fill('Tom');
    await page
      .getByLabel('Test case 1 input')
      .fill("INSERT INTO pets VALUES (1, 'Ada', 'cat', 12), (2, 'Bo', 'cat', 6), (3, 'Cy', NULL, 8);");
    await page.getByLabel('Test case 1 output').fill('Ada\nBo');
    await page.getByLabel('Constraint 1', { exact: true }).fill('SQLite');
    await page.getByRole('button', { name: 'Save All Questions' }).click();
    await page.getByText('Successfully saved 1 coding question(s)!', { exact: true }).waitFor();
    const saved = await (await page.request.get(`${e2e.server.baseUrl}/api/coding-tests?testId=${testId}`)).json();
    expect(saved[0]).toMatchObject({ kind: 'sql', sql: { schema: SCHEMA }, orderMatters: false });
    await page.context().close();

    const candidate = await createUser(e2e.server, 'candidate');
    const cpage = await signedInPage(e2e.browser, e2e.server, candidate.email);
    await openCodingTest(cpage, e2e.server, testId);
    await cpage.getByTestId('sql-language').waitFor();
    // the schema and the example's data and result, as tables
    await cpage.getByTestId('schema-tables').getByRole('table', { name: 'pets' }).waitFor();
    expect(await cpage.getByRole('table', { name: 'Example 1 result' }).locator('tbody').textContent()).toBe('Tom');
    const data = cpage.locator('.example').getByRole('table', { name: 'pets' });
    expect(await data.locator('tbody tr').count()).toBe(3);

    await typeInEditor(cpage, "SELECT name FROM pets WHERE kind = 'cat' AND age > 5 ORDER BY age DESC;");
    await cpage.getByRole('button', { name: 'Run', exact: true }).click();
    const side = cpage.getByTestId('sql-results').first();
    await side.waitFor({ timeout: 60_000 });
    expect(await side.getByRole('table', { name: 'Your result' }).locator('tbody').textContent()).toBe('Tom');
    expect(await side.getByRole('table', { name: 'Expected result' }).locator('tbody').textContent()).toBe('Tom');

    // the tables are read by screen readers (captions, headers) and nothing on the page breaks axe's rules
    expect(await seriousA11yViolations(cpage, ['.proctoring-video'])).toEqual([]);
    // at 375 px the tables still fit: a wide one scrolls inside its own box, never the page
    await cpage.setViewportSize({ width: 375, height: 740 });
    await cpage.getByTestId('schema-tables').getByRole('table', { name: 'pets' }).waitFor();
    expect(await cpage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await cpage.setViewportSize({ width: 1280, height: 800 });

    await cpage.getByRole('button', { name: 'Submit', exact: true }).click();
    const verdict = cpage
      .getByText(/Submitted! Passed \d+ \/ 2 test cases\.|Submission failed|Compilation Error|Runtime Error/)
      .first();
    await verdict.waitFor({ timeout: 60_000 }).catch(async (err) => {
      await cpage.screenshot({ path: '/tmp/i25s-sql-submit.png', fullPage: true });
      throw err;
    });
    const subs = await (await cpage.request.get(`${e2e.server.baseUrl}/api/submissions/all?testId=${testId}`)).json();
    expect(await verdict.textContent(), JSON.stringify(subs).slice(0, 3000)).toBe(
      'Submitted! Passed 2 / 2 test cases.',
    );
    // the Submissions tab shows the visible case's result as a table too, not as text
    await cpage.getByRole('tab', { name: 'Submissions' }).click();
    await cpage.locator('#panel-submissions summary').first().click();
    const mine = cpage.locator('#panel-submissions').getByRole('table', { name: 'Your result' }).first();
    expect(await mine.locator('tbody').textContent()).toBe('Tom');
    await cpage.context().close();

    // and so does the reviewer's View Results, the candidate's result beside the expected one
    const review = await signedInPage(e2e.browser, e2e.server, employer.email);
    await review.goto(`${e2e.server.baseUrl}/admin/submission`);
    await review.getByRole('button', { name: /SQL round/ }).click();
    await review.getByRole('button', { name: 'View Results' }).first().click();
    const results = review.getByRole('dialog').getByTestId('sql-results').first();
    expect(await results.getByRole('table', { name: "Candidate's result" }).locator('tbody').textContent()).toBe('Tom');
    expect(await results.getByRole('table', { name: 'Expected result' }).locator('tbody').textContent()).toBe('Tom');
    expect(await seriousA11yViolations(review)).toEqual([]);
    await review.context().close();
  });
});
