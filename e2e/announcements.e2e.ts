/**
 * Issue 46: run results are announced to screen readers. The coding page and the interview room each keep one
 * polite live region (role=status, mounted before anything runs, never replaced), and each Run, Submit and
 * custom run puts one short sentence in it: the count, and the first failing case's verdict.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { E2E_TIMEOUT_MS, useE2E } from './harness';
import {
  createUser,
  openCodingTest,
  PY_SUM,
  seedTest,
  seriousA11yViolations,
  signedInPage,
  typeInEditor,
} from './support';

const e2e = useE2E();
let employerId: string;
beforeAll(async () => {
  employerId = (await createUser(e2e.server, 'employer')).id;
});

const PY_OFF_BY_ONE = 'import sys\na, b = map(int, sys.stdin.read().split())\nprint(a + b + (1 if a >= 10 else 0))';

/** Marks the live region node, so a later check can tell that the same node (not a new one) still speaks. */
async function markAnnouncer(page: Page) {
  await page.getByTestId('run-announcer').evaluate((el) => el.setAttribute('data-first', 'yes'));
}

async function announced(page: Page, text: string) {
  const region = page.getByTestId('run-announcer');
  await region.filter({ hasText: text }).waitFor({ timeout: 60_000 });
  expect(await region.textContent()).toBe(text);
  expect(await region.getAttribute('role')).toBe('status');
  expect(await region.getAttribute('aria-live')).toBe('polite');
  expect(await region.getAttribute('aria-atomic')).toBe('true');
  expect(await region.getAttribute('data-first')).toBe('yes');
}

describe('run results in a live region', () => {
  it('the coding page announces each Run, Submit and custom run', async () => {
    const { test } = await seedTest(e2e.server, employerId, [{ title: 'Sum of two' }]);
    const cand = await createUser(e2e.server, 'candidate');
    const page = await signedInPage(e2e.browser, e2e.server, cand.email);
    await openCodingTest(page, e2e.server, test.id);
    await page.getByLabel('Language').selectOption('python');
    // Present and empty before anything runs: a region that appears with its text is often not read.
    expect(await page.getByTestId('run-announcer').textContent()).toBe('');
    await markAnnouncer(page);

    await typeInEditor(page, PY_OFF_BY_ONE);
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await announced(page, 'Run finished: passed 1 of 2 test cases. First failure: case 2, Wrong Answer.');
    // The visible panel is not a second live region reading the same thing.
    expect(await page.locator('.results-main [role=status], .results-main [aria-live]').count()).toBe(0);

    await typeInEditor(page, PY_SUM);
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await announced(page, 'Run finished: passed 2 of 2 test cases.');

    await page.getByLabel('Custom input (standard input for your program)').fill('1 2');
    await page.getByRole('button', { name: 'Run with custom input' }).click();
    await announced(page, 'Custom input run finished. The output is below.');

    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await announced(page, 'Submission judged: passed 3 of 3 test cases.');
    expect(await seriousA11yViolations(page, ['.proctoring-video'])).toEqual([]);
    await page.context().close();
  });

  it('the interview room announces the newest run on both sides', async () => {
    const employer = await createUser(e2e.server, 'employer', { firstName: 'Ann', lastName: 'Ask', verified: true });
    const interviewer = await signedInPage(e2e.browser, e2e.server, employer.email);
    const created = await interviewer.context().request.post(`${e2e.server.baseUrl}/api/interviews`, {
      data: { title: 'Announced round', candidateEmail: 'announce-cand@example.com', candidateName: 'Cy Cand' },
    });
    expect(created.status()).toBe(201);
    const { id, joinUrl } = (await created.json()) as { id: string; joinUrl: string };
    const candidateContext = await e2e.browser.newContext({ viewport: { width: 1400, height: 900 } });
    const candidate = await candidateContext.newPage();
    candidate.setDefaultTimeout(E2E_TIMEOUT_MS);
    await interviewer.goto(`${e2e.server.baseUrl}/interview/${id}`);
    await candidate.goto(joinUrl);
    for (const page of [interviewer, candidate]) {
      await page.getByText('Connected', { exact: true }).waitFor();
      expect(await page.getByTestId('run-announcer').textContent()).toBe('');
      await markAnnouncer(page);
    }
    await interviewer.getByLabel('Language').selectOption('python');
    await candidate.waitForFunction(
      () => (document.querySelector('#iv-language') as HTMLSelectElement)?.value === 'python',
    );
    await candidate.locator('.iv-editor .cm-content').first().click();
    await candidate.keyboard.insertText('print(6 * 7)\n');
    await candidate.getByRole('button', { name: 'Run', exact: true }).click();
    for (const page of [interviewer, candidate]) await announced(page, 'Cy Cand ran the code: Accepted.');
    // A second run with the same outcome is a new node in the region, so it is read again.
    const before = await interviewer.getByTestId('run-announcer').locator('span').elementHandle();
    await interviewer.getByRole('button', { name: 'Run', exact: true }).click();
    await announced(interviewer, 'Ann Ask ran the code: Accepted.');
    await candidate.getByTestId('run-announcer').filter({ hasText: 'Ann Ask ran the code: Accepted.' }).waitFor();
    expect(await before?.evaluate((n) => n.isConnected)).toBe(false);
    await candidateContext.close();
    await interviewer.context().close();
  });
});
