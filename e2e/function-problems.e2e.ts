/**
 * Function problems in a real browser (issue 25): an employer builds one in the coding builder (kind picker,
 * signature, JSON cases checked as they are typed); a candidate sees the signature above the editor, starts
 * from the generated Python function, prints while solving it, and passes every case on the real judge.
 */
import { describe, expect, it } from 'vitest';
import { useE2E } from './harness';
import { createUser, openCodingTest, signedInPage, typeInEditor } from './support';

const e2e = useE2E();

describe('function problems', () => {
  it('an employer builds a function problem and a candidate solves it in Python', async () => {
    const employer = await createUser(e2e.server, 'employer', { verified: true });
    const page = await signedInPage(e2e.browser, e2e.server, employer.email);
    await page.goto(`${e2e.server.baseUrl}/admin`);
    await page.getByRole('link', { name: 'Create Test', exact: true }).click();
    await page.getByLabel('Test Name').fill('Function round');
    await page.getByLabel('Test Type').selectOption({ label: 'Coding' });
    await page.getByLabel('Description').fill('Implement one function');
    // New tests are for invited candidates only; this one is taken through its link.
    await page.getByLabel('Who may take it').selectOption('link');
    await page.getByRole('button', { name: 'Create Test' }).click();
    await page.waitForURL(/\/admin\/coding-test\/[0-9a-f-]{36}$/);
    const testId = page.url().split('/').pop()!;

    await page.getByLabel('Title', { exact: true }).fill('Sum of a list');
    await page.getByLabel('Description', { exact: true }).fill('Return the sum of nums.');
    await page.getByRole('radio', { name: /^Function/ }).check();
    await page.getByLabel('Function name').fill('total');
    await page.getByLabel('Parameter 1 type').selectOption('long[]');
    await page.getByLabel('Return type').selectOption('long');
    await page.getByLabel('Example 1 input').fill('[1, 2, 3]');
    await page.getByLabel('Example 1 output').fill('"six"');
    // the server's own check, shown while typing, names the case and what is wrong
    await page
      .getByText('Example 1: the output (returns long): expected long (a whole number), got a string')
      .waitFor();
    await page.getByLabel('Example 1 output').fill('6');
    await page.getByLabel('Test case 1 input').fill('[9007199254740993, 1]');
    await page.getByLabel('Test case 1 output').fill('9007199254740994');
    await page.getByLabel('Constraint 1', { exact: true }).fill('1 <= len(nums) <= 1000');
    await page.getByRole('button', { name: 'Save All Questions' }).click();
    await page.getByText('Successfully saved 1 coding question(s)!', { exact: true }).waitFor();
    const saved = await (await page.request.get(`${e2e.server.baseUrl}/api/coding-tests?testId=${testId}`)).json();
    expect(saved[0]).toMatchObject({
      kind: 'function',
      signature: { name: 'total', params: [{ name: 'nums', type: 'long[]' }], returns: 'long' },
    });
    await page.context().close();

    const candidate = await createUser(e2e.server, 'candidate');
    const cpage = await signedInPage(e2e.browser, e2e.server, candidate.email);
    await openCodingTest(cpage, e2e.server, testId);
    await cpage.getByLabel('Language').selectOption('python');
    const signature = cpage.getByRole('note', { name: 'Function to implement' });
    expect(await signature.textContent()).toContain('total(nums: long[]) → long');
    await cpage.locator('.code-editor .cm-line').filter({ hasText: 'def total(nums: list[int]) -> int:' }).waitFor();
    // one line: the editor indents what follows a colon as it is typed
    await typeInEditor(cpage, 'def total(nums): print("adding", len(nums)); return sum(nums)');
    await cpage.getByRole('button', { name: 'Submit', exact: true }).click();
    const verdict = cpage
      .getByText(/Submitted! Passed \d+ \/ 2 test cases\.|Submission failed|Compilation Error|Runtime Error/)
      .first();
    await verdict.waitFor({ timeout: 60_000 }).catch(async (err) => {
      await cpage.screenshot({ path: '/tmp/i25-fn-submit.png', fullPage: true });
      throw err;
    });
    const subs = await (await cpage.request.get(`${e2e.server.baseUrl}/api/submissions/all?testId=${testId}`)).json();
    expect(await verdict.textContent(), JSON.stringify(subs).slice(0, 3000)).toBe(
      'Submitted! Passed 2 / 2 test cases.',
    );
    // what the candidate printed is shown as debug output beside the returned value, never compared
    await cpage.getByText('Debug output', { exact: true }).first().waitFor();
    await cpage.getByText('adding 3').first().waitFor();
    await cpage.context().close();
  });
});
