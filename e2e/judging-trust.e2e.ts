/**
 * Judging an employer can trust (issue 11) in a real browser with the real judge: the author checks the model
 * solution, picks the comparison mode, is warned before sharing a test whose solution fails, is asked to
 * re-judge after editing a problem that has submissions, and adds a problem of another test as a copy unless
 * they choose to share it (then they see where else it is used).
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { E2E_TIMEOUT_MS, newServerPage, useE2E } from './harness';
import { createUser, signIn, signUpThenSignInWithForm } from './support';

const e2e = useE2E();
let page: Page;
const email = `judge.${Date.now().toString(36)}@example.test`;
const password = 'Judging1!';
const SUM = 'a, b = map(int, input().split())\nprint(a + b)\n';

beforeAll(async () => {
  page = await newServerPage(e2e);
});

async function post<T>(path: string, data: object, method: 'POST' | 'PUT' = 'POST'): Promise<T> {
  const res = await page.request.fetch(path, { method, data, headers: { origin: e2e.server.baseUrl } });
  if (res.status() >= 300) throw new Error(`${method} ${path}: ${res.status()} ${await res.text()}`);
  return res.json() as Promise<T>;
}

async function codingTest(name: string, solution: string, extra: Record<string, unknown> = {}) {
  const test = await post<{ id: string }>('/api/tests/create', {
    testName: name,
    testType: 'CODING',
    description: 'Sums',
    duration: 30,
    totalMarks: 10,
    passingMarks: 5,
    // no camera step: these tests are about judging (proctoring has its own e2e)
    proctoring: false,
    // any signed-in candidate with the link (new tests are invited-only by default, issue 23)
    access: 'link',
  });
  const saved = await post<{ problems: { id: string }[] }>(`/api/tests/${test.id}/questions/batch`, {
    problems: [
      {
        title: `${name} sum`,
        description: 'Print a + b.',
        examples: [{ input: '1 2', output: '3' }],
        testCases: [{ input: '40 2', output: '42' }],
        constraints: ['small'],
        marks: 10,
        solution,
        solutionLanguage: 'python',
        ...extra,
      },
    ],
  });
  return { testId: test.id, problemId: saved.problems[0]!.id };
}

describe('judging an employer can trust', () => {
  let a: { testId: string; problemId: string };

  it('signs in an employer with two coding tests', async () => {
    await signUpThenSignInWithForm(page, { firstName: 'Jo', lastName: 'Judge', email, password, role: 'employer' });
    await page.waitForURL(/\/admin$/);
    a = await codingTest('Alpha', 'print(0)\n');
  });

  it('warns before sharing while the model solution is unchecked or failing, and checks it per case', async () => {
    await page.goto(`/admin/tests/${a.testId}`);
    await page.getByText('has a model solution that was not checked since the last edit').waitFor();
    await page.goto(`/admin/coding-test/edit/${a.testId}`);
    await page.getByRole('button', { name: 'Edit Alpha sum' }).click();
    // The model solution panel is open by default (issue 26): Check solution sits beside it.
    await page.getByRole('button', { name: 'Check solution' }).click();
    await page.getByText('Wrong Answer: 0 of 2 cases passed').waitFor();
    // fix the solution, save, check again
    await page.getByLabel('Solution', { exact: true }).fill(SUM);
    await page.getByLabel('Output comparison').selectOption('case-insensitive');
    await expect(
      page.getByText(/Candidates see: Output is compared token by token, ignoring upper and lower case/).count(),
    ).resolves.toBe(1);
    await page.getByRole('button', { name: 'Save Problem' }).click();
    await page.getByText('Changes saved successfully!').waitFor();
    await page.getByText('has a model solution that was not checked since the last edit').waitFor();
    await page.getByRole('button', { name: 'Edit Alpha sum' }).click();
    // The model solution panel is open by default (issue 26): Check solution sits beside it.
    await page.getByRole('button', { name: 'Check solution' }).click();
    await page.getByText('Accepted: 2 of 2 cases passed').waitFor();
    const problem = await (await page.request.get(`/api/coding-tests/${a.problemId}`)).json();
    expect(problem).toMatchObject({ comparisonMode: 'case-insensitive', solutionCheck: { state: 'passed' } });
  });

  it('asks whether to re-judge after an edit of a problem with submissions, and re-judges on request', async () => {
    const cand = await e2e.browser.newContext({ baseURL: e2e.server.baseUrl });
    const cp = await cand.newPage();
    const taker = await createUser(e2e.server, 'candidate', { firstName: 'Cy', lastName: 'Cand' });
    await signIn(cand, e2e.server, taker.email);
    const headers = { origin: e2e.server.baseUrl };
    expect((await cp.request.post(`/api/attempts/${a.testId}/start`, { headers })).status()).toBe(200);
    const sub = await cp.request.post('/api/submissions', {
      headers,
      data: { language: 'python', code: SUM, testId: a.testId, questionNumber: 0 },
    });
    expect(sub.status()).toBe(200);
    const subId = sub.headers()['x-submission-id']!;
    await cand.close();

    await page.goto(`/admin/coding-test/edit/${a.testId}`);
    await page.getByRole('button', { name: 'Edit Alpha sum' }).click();
    await page.getByLabel('Test case 1 output').fill('43');
    await page.getByRole('button', { name: 'Save Problem' }).click();
    const dialog = page.getByRole('dialog', { name: 'Re-judge existing submissions?' });
    await dialog.getByText('1 submission(s) were judged against an earlier version').waitFor();
    await dialog.getByRole('button', { name: 'Re-judge against the new version' }).click();
    await page.getByText('1 submission(s) queued for re-judging').waitFor();
    for (let i = 0; i < 60; i++) {
      const s = await (await page.request.get(`/api/submissions/${subId}`)).json();
      if (s.status === 'judged') {
        expect(s).toMatchObject({ verdict: 'Wrong Answer', problemVersion: 2 });
        expect(s.judgeHistory[0]).toMatchObject({ verdict: 'Accepted', problemVersion: 1 });
        return;
      }
      await page.waitForTimeout(500);
    }
    throw new Error('the re-judge did not finish');
  });

  it('shares a problem only when asked, after showing where it is used, and copies it otherwise', async () => {
    const c = await codingTest('Gamma', SUM);
    await page.goto(`/admin/coding-test/edit/${c.testId}`);
    await page.getByRole('button', { name: 'Add Problems' }).click();
    await page.getByLabel('Select Alpha sum').check();
    await page.getByLabel('Share Alpha sum instead of copying').check();
    await page.getByText('Shared with: Alpha. Edits change all of them.').waitFor();
    await page.getByRole('button', { name: 'Add 1 Problem(s)' }).click();
    await page.getByText('Changes saved successfully!').waitFor();
    const linked = await (await page.request.get(`/api/tests/${c.testId}`)).json();
    expect(linked.questionIds).toContain(a.problemId);

    const b = await codingTest('Beta', SUM);
    await page.goto(`/admin/coding-test/edit/${b.testId}`);
    await page.getByRole('button', { name: 'Add Problems' }).click();
    await page.getByLabel('Select Alpha sum').check();
    await page.getByRole('button', { name: 'Add 1 Problem(s)' }).click();
    await page.getByText('Changes saved successfully!').waitFor();
    await page.getByRole('button', { name: 'Edit Alpha sum' }).waitFor();
    const copied = await (await page.request.get(`/api/tests/${b.testId}`)).json();
    expect(copied.questionIds).toHaveLength(2);
    expect(copied.questionIds).not.toContain(a.problemId);
  });

  it('shows the candidate how output is compared, under the problem on /code', async () => {
    const d = await codingTest('Delta', SUM, { comparisonMode: 'float', floatTolerance: 0.001 });
    const cand = await e2e.browser.newContext({ baseURL: e2e.server.baseUrl, viewport: { width: 1400, height: 900 } });
    const cp = await cand.newPage();
    cp.setDefaultTimeout(E2E_TIMEOUT_MS);
    const taker = await createUser(e2e.server, 'candidate', { firstName: 'Ty', lastName: 'Taker' });
    await signIn(cand, e2e.server, taker.email);
    await cp.goto(`/code/${d.testId}`);
    await cp.getByRole('button', { name: 'Start Test' }).click({ timeout: 120_000 }); // a proctored test waits for the live check
    await cp.getByRole('heading', { name: '1. Delta sum' }).waitFor();
    const rule = await cp.getByTestId('comparison-rule').textContent();
    expect(rule).toMatch(/^Output is compared token by token .*within an absolute or relative error of 0\.001/);
    await cand.close();
  });
});
