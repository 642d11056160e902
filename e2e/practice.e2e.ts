/**
 * Issue 46: a signed-in candidate opens the practice test from their profile, goes through the camera check,
 * sees the timer, runs code (Run only: no Submit), and nothing of it reaches an employer (practice.test.ts checks
 * the employer's lists, results, CSV and webhooks).
 */
import { describe, expect, it } from 'vitest';
import { useE2E } from './harness';
import { createUser, PY_SUM, pressStartTest, seriousA11yViolations, signedInPage, typeInEditor } from './support';

const e2e = useE2E();

describe('the practice test', () => {
  it('from the profile through the camera check to a Run, with no Submit', async () => {
    const cand = await createUser(e2e.server, 'candidate');
    const page = await signedInPage(e2e.browser, e2e.server, cand.email);
    await page.goto(`${e2e.server.baseUrl}/profile`);
    await page.getByRole('heading', { name: 'Practice test' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Take the practice test' }).click();
    await page.waitForURL(/\/code\/[0-9a-f-]{36}$/);
    // the camera check is part of the practice
    await page.getByLabel('Camera preview').waitFor();
    expect(await page.getByRole('button', { name: 'Ask for an accommodation' }).count()).toBe(0);
    await pressStartTest(page);
    await page.locator('.code-editor[data-ready="true"]').waitFor();
    await page.getByTestId('practice-banner').waitFor();
    expect(await page.getByRole('button', { name: 'Submit', exact: true }).count()).toBe(0);
    await page.getByLabel('Language').selectOption('python');
    await typeInEditor(page, PY_SUM);
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await page
      .getByTestId('run-announcer')
      .filter({ hasText: 'Run finished: passed 2 of 2 test cases.' })
      .waitFor({ timeout: 60_000 });
    expect(await seriousA11yViolations(page, ['.proctoring-video', 'video'])).toEqual([]);
    await page.getByRole('timer').waitFor();
    // no Submit from the keyboard either: the shortcut runs
    await page.locator('.cm-content').click();
    await page.keyboard.press('Control+Shift+Enter');
    await page.getByTestId('run-announcer').filter({ hasText: 'Your code is running.' }).waitFor();
    await page
      .getByTestId('run-announcer')
      .filter({ hasText: 'Run finished: passed 2 of 2 test cases.' })
      .waitFor({ timeout: 60_000 });
    const [row] = await e2e.server.deps.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM submissions s JOIN tests t ON t.id = s.test_id WHERE t.is_practice AND s.user_id = $1',
      [cand.id],
    );
    expect(row!.n).toBe(0);
    await page.context().close();
  });
});
