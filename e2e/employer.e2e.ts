/**
 * Issue 13 in a real browser: an employer previews their own test (a preview that counts nowhere and restarts),
 * invites a candidate from the test page with extra time, and compares two candidates side by side. Issue 26:
 * the owner adds a pipeline stage in Settings → Company with its own email, moves a candidate to it without an
 * email (many at once), moves another from their row by keyboard (with the email, undone, then again) and from
 * the report page.
 */
import {
  attempts,
  buildCodingTest,
  outbox,
  PY_INDEPENDENT_BFS,
  PY_ORIGINAL,
  seedAptitudeTest,
  seedAttempt,
  seedEvent,
  seedSubmission,
} from '@assessly/server/test-kit';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useE2E } from './harness';
import {
  createUser as createVerifiedUser,
  pressStartTest,
  seriousA11yViolations,
  signedInPage as signedInAs,
  uniqueEmail,
} from './support';

const e2e = useE2E();

/** Users here are verified, as senders and recipients of invitations must be. */
const createUser = (role: 'candidate' | 'employer', firstName = 'E2E', lastName: string = role) =>
  createVerifiedUser(e2e.server, role, { firstName, lastName, verified: true });

const signedInPage = (email: string) => signedInAs(e2e.browser, e2e.server, email, { width: 1280, height: 900 });

describe('the employer workflow in a real browser', () => {
  it('previews a test from its page: counted nowhere, restartable', async () => {
    const employer = await createUser('employer');
    const { test } = await seedAptitudeTest(e2e.server.deps.db, employer.id);
    const page = await signedInPage(employer.email);
    await page.goto(`${e2e.server.baseUrl}/admin/tests/${test.id}`);
    await page.getByRole('link', { name: 'Preview as candidate' }).click();
    await page.waitForURL(`${e2e.server.baseUrl}/aptitude/${test.id}`);
    await page.getByRole('note', { name: 'Preview' }).waitFor();
    await pressStartTest(page);
    await page.getByRole('heading', { name: 'Two plus two?' }).waitFor();
    await page.getByLabel('B. 4').check();
    await page.getByText('Saved', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'End Test' }).click();
    await page.getByRole('button', { name: 'End Test now' }).click();
    await page.getByText(/Your score: 5 \/ 10/).waitFor();
    const [first] = await e2e.server.deps.db.select().from(attempts).where(eq(attempts.testId, test.id));
    expect(first!.isPreview).toBe(true);

    // Restart at will: a fresh attempt, back at the start screen.
    await page.getByRole('button', { name: 'Restart preview' }).click();
    await page.getByRole('heading', { name: 'Two plus two?' }).waitFor();
    const rows = await e2e.server.deps.db.select().from(attempts).where(eq(attempts.testId, test.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).not.toBe(first!.id);

    // The results page knows no candidate.
    await page.goto(`${e2e.server.baseUrl}/admin/tests/${test.id}/results`);
    await page.getByText('No candidate has started this test yet.').waitFor();
    await page.context().close();
  });

  it('invites a candidate from the test page, with extra time', async () => {
    const employer = await createUser('employer');
    const { test } = await seedAptitudeTest(e2e.server.deps.db, employer.id);
    const page = await signedInPage(employer.email);
    await page.goto(`${e2e.server.baseUrl}/admin/tests/${test.id}`);
    const invitee = uniqueEmail('invitee');
    await page.getByLabel('Email addresses').fill(invitee);
    await page.getByText('Accommodation (extra time) for these candidates').click();
    await page.getByLabel('Extra minutes').fill('15');
    await page.getByLabel('Accommodation note').fill('Screen reader');
    await page.getByRole('button', { name: 'Send Invitations' }).click();
    await page.getByRole('status').filter({ hasText: 'Invited 1.' }).waitFor();
    const row = page.getByRole('table', { name: 'Invitations' }).getByRole('row').filter({ hasText: invitee });
    await row.getByText('+15 min').waitFor();
    const mails = await e2e.server.deps.db.select().from(outbox).where(eq(outbox.toAddress, invitee));
    expect(mails.map((m) => m.kind)).toEqual(['invitation']);
    // No end time: no "window closes" line.
    expect(mails[0]!.bodyText).not.toContain('window closes');

    // The tests list has Invite and Preview too.
    await page.goto(`${e2e.server.baseUrl}/admin/tests`);
    await page
      .getByRole('link', { name: `Invite candidates to ${test.testName}` })
      .first()
      .waitFor();
    await page
      .getByRole('link', { name: `Preview ${test.testName}` })
      .first()
      .waitFor();
    await page.context().close();
  });

  it('compares two candidates side by side without the page overflowing', async () => {
    const employer = await createUser('employer');
    const { test, problems } = await buildCodingTest(e2e.server.deps.db, {
      employer: { id: employer.id, companyId: employer.companyId },
      name: 'Compare round',
      marks: [100],
    });
    for (const [name, code, passed] of [
      ['Ada', PY_ORIGINAL, 10],
      ['Brian', `${PY_INDEPENDENT_BFS}\n# ${'x'.repeat(400)}`, 6],
    ] as const) {
      const cand = await createUser('candidate', name, 'Cand');
      const a = await seedAttempt(e2e.server.deps.db, test.id, cand.id);
      await seedSubmission(e2e.server.deps.db, {
        testId: test.id,
        userId: cand.id,
        attemptId: a.id,
        problem: problems[0]!,
        questionNumber: 0,
        passed,
        total: 10,
        code,
      });
      if (name === 'Brian') await seedEvent(e2e.server.deps.db, a.id, 'tab_hidden');
    }
    const page = await signedInPage(employer.email);
    await page.goto(`${e2e.server.baseUrl}/admin/tests/${test.id}/results`);
    await page.getByRole('checkbox', { name: 'Select Ada Cand' }).check();
    await page.getByRole('checkbox', { name: 'Select Brian Cand' }).check();
    await page.getByRole('button', { name: 'Compare selected (2)' }).click();
    await page.getByRole('heading', { name: 'Compare candidates: Compare round' }).waitFor();
    const table = page.getByRole('table', { name: 'Comparison' });
    await table.getByRole('row').filter({ hasText: 'Problem 1' }).getByText('100/100 · 10/10 cases').waitFor();
    await table.getByRole('row').filter({ hasText: 'Problem 1' }).getByText('60/100 · 6/10 cases').waitFor();
    // issue 46: the integrity count holds the coding signals too (the seeded submissions have no recording)
    await table
      .getByRole('row')
      .filter({ hasText: 'Integrity events' })
      .getByText(/Tab hidden × 1/)
      .waitFor();
    await page.getByRole('region', { name: 'Code of Ada Cand' }).waitFor();
    await page.getByRole('region', { name: 'Code of Brian Cand' }).waitFor();
    // A 400-character line scrolls inside its pane; the page itself does not scroll sideways.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    // Issue 26: both moved at once, without telling them; the table shows it and no status email is queued.
    await page.goto(`${e2e.server.baseUrl}/admin/tests/${test.id}/results`);
    await page.getByRole('checkbox', { name: 'Select Ada Cand' }).check();
    await page.getByRole('checkbox', { name: 'Select Brian Cand' }).check();
    await page.getByLabel('Move selected to').selectOption('rejected');
    await page.getByRole('button', { name: 'Move 2 candidates' }).click();
    const dialog = page.getByRole('dialog', { name: 'Move candidates' });
    await dialog.getByText('Each gets the rejected status email').waitFor();
    await dialog.getByRole('checkbox', { name: 'Email the candidates' }).uncheck();
    await dialog.getByText('No email is sent.').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('2 candidates moved to Rejected. No email is sent.').waitFor();
    const ranking = page.getByRole('table', { name: 'Ranking' });
    for (const name of ['Ada Cand', 'Brian Cand'])
      await ranking.getByRole('row').filter({ hasText: name }).getByText('Rejected').waitFor();
    const silent = await e2e.server.deps.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM attempts WHERE test_id = $1 AND hiring_status = $2 AND status_silent',
      [test.id, 'rejected'],
    );
    expect(silent[0]!.n).toBe(2);
    await page.context().close();
  });

  it('adds a pipeline stage in settings and moves a candidate to it without an email', async () => {
    const employer = await createUser('employer');
    const { test } = await buildCodingTest(e2e.server.deps.db, {
      employer: { id: employer.id, companyId: employer.companyId },
      name: 'Pipeline round',
      marks: [100],
    });
    const cand = await createUser('candidate', 'Cleo', 'Cand');
    const attempt = await seedAttempt(e2e.server.deps.db, test.id, cand.id);
    const page = await signedInPage(employer.email);
    await page.goto(`${e2e.server.baseUrl}/admin/settings/company`);
    const pipeline = page.getByRole('region', { name: 'Hiring pipeline' });
    // an empty name is refused beside the field, by keyboard (Enter in the field adds)
    await pipeline.getByLabel('New stage').press('Enter');
    await pipeline.getByText('Type the new stage name first').waitFor();
    await pipeline.getByLabel('New stage').fill('Take-home');
    await pipeline.getByLabel('New stage').press('Enter');
    // it sits before Rejected; a built-in stage has no name field and no Remove button
    expect(await pipeline.getByRole('button', { name: 'Remove Rejected' }).count()).toBe(0);
    await pipeline.getByRole('button', { name: 'Move Take-home up' }).click();
    // the stage's own email: off is the default text; on starts from it
    await pipeline.getByRole('checkbox', { name: 'Own email for Take-home' }).check();
    const mail = pipeline.getByRole('group', { name: 'Email for Take-home' });
    await mail.getByLabel('Subject').fill('Your take-home for {testName}, {candidateName}');
    await mail.getByLabel('Text').fill('Hello {candidateName},\n\n{companyName} sends you the take-home.');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await pipeline.getByRole('button', { name: 'Save stages' }).click();
    await pipeline.getByText('Stages saved.').waitFor();
    const names = await pipeline
      .getByRole('textbox', { name: /^Name of stage/ })
      .evaluateAll((els) => els.map((el) => (el as HTMLInputElement).value));
    expect(names).toEqual(['Interview', 'Offer', 'Take-home', 'Hired']);
    const [stored] = await e2e.server.deps.database.query<{ stages: { key: string; mail?: unknown }[] }>(
      'SELECT pipeline_stages AS stages FROM companies WHERE id = $1',
      [employer.companyId],
    );
    expect(stored!.stages.find((s) => s.key === 'take_home')?.mail).toEqual({
      subject: 'Your take-home for {testName}, {candidateName}',
      body: 'Hello {candidateName},\n\n{companyName} sends you the take-home.',
    });

    await page.goto(`${e2e.server.baseUrl}/admin/tests/${test.id}/results`);
    await page.getByRole('checkbox', { name: 'Select Cleo Cand' }).check();
    await page.getByLabel('Move selected to').selectOption({ label: 'Take-home' });
    await page.getByRole('button', { name: 'Move 1 candidate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Move candidates' });
    await dialog.getByText(`"Your take-home for Pipeline round, [the candidate's name]"`).waitFor();
    await dialog.getByRole('checkbox', { name: 'Email the candidates' }).uncheck();
    await dialog.getByText('No email is sent.').waitFor();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('1 candidate moved to Take-home. No email is sent.').waitFor();
    const ranking = page.getByRole('table', { name: 'Ranking' });
    await ranking.getByRole('row').filter({ hasText: 'Cleo Cand' }).getByText('Take-home').waitFor();
    // the status filter lists the stage too
    await page.getByRole('group', { name: 'Filter' }).getByLabel('Status').selectOption({ label: 'Take-home' });
    await ranking.getByRole('row').filter({ hasText: 'Cleo Cand' }).waitFor();
    const [row] = await e2e.server.deps.database.query<{ hiring_status: string; status_silent: boolean }>(
      'SELECT hiring_status, status_silent FROM attempts WHERE id = $1',
      [attempt.id],
    );
    expect(row).toEqual({ hiring_status: 'take_home', status_silent: true });
    const mails = await e2e.server.deps.db.select().from(outbox).where(eq(outbox.toAddress, cand.email));
    expect(mails.filter((m) => m.kind.startsWith('status_'))).toEqual([]);

    // One candidate from their row, by keyboard: the stage select and Move, the confirmation with the stage's
    // subject and the notify choice, then Undo within the minute.
    const dan = await createUser('candidate', 'Dan', 'Dee');
    const danAttempt = await seedAttempt(e2e.server.deps.db, test.id, dan.id);
    const statusOf = async () =>
      (
        await e2e.server.deps.database.query<{ hiring_status: string; status_silent: boolean }>(
          'SELECT hiring_status, status_silent FROM attempts WHERE id = $1',
          [danAttempt.id],
        )
      )[0];
    // a new load: the filters start empty and list Dan
    await page.reload();
    const danRow = ranking.getByRole('row').filter({ hasText: 'Dan Dee' });
    const menu = danRow.getByRole('combobox', { name: 'Move Dan Dee to', exact: true });
    await menu.focus();
    await menu.selectOption({ label: 'Take-home' });
    await page.keyboard.press('Tab');
    const move = danRow.getByRole('button', { name: 'Move Dan Dee to Take-home' });
    expect(await move.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    const one = page.getByRole('dialog', { name: 'Move candidate' });
    await one
      .getByText(
        `Move Dan Dee (${dan.email}) to Take-home? They get an email one minute after you confirm ("Your take-home for Pipeline round, Dan Dee"); until then you can undo it.`,
      )
      .waitFor();
    expect(await one.getByRole('checkbox', { name: 'Email the candidate' }).isChecked()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await one.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Dan Dee is now Take-home. The status email goes out at').waitFor();
    expect(await statusOf()).toEqual({ hiring_status: 'take_home', status_silent: false });
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByText('Dan Dee is back to Applied; no email was sent.').waitFor();
    expect((await statusOf())?.hiring_status).toBe('pending');
    await danRow.getByText('Applied').waitFor();

    // From the report page: the same menu, visibly labelled, here without the email.
    await page.goto(`${e2e.server.baseUrl}/admin/reports/${danAttempt.id}`);
    await page.getByLabel('Move Dan Dee to', { exact: true }).selectOption({ label: 'Offer' });
    await page.getByRole('button', { name: 'Move Dan Dee to Offer' }).click();
    const fromReport = page.getByRole('dialog', { name: 'Move candidate' });
    await fromReport.getByRole('checkbox', { name: 'Email the candidate' }).uncheck();
    await fromReport.getByText(`Move Dan Dee (${dan.email}) to Offer? No email is sent.`).waitFor();
    await fromReport.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Dan Dee is now Offer. No email is sent.').waitFor();
    expect(await statusOf()).toEqual({ hiring_status: 'offer', status_silent: true });
    expect(await seriousA11yViolations(page)).toEqual([]);
    const danMails = await e2e.server.deps.db.select().from(outbox).where(eq(outbox.toAddress, dan.email));
    expect(danMails.filter((m) => m.kind.startsWith('status_'))).toEqual([]);
    await page.context().close();
  });
});
