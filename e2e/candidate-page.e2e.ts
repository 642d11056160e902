/**
 * Issue 12 in a real Chromium with the real judge: result cards (verdict, time, stderr, the first differing
 * token, compile errors underlined in the editor), custom input, hidden cases without data, Run/Submit shortcuts, leaving the editor by keyboard,
 * shortcuts in Settings, sanitised rich descriptions, "not ready" tests, the Test Submitted summary and End
 * Test's message, and axe-core on /code, /aptitude, /entry and the results screens.
 */
import { tests, writeZip } from '@assessly/server/test-kit';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useE2E } from './harness';
import {
  createUser,
  editorText,
  openCodingTest,
  PY_SUM,
  pressStartTest,
  seedAptitude,
  seedTest,
  seriousA11yViolations,
  signedInPage,
  typeInEditor,
} from './support';

const e2e = useE2E();
let employerId: string;
let employerEmail: string;
beforeAll(async () => {
  const employer = await createUser(e2e.server, 'employer');
  employerId = employer.id;
  employerEmail = employer.email;
});

async function candidatePage(viewport?: { width: number; height: number }): Promise<Page> {
  const cand = await createUser(e2e.server, 'candidate');
  return signedInPage(e2e.browser, e2e.server, cand.email, viewport);
}

const PY_CRASH = 'import sys\nprint("debug-line-17", file=sys.stderr)\nraise ValueError("boom-42")';
const PY_OFF_BY_ONE = 'import sys\na, b = map(int, sys.stdin.read().split())\nprint(a + b + (1 if a >= 10 else 0))';

describe('result cards, custom input and keyboard', () => {
  it('shows stderr and the runtime error, highlights the first differing token, runs custom input', async () => {
    const { test } = await seedTest(e2e.server, employerId, [{ title: 'Sum of two' }]);
    const page = await candidatePage();
    await openCodingTest(page, e2e.server, test.id);
    await page.getByLabel('Language').selectOption('python');

    // A crash: the stack trace and the debug print reach the candidate.
    await typeInEditor(page, PY_CRASH);
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const first = page.locator('.result-card').first();
    await first.getByTestId('verdict').getByText('Runtime Error').waitFor({ timeout: 60_000 });
    expect(await first.locator('dt', { hasText: 'Standard error' }).count()).toBe(1);
    const stderr = await first.locator('.taking-pre-error').textContent();
    expect(stderr).toContain('debug-line-17');
    expect(stderr).toContain('ValueError: boom-42');
    expect(await first.getByText('exit code 1').count()).toBe(1);
    expect(await first.locator('.result-time').textContent()).toMatch(/^\d+ ms$/);

    // A syntax error: the compiler's message in the card and its line underlined in the editor (issue 26).
    await typeInEditor(page, 'print("ok")\nprint((1)\n');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await first.getByTestId('verdict').getByText('Compilation Error').waitFor({ timeout: 60_000 });
    await page.locator('.code-editor[data-markers="1"] .cm-lintRange-error').first().waitFor();

    // A wrong answer on the second example only: its card marks the first differing token.
    await typeInEditor(page, PY_OFF_BY_ONE);
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await page.getByText('Passed 1 / 2').waitFor({ timeout: 60_000 });
    const wrong = page.locator('.result-card').nth(1);
    expect(await wrong.getByTestId('verdict').textContent()).toBe('Wrong Answer');
    expect(await wrong.locator('mark.diff-mark').textContent()).toBe('31');
    await wrong.getByText('First difference at line 1, token 1: expected "30", got "31"').waitFor();
    expect(await page.locator('.result-card').first().locator('mark').count()).toBe(0);

    // Custom input: the candidate's own stdin, output shown, nothing compared.
    await typeInEditor(page, PY_SUM);
    await page.getByLabel('Custom input (standard input for your program)').fill('123 877');
    // Ctrl+Enter inside the Custom input box runs that input.
    await page.getByLabel('Custom input (standard input for your program)').press('Control+Enter');
    const custom = page.locator('.result-custom');
    await custom.getByText('Ran').waitFor({ timeout: 60_000 });
    expect((await custom.locator('pre').nth(1).textContent())?.trim()).toBe('1000');
    expect((await custom.locator('pre').first().textContent())?.trim()).toBe('123 877');
    if (process.env.E2E_SHOTS) await page.screenshot({ path: '/tmp/candidate-results.png' });
    // The results screen passes axe-core in both themes (cards, verdicts, stderr, diff marks, custom input).
    await typeInEditor(page, PY_OFF_BY_ONE);
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await page.locator('mark.diff-mark').waitFor({ timeout: 60_000 });
    expect(await seriousA11yViolations(page, ['.proctoring-video'])).toEqual([]);
    await page.getByRole('button', { name: 'Light mode' }).click();
    await page.getByRole('button', { name: 'Dark mode' }).waitFor();
    expect(await seriousA11yViolations(page, ['.proctoring-video'])).toEqual([]);
    await page.context().close();
  });

  it('runs with Ctrl+Enter and submits with Ctrl+Shift+Enter from inside the editor; hidden cases show no data', async () => {
    const { test } = await seedTest(e2e.server, employerId, [
      { title: 'Sum of two', testCases: [{ input: '555 444\n', output: '999\n' }] },
    ]);
    const page = await candidatePage();
    await openCodingTest(page, e2e.server, test.id);
    await page.getByLabel('Language').selectOption('python');
    await typeInEditor(page, PY_SUM);
    // Focus is in the editor: the shortcut runs instead of inserting a line.
    await page.keyboard.press('Control+Enter');
    await page.getByText('Passed 2 / 2').waitFor({ timeout: 60_000 });
    expect(await editorText(page)).not.toMatch(/\n\s*$/);
    expect((await editorText(page)).split('print(nums[0] + nums[1])')).toHaveLength(2);
    await page.locator('.code-editor .cm-content').click();
    await page.keyboard.press('Control+Shift+Enter');
    await page.getByText('Submitted! Passed 3 / 3 test cases.').waitFor({ timeout: 60_000 });
    const hidden = page.locator('.result-card').nth(2);
    await hidden.getByText('Hidden test case: its input and output are not shown.').waitFor();
    expect(await hidden.textContent()).not.toContain('555');
    expect(await hidden.locator('pre').count()).toBe(0);
    await page.context().close();
  });

  it('leaves the editor with Escape then Tab and with Ctrl+M, and lists the shortcuts in Settings', async () => {
    const { test } = await seedTest(e2e.server, employerId, [{ title: 'Sum of two' }]);
    const page = await candidatePage();
    await openCodingTest(page, e2e.server, test.id);
    await typeInEditor(page, 'x = 1');
    const inEditor = () => page.evaluate(() => !!document.activeElement?.closest('.code-editor'));
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        return { text: el.textContent?.trim() ?? '', tag: el.tagName, outline: getComputedStyle(el).outlineStyle };
      });
    // Tab alone indents (the editor keeps focus).
    await page.keyboard.press('Tab');
    expect(await inEditor()).toBe(true);
    // Escape, then Shift+Tab: back to Submit; visibly focused.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Shift+Tab');
    expect(await inEditor()).toBe(false);
    const back = await focused();
    expect(back).toMatchObject({ tag: 'BUTTON', text: 'Submit' });
    expect(back.outline).not.toBe('none');
    // Escape, then Tab: onwards, out of the editor.
    await page.locator('.code-editor .cm-content').click();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    expect(await inEditor()).toBe(false);
    expect((await focused()).outline).not.toBe('none');
    // Ctrl+M: Tab moves focus (CodeMirror's tab focus mode, in its default keymap).
    await page.locator('.code-editor .cm-content').click();
    await page.keyboard.press('Control+M');
    await page.keyboard.press('Tab');
    expect(await inEditor()).toBe(false);
    await page.locator('.code-editor .cm-content').click();
    await page.keyboard.press('Control+M');
    // Every control of the top bar is reached by Tab from the start of the page.
    await page.getByLabel('Problems').focus();
    const reached = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const f = await focused();
      reached.add(f.text || f.tag);
      expect(f.outline).not.toBe('none');
      await page.keyboard.press('Tab');
    }
    for (const name of ['Light mode', 'End Test', 'Settings', 'Run', 'Submit']) expect(reached).toContain(name);
    await page.getByRole('button', { name: 'Settings' }).click();
    const settings = page.locator('#editor-settings');
    await settings.getByText('Keyboard shortcuts').waitFor();
    for (const text of ['Ctrl+Enter', 'Ctrl+Shift+Enter', 'Escape, then Tab', 'Ctrl+M'])
      expect(await settings.getByText(text, { exact: true }).count()).toBe(1);
    await page.context().close();
  });
});

describe('descriptions, readiness, summary and accessibility', () => {
  it('renders an imported Kattis LaTeX statement: headings and MathML math, constraints parsed, no raw TeX', async () => {
    const { test } = await seedTest(e2e.server, employerId, []);
    const tex = String.raw`\problemname{Add Two}
Print the \emph{sum} of two integers.
\section*{Input}
One line with two integers $a$ and $b$ ($1 \le a, b \le 10^{9}$).
\section*{Output}
Print $a + b$.`;
    const zip = writeZip(
      [
        ['problem.yaml', 'name: Add Two\n'],
        ['problem_statement/problem.en.tex', tex],
        ['data/sample/1.in', '1 2\n'],
        ['data/sample/1.ans', '3\n'],
        ['data/secret/1.in', '40 2\n'],
        ['data/secret/1.ans', '42\n'],
      ].map(([name, text]) => ({ name: name!, data: Buffer.from(text!) })),
    );
    const employer = await signedInPage(e2e.browser, e2e.server, employerEmail);
    const imported = await employer.request.post(`${e2e.server.baseUrl}/api/coding-tests/import?testId=${test.id}`, {
      headers: { origin: e2e.server.baseUrl },
      multipart: { package: { name: 'add-two.zip', mimeType: 'application/zip', buffer: zip } },
    });
    expect(imported.status(), await imported.text()).toBe(201);
    const problemId = (await imported.json()).id as string;
    await employer.context().close();
    // The import stores the problem under the test; the authoring page then lists it (here, straight in the row).
    await e2e.server.deps.db
      .update(tests)
      .set({ questionIds: [problemId] })
      .where(eq(tests.id, test.id));

    const page = await candidatePage();
    await openCodingTest(page, e2e.server, test.id);
    await page.getByRole('heading', { name: '1. Add Two' }).waitFor();
    const desc = page.locator('.problem-description');
    await desc.getByRole('heading', { name: 'Input' }).waitFor();
    expect(await desc.textContent()).not.toMatch(/\\section|\\emph|\$|\\le/);
    expect(await desc.locator('em').textContent()).toBe('sum');
    // The math is MathML laid out by the browser (it has a size), and the bounds became the constraints.
    expect(await desc.locator('math').count()).toBe(4);
    expect((await desc.locator('math').nth(2).boundingBox())!.width).toBeGreaterThan(20);
    await page.getByText('1 ≤ a, b ≤ 10^9', { exact: true }).waitFor();
    expect(await seriousA11yViolations(page, ['.proctoring-video'])).toEqual([]);
    await page.context().close();
  });

  it('renders a rich description safely: tables, lists, code, links in a new tab, data: images only', async () => {
    const remoteHits: string[] = [];
    const page = await candidatePage();
    page.on('request', (r) => {
      if (['evil.example', '/tracking.png', '/api/invitations/accept'].some((u) => r.url().includes(u)))
        remoteHits.push(r.url());
    });
    const description = [
      '<h3>Task</h3><p>Add <code>a</code> and <strong>b</strong>.</p>',
      '<ul><li>first</li><li>second</li></ul>',
      '<table><thead><tr><th>a</th><th>b</th><th>sum</th></tr></thead><tbody><tr><td>1</td><td>2</td><td>3</td></tr></tbody></table>',
      '<pre><code>print(a + b)</code></pre>',
      '<p><a href="https://en.wikipedia.org/wiki/Addition">Addition</a> <a href="javascript:window.__pwned=1">bad link</a></p>',
      '<img alt="dot" src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==">',
      `<img alt="tracker" src="${e2e.server.baseUrl.replace('localhost', '127.0.0.1')}/tracking.png">`,
      '<img alt="remote" src="https://evil.example/x.png" onerror="window.__pwned=2">',
      '<img alt="api call" src="/api/invitations/accept/some-token">',
      '<script>window.__pwned=3</script><iframe src="https://evil.example/"></iframe>',
      '<p onclick="window.__pwned=4" style="background:url(https://evil.example/bg.png)">styled</p>',
      '<svg><script>window.__pwned=5</script></svg><form action="https://evil.example"><input name="q"></form>',
    ].join('');
    const { test } = await seedTest(e2e.server, employerId, [{ title: 'Rich', description }]);
    await openCodingTest(page, e2e.server, test.id);
    const desc = page.locator('.problem-description');
    await desc.getByRole('table').waitFor();
    expect(await desc.getByRole('columnheader', { name: 'sum' }).count()).toBe(1);
    expect(await desc.locator('ul > li').count()).toBe(2);
    expect(await desc.locator('pre code').textContent()).toBe('print(a + b)');
    const link = desc.getByRole('link', { name: 'Addition' });
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toContain('noopener');
    expect(await desc.getByText('bad link').getAttribute('href')).toBeNull();
    const dot = desc.getByRole('img', { name: 'dot' });
    expect(await dot.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    expect(await desc.getByRole('img', { name: 'tracker' }).getAttribute('src')).toBeNull();
    expect(await desc.getByRole('img', { name: 'remote' }).getAttribute('src')).toBeNull();
    expect(await desc.getByRole('img', { name: 'api call' }).getAttribute('src')).toBeNull();
    expect(await desc.locator('script, iframe, svg, form, input, [onclick], [onerror], [style]').count()).toBe(0);
    await desc.getByText('styled').click();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(remoteHits).toEqual([]);
    if (process.env.E2E_SHOTS) await page.screenshot({ path: '/tmp/candidate-description.png' });
    await page.context().close();
  });

  it('refuses to start a test with no problems: "This test is not ready yet"', async () => {
    const [empty] = await e2e.server.deps.db
      .insert(tests)
      .values({ createdBy: employerId, testName: 'Nothing here', testType: 'CODING', duration: 30 })
      .returning();
    const page = await candidatePage();
    await page.goto(`${e2e.server.baseUrl}/code/${empty!.id}`);
    await page.getByText('This test is not ready yet', { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: 'Start Test' }).count()).toBe(0);
    const status = await page.evaluate(
      async (id) => (await fetch(`/api/attempts/${id}/start`, { method: 'POST' })).status,
      empty!.id,
    );
    expect(status).toBe(409);
    await page.context().close();
    // The employer sees why on the test's details.
    const owner = await signedInPage(e2e.browser, e2e.server, employerEmail);
    await owner.goto(`${e2e.server.baseUrl}/admin/tests/${empty!.id}`);
    await owner
      .getByRole('alert')
      .getByText('Candidates cannot start this test yet: it has no problems.', { exact: false })
      .waitFor();
    await owner.context().close();
  });

  it('Test Submitted shows the total as the employer sees it, the counted submission first, others folded', async () => {
    const { test } = await seedTest(e2e.server, employerId, [{ title: 'Sum of two' }, { title: 'Untouched' }]);
    const page = await candidatePage();
    await openCodingTest(page, e2e.server, test.id);
    expect(await seriousA11yViolations(page, ['.proctoring-video'])).toEqual([]);
    await page.getByLabel('Language').selectOption('python');
    await typeInEditor(page, PY_SUM);
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await page.getByText('Submitted! Passed 3 / 3 test cases.').waitFor({ timeout: 60_000 });
    // A worse, later submission does not count.
    await typeInEditor(page, PY_OFF_BY_ONE);
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await page.getByText('Submitted! Passed 1 / 3 test cases.').waitFor({ timeout: 60_000 });
    // Back to the best code: End Test sends it (it differs from the latest submission).
    await typeInEditor(page, `${PY_SUM}\n`);
    await page.getByText('Saved', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'End Test' }).click();
    expect(await seriousA11yViolations(page, ['.proctoring-video'])).toEqual([]);
    await page.getByRole('button', { name: 'End Test now' }).click();
    await page.getByRole('heading', { name: 'Test Submitted' }).waitFor();
    await page
      .getByText('Test ended. Your current code was submitted for: Problem 1 (Sum of two) in python.')
      .waitFor();
    await page.getByTestId('total-score').getByText('Total score: 10 / 20').waitFor({ timeout: 60_000 });
    await page.getByText('best of 3', { exact: false }).waitFor();
    await page.getByText('Other submissions (2) — not counted').waitFor();
    expect(await page.locator('.submitted-others[open]').count()).toBe(0);
    await page.getByText('Problem 2: Untouched — 0 / 10 marks').waitFor();
    await page.getByText('No submission for this problem.').waitFor();
    if (process.env.E2E_SHOTS) await page.screenshot({ path: '/tmp/candidate-submitted.png', fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);
    // Unfolded, the other submissions show their verdicts; still no serious violations.
    // (End Test's submission may still be judging: once judged it is the counted one, the latest of a tie, and the
    // first moves into the fold; unfold after that, and only the submissions' own details, not the fold again.)
    await expect.poll(() => page.getByText('Judging…').count(), { timeout: 60_000 }).toBe(0);
    await page.getByText('Other submissions (2) — not counted').click();
    for (const summary of await page.locator('.submitted-others > ol > li > details > summary').all())
      await summary.click();
    await page.locator('.submitted-others details[open]').getByText('(wrong)', { exact: false }).first().waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('End Test without new code says that nothing was sent', async () => {
    const { test } = await seedTest(e2e.server, employerId, [{ title: 'Sum of two' }]);
    const page = await candidatePage();
    await openCodingTest(page, e2e.server, test.id);
    await page.getByRole('button', { name: 'End Test' }).click();
    await page.getByRole('button', { name: 'End Test now' }).click();
    await page.getByText('Test ended. Nothing new was sent', { exact: false }).waitFor();
    await page.getByText('Total score: 0 / 10').waitFor();
    await page.context().close();
  });

  it('has no serious or critical axe-core violations on /code, /aptitude and /entry', async () => {
    const { test } = await seedTest(e2e.server, employerId, [{ title: 'Sum of two' }]);
    const apt = await seedAptitude(e2e.server, employerId, 'MCQ round');
    const page = await candidatePage();
    const report: Record<string, unknown> = {};
    await page.goto(`${e2e.server.baseUrl}/code/${test.id}`);
    await page.getByRole('button', { name: 'Start Test' }).waitFor();
    report['/code start'] = await seriousA11yViolations(page);
    await openCodingTest(page, e2e.server, test.id);
    await page.getByRole('button', { name: 'Settings' }).click();
    report['/code environment'] = await seriousA11yViolations(page, ['.proctoring-video']);
    await page.goto(`${e2e.server.baseUrl}/aptitude/${apt.id}`);
    await pressStartTest(page);
    await page.getByRole('heading', { name: 'What is 2 + 2?' }).waitFor();
    report['/aptitude'] = await seriousA11yViolations(page, ['.proctoring-video']);
    await page.getByRole('button', { name: 'End Test' }).click();
    await page.getByRole('button', { name: 'End Test now' }).click();
    await page.getByText('Your score:', { exact: false }).waitFor();
    report['/aptitude results'] = await seriousA11yViolations(page);
    await page.goto(`${e2e.server.baseUrl}/entry?testId=${test.id}`);
    await page.locator('main').first().waitFor();
    await page.waitForLoadState('networkidle');
    report['/entry'] = await seriousA11yViolations(page);
    expect(report).toEqual({
      '/code start': [],
      '/code environment': [],
      '/aptitude': [],
      '/aptitude results': [],
      '/entry': [],
    });
    await page.context().close();
  });
});
