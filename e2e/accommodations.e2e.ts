/**
 * Issue 46: a candidate asks for accommodations from the entry page of a camera-proctored test (no camera,
 * screen-reader mode, extra time, with a reason); the employer grants them on the test's invitations panel; the
 * candidate then starts without the camera step, with the extra minutes on the timer and the editor in its
 * accessible mode (Tab leaves it); the report says what was granted. axe on each screen.
 */
import { describe, expect, it } from 'vitest';
import { useE2E } from './harness';
import { createUser, seedTest, seriousA11yViolations, signedInPage } from './support';

const e2e = useE2E();

describe('accommodations asked for and granted', () => {
  it('from the entry page to a started attempt without the camera and with the accessible editor', async () => {
    const employer = await createUser(e2e.server, 'employer', { verified: true });
    const { test } = await seedTest(e2e.server, employer.id, [{ title: 'Sum of two' }], {
      name: 'Accommodated round',
      proctoring: true,
    });
    const cand = await createUser(e2e.server, 'candidate', { firstName: 'Ada', lastName: 'Asks' });
    const page = await signedInPage(e2e.browser, e2e.server, cand.email);
    await page.goto(`${e2e.server.baseUrl}/code/${test.id}`);
    // the camera step is there before anything is granted
    await page.getByLabel('Camera preview').waitFor();
    await page.getByRole('button', { name: 'Ask for an accommodation' }).click();
    const form = page.getByRole('region', { name: 'Accommodations' });
    // nothing chosen: told so, nothing sent
    await form.getByRole('button', { name: 'Send the request' }).click();
    await form.getByRole('alert').filter({ hasText: 'Choose at least one accommodation.' }).waitFor();
    await form.getByRole('checkbox', { name: 'No camera' }).check();
    await form.getByRole('checkbox', { name: 'Screen-reader mode' }).check();
    await form.getByRole('checkbox', { name: 'Extra time' }).check();
    await form.getByLabel('Extra minutes you need').fill('20');
    await form.getByLabel('Why you need it (a short reason for the company)').fill('I use NVDA and have no webcam');
    expect(await seriousA11yViolations(page, ['.proctoring-video', 'video'])).toEqual([]);
    await form.getByRole('button', { name: 'Send the request' }).click();
    await form
      .getByTestId('accommodation-status')
      .filter({ hasText: 'You asked for: Extra time, No camera, Screen-reader mode.' })
      .waitFor();

    // The employer sees it on the test's page and grants 15 of the 20 minutes.
    const admin = await signedInPage(e2e.browser, e2e.server, employer.email);
    await admin.goto(`${e2e.server.baseUrl}/admin/tests/${test.id}`);
    const item = admin.getByRole('listitem', { name: 'Request of Ada Asks' });
    await item.getByText('Reason: I use NVDA and have no webcam').waitFor();
    await item.getByText('Waiting for you').waitFor();
    await item.getByLabel('Extra minutes to grant').fill('15');
    await item.getByLabel('Note to the candidate (optional)').fill('Good luck');
    expect(await seriousA11yViolations(admin)).toEqual([]);
    await item.getByRole('button', { name: 'Grant' }).click();
    await item.getByText('Granted').waitFor();
    await item.getByText('+15 minutes').waitFor();

    // The candidate's entry page: granted, no camera step, 30 + 15 minutes.
    await page.reload();
    await page
      .getByTestId('accommodation-status')
      .filter({ hasText: 'Granted: Extra time, No camera, Screen-reader mode.' })
      .waitFor();
    await page.getByText('Your time includes 15 extra minutes.').waitFor();
    await page.getByText('The company says: Good luck').waitFor();
    expect(await page.getByLabel('Camera preview').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Ask for an accommodation' }).count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Start Test' }).click();
    const content = page.locator('.code-editor[data-ready="true"] .cm-content');
    await content.waitFor();
    expect(await content.getAttribute('data-accessible-mode')).toBe('true');
    // accessible mode: Tab leaves the editor at once, and a typed bracket is not closed for the candidate
    await content.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('(');
    const typed = (await content.textContent()) ?? '';
    expect(typed.endsWith('(')).toBe(true);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('.cm-content') === null)).toBe(true);

    const [attempt] = await e2e.server.deps.database.query<{ id: string; extra_minutes: number; proctored: boolean }>(
      'SELECT id, extra_minutes, proctored FROM attempts WHERE test_id = $1',
      [test.id],
    );
    expect(attempt).toMatchObject({ extra_minutes: 15, proctored: false });
    await admin.goto(`${e2e.server.baseUrl}/admin/reports/${attempt!.id}`);
    await admin.getByText(/No camera, granted on request: this sitting had no camera step or face checks\./).waitFor();
    await admin.getByText(/Screen-reader mode, granted on request/).waitFor();
    await admin.context().close();
    await page.context().close();
  });
});
