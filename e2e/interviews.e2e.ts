/**
 * Live interview room (issue 30): an interviewer (signed in) and a candidate (join link, no account) in two
 * Chromium contexts type in the same editor at once, see each other's cursor, share the language, run Python
 * with the output on both pages; the interviewer fills in the scorecard, and the candidate's page never shows it.
 */

import { codingProblems } from '@assessly/server/test-kit';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { E2E_TIMEOUT_MS, useE2E } from './harness';
import { createUser, seriousA11yViolations, signedInPage } from './support';

const e2e = useE2E();

/**
 * The shared code editor's text when it holds `want` (false while it does not): its lines in document order, one
 * per `.cm-line`, without the remote cursors' name labels drawn inside them. The code editor is the page's first
 * `.iv-editor` (an interviewer's page has a second one, the private notes). Runs in the page (self-contained).
 */
function shownTextWith(want: string): string | false {
  const editor = document.querySelector('.iv-editor');
  const text = [...(editor?.querySelectorAll<HTMLElement>('.cm-line') ?? [])]
    .map((line) => {
      const copy = line.cloneNode(true) as HTMLElement;
      for (const caret of copy.querySelectorAll('.cm-ySelectionCaret')) caret.remove();
      return copy.textContent ?? '';
    })
    .join('\n');
  return text.includes(want) ? text : false;
}

const editorText = async (page: Page) => (await page.evaluate(shownTextWith, '')) || '';
/** Waits until the editor shows `want` (whole lines, in order) somewhere in its text. */
const shows = (page: Page, want: string) => page.waitForFunction(shownTextWith, want);

async function typeAt(page: Page, where: 'Control+Home' | 'Control+End', text: string) {
  await page.locator('.iv-editor .cm-content').first().click();
  await page.keyboard.press(where);
  await page.keyboard.insertText(text);
}

describe('live interview room', () => {
  it('two people edit and run together; the scorecard stays on the interviewer side', async () => {
    const employer = await createUser(e2e.server, 'employer', {
      firstName: 'Ivy',
      lastName: 'Interviewer',
      verified: true,
    });
    const interviewer = await signedInPage(e2e.browser, e2e.server, employer.email);
    const created = await interviewer.context().request.post(`${e2e.server.baseUrl}/api/interviews`, {
      data: { title: 'Pairing round', candidateEmail: 'cand-e2e@example.com', candidateName: 'Cara Candidate' },
    });
    expect(created.status()).toBe(201);
    const { id, joinUrl } = (await created.json()) as { id: string; joinUrl: string };

    const candidateContext = await e2e.browser.newContext({ viewport: { width: 1400, height: 900 } });
    const candidate = await candidateContext.newPage();
    candidate.setDefaultTimeout(E2E_TIMEOUT_MS);
    await interviewer.goto(`${e2e.server.baseUrl}/interview/${id}`);
    await candidate.goto(joinUrl);
    for (const page of [interviewer, candidate]) {
      await page.locator('.iv-editor .cm-content').first().waitFor();
      await page.getByText('Connected', { exact: true }).waitFor();
    }
    await interviewer.getByText('Cara Candidate (candidate)').waitFor();
    await candidate.getByText('Ivy Interviewer (interviewer)').waitFor();

    // One line both see; then both type at the same time, one above it and one below it, and both end with both
    // edits. (Two people typing at the very same place interleave their keystrokes, as in any shared editor, so
    // the test does not ask for two intact strings there.)
    await typeAt(interviewer, 'Control+End', '# pairing round\n');
    await shows(candidate, '# pairing round');
    await Promise.all([
      typeAt(interviewer, 'Control+Home', '# reviewed\n'),
      typeAt(candidate, 'Control+End', 'print(6 * 7)\n'),
    ]);
    for (const page of [interviewer, candidate]) {
      await shows(page, '# reviewed\n# pairing round\nprint(6 * 7)').catch(async (err: Error) => {
        // what each side shows, so that a failure says which edit did not arrive and whether a socket closed
        const seen = await Promise.all(
          [interviewer, candidate].map(
            async (p) => `${await p.locator('[role=status]').allTextContents()} «${await editorText(p)}»`,
          ),
        );
        throw new Error(`${err.message}\ninterviewer: ${seen[0]}\ncandidate: ${seen[1]}`);
      });
    }
    expect(await editorText(interviewer)).toBe(await editorText(candidate));
    // Each sees the other's cursor (y-codemirror.next's remote caret), labelled with the other's name.
    await interviewer.locator('.cm-ySelectionCaret .cm-ySelectionInfo', { hasText: 'Cara Candidate' }).waitFor();
    await candidate.locator('.cm-ySelectionCaret .cm-ySelectionInfo', { hasText: 'Ivy Interviewer' }).waitFor();

    // The language is shared: the interviewer picks Python, the candidate's picker follows.
    await interviewer.getByLabel('Language').selectOption('python');
    await candidate.waitForFunction(
      () => (document.querySelector('#iv-language') as HTMLSelectElement)?.value === 'python',
    );

    await candidate.getByRole('button', { name: 'Run', exact: true }).click();
    for (const page of [interviewer, candidate]) {
      await page.locator('.iv-output', { hasText: '42' }).first().waitFor();
    }
    await interviewer.getByText('Run by Cara Candidate: Accepted').waitFor();

    // No score is preset: an unrated criterion is named, not saved as a 3 nobody gave.
    for (const criterion of ['Problem solving', 'Code quality', 'Communication'])
      expect(await interviewer.getByLabel(`${criterion} (1–5)`).inputValue()).toBe('');
    await interviewer.getByLabel('Recommendation').selectOption('yes');
    await interviewer.getByLabel('Summary').fill('SCORECARD-E2E clear and calm');
    await interviewer.getByRole('button', { name: 'Save scorecard' }).click();
    await interviewer.getByText('Rate every criterion: Problem solving, Code quality, Communication.').waitFor();
    await interviewer.getByLabel('Problem solving (1–5)').selectOption('4');
    await interviewer.getByLabel('Code quality (1–5)').selectOption('3');
    await interviewer.getByLabel('Communication (1–5)').selectOption('5');
    await interviewer.getByRole('button', { name: 'Save scorecard' }).click();
    await interviewer.getByText('Scorecard saved.').waitFor();

    await candidate.reload();
    await candidate.locator('.iv-editor .cm-content').first().waitFor();
    await candidate.locator('.iv-output', { hasText: '42' }).first().waitFor();
    const seen = await candidate.content();
    expect(seen).not.toContain('SCORECARD-E2E');
    expect(seen).not.toContain('Scorecard');
    expect(seen).not.toContain('Private notes');
    await candidateContext.close();
    await interviewer.context().close();
  });

  it('schedules with the optional fields through the form, checked in the page and accessible', async () => {
    const employer = await createUser(e2e.server, 'employer', {
      firstName: 'Sam',
      lastName: 'Scheduler',
      verified: true,
    });
    const [problem] = await e2e.server.deps.db
      .insert(codingProblems)
      .values({
        createdBy: employer.id,
        companyId: employer.companyId,
        title: 'Two sum for the room',
        description: '<p>Add two numbers.</p>',
      })
      .returning();
    const page = await signedInPage(e2e.browser, e2e.server, employer.email);
    await page.goto(`${e2e.server.baseUrl}/admin/interviews`);
    await page.getByRole('checkbox', { name: 'Two sum for the room' }).waitFor();
    await page.getByRole('checkbox', { name: /Sam Scheduler/ }).waitFor();

    await page.getByLabel('Candidate email').fill('not-an-address');
    await page.getByLabel('Duration in minutes (optional)').fill('2');
    await page.getByRole('button', { name: 'Schedule and email the candidate' }).click();
    await page.getByText('Title is required').waitFor();
    expect(await page.getByLabel('Title', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await page.getByText('Enter a valid email address').waitFor();
    await page.getByText('At least 5 minutes').waitFor();

    await page.getByLabel('Title', { exact: true }).fill('Form round');
    await page.getByLabel('Candidate email').fill('form-cand@example.com');
    await page.getByLabel('Date and time (optional)').fill('2031-03-04T14:30');
    await page.getByLabel('Duration in minutes (optional)').fill('45');
    await page.getByRole('group', { name: 'Languages' }).getByRole('checkbox', { name: 'Python' }).check();
    await page.getByRole('group', { name: 'Languages' }).getByRole('checkbox', { name: 'Java', exact: true }).check();
    await page.getByRole('checkbox', { name: 'Two sum for the room' }).check();
    await page.getByRole('checkbox', { name: /Sam Scheduler/ }).check();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Schedule and email the candidate' }).click();
    await page.getByText('form-cand@example.com has been emailed the link').waitFor();

    const list = await page.context().request.get(`${e2e.server.baseUrl}/api/interviews`);
    const made = ((await list.json()) as { id: string; title: string }[]).find((i) => i.title === 'Form round')!;
    const detail = await (await page.context().request.get(`${e2e.server.baseUrl}/api/interviews/${made.id}`)).json();
    expect(detail).toMatchObject({
      durationMinutes: 45,
      scheduledAt: await page.evaluate(() => new Date('2031-03-04T14:30').toISOString()),
      languages: ['python', 'java'],
      problemIds: [problem!.id],
      interviewerIds: [employer.id],
    });

    // The owner deletes it (a candidate without an account is erased this way), after confirming.
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Delete interview Form round with form-cand@example.com' }).click();
    await page.getByRole('cell', { name: 'Form round', exact: true }).waitFor({ state: 'detached' });
    expect((await page.context().request.get(`${e2e.server.baseUrl}/api/interviews/${made.id}`)).status()).toBe(404);
    await page.context().close();
  });

  it('shares the drawing board: a stroke reaches the other page, survives a reload and clears for both', async () => {
    const employer = await createUser(e2e.server, 'employer', { firstName: 'Bo', lastName: 'Board', verified: true });
    const interviewer = await signedInPage(e2e.browser, e2e.server, employer.email);
    const created = await interviewer.context().request.post(`${e2e.server.baseUrl}/api/interviews`, {
      data: { title: 'Design round', candidateEmail: 'board-cand@example.com' },
    });
    const { id, joinUrl } = (await created.json()) as { id: string; joinUrl: string };
    const candidateContext = await e2e.browser.newContext({ viewport: { width: 1400, height: 900 } });
    const candidate = await candidateContext.newPage();
    candidate.setDefaultTimeout(E2E_TIMEOUT_MS);
    await interviewer.goto(`${e2e.server.baseUrl}/interview/${id}`);
    await candidate.goto(joinUrl);
    const board = (page: Page) => page.getByRole('img', { name: /^Shared drawing board/ });
    for (const page of [interviewer, candidate]) await board(page).waitFor();
    await interviewer.getByText('board-cand@example.com (candidate)').waitFor();

    await interviewer.getByRole('radio', { name: 'Red' }).check();
    await board(interviewer).scrollIntoViewIfNeeded();
    const box = (await board(interviewer).boundingBox())!;
    await interviewer.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.5);
    await interviewer.mouse.down();
    for (let i = 1; i <= 10; i++)
      await interviewer.mouse.move(box.x + box.width * (0.2 + i * 0.05), box.y + box.height * 0.5);
    await interviewer.mouse.up();
    await candidate.getByRole('img', { name: 'Shared drawing board, 1 stroke' }).waitFor();
    // The candidate's canvas has the red line across its middle.
    const red = await board(candidate).evaluate((el: HTMLCanvasElement) => {
      const px = el.getContext('2d')!.getImageData(el.width / 2, el.height / 2, 1, 1).data;
      return [px[0], px[1], px[2], px[3]];
    });
    expect(red).toEqual([220, 38, 38, 255]);

    await candidate.reload();
    await candidate.getByRole('img', { name: 'Shared drawing board, 1 stroke' }).waitFor();
    // The room's own controls (board, video, run) pass axe; the editor is its own widget.
    expect(await seriousA11yViolations(candidate, ['.iv-editor'])).toEqual([]);
    // The interviewer's side of the room too (issue 26: axe on every route), with its scorecard.
    expect(await seriousA11yViolations(interviewer, ['.iv-editor'])).toEqual([]);
    await candidate.getByRole('button', { name: 'Clear board' }).click();
    await interviewer.getByRole('img', { name: 'Shared drawing board, 0 strokes' }).waitFor();
    await candidateContext.close();
    await interviewer.context().close();
  });
});
