/**
 * The starter library in a real browser (issue 25): an employer switches the library to the starter library,
 * searches function problems, adds one to a coding test, and the test holds the company's own copy.
 */
import { describe, expect, it } from 'vitest';
import { useE2E } from './harness';
import { createUser, signedInPage } from './support';

const e2e = useE2E();

describe('starter library', () => {
  it('an employer adds a starter function problem to a coding test', async () => {
    const employer = await createUser(e2e.server, 'employer', { verified: true });
    const page = await signedInPage(e2e.browser, e2e.server, employer.email);
    const created = await page.request.post(`${e2e.server.baseUrl}/api/tests/create`, {
      data: { testName: 'Starter round', testType: 'CODING', duration: 60, totalMarks: 30, passingMarks: 15 },
    });
    expect(created.status()).toBeLessThan(300);
    const testId = (await created.json()).id as string;
    await page.goto(`${e2e.server.baseUrl}/admin/library`);
    await page.getByLabel('Source').selectOption('starter');
    await page.getByLabel('Kind').selectOption('function');
    await page.getByLabel('Difficulty').selectOption('hard');
    const row = page.getByRole('row', { name: /Fewest coins/ });
    await row.waitFor();
    await row.getByLabel('Test to add Fewest coins to').selectOption(testId);
    await row.getByRole('button', { name: 'Add to test' }).click();
    await page.getByText('A copy of "Fewest coins" was added to the test').waitFor();
    const problems = await (await page.request.get(`${e2e.server.baseUrl}/api/coding-tests?testId=${testId}`)).json();
    expect(problems).toMatchObject([{ title: 'Fewest coins', kind: 'function', signature: { name: 'fewestCoins' } }]);
    await row.getByText('1 test').waitFor();
    await page.context().close();
  });
});
