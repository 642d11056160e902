/**
 * Issue 29 in a real Chromium: a candidate types and pastes on the coding page (copy and paste inside the
 * editor are not blocked), the page loses visibility before the paste; the reviewer opens the replay, scrubs to
 * the paste and sees it highlighted with the tab switch beside it and the Run with its verdict, and the integrity
 * report names both.
 */
import { attempts } from '@assessly/server/test-kit';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useE2E } from './harness';
import { createUser, openCodingTest, seedTest, seriousA11yViolations, signedInPage } from './support';

const e2e = useE2E();
let employer: { id: string; email: string };
beforeAll(async () => {
  employer = await createUser(e2e.server, 'employer');
});

/** Text from outside the page: 12 lines, over the 200-character paste rule. */
const OUTSIDE = Array.from({ length: 12 }, (_, i) => `total_${i} = sum(range(${i}))`).join('\n');

describe('code playback', () => {
  it('records typing and a paste from outside; the reviewer scrubs to it beside the tab switch', async () => {
    const { test } = await seedTest(e2e.server, employer.id, [{ title: 'Sum of two' }]);
    const cand = await createUser(e2e.server, 'candidate');
    const page = await signedInPage(e2e.browser, e2e.server, cand.email);
    await openCodingTest(page, e2e.server, test.id);
    await page.getByLabel('Language').selectOption('python');
    await page.locator('.code-editor[data-ready="true"] .cm-content').click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    await page.keyboard.type('a = 1');
    // Copy and paste inside the editor: works, and is not a blocked "paste attempt".
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Control+C');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');

    // The tab is hidden and shown again (the page's own visibility handler records it) ...
    await page.evaluate(() => {
      const flip = (hidden: boolean) => {
        Object.defineProperty(document, 'hidden', { value: hidden, configurable: true });
        document.dispatchEvent(new Event('visibilitychange'));
      };
      flip(true);
      flip(false);
    });
    // ... then text from outside is pasted into the editor (a clipboard event as the browser sends it).
    await page.evaluate((text) => {
      const data = new DataTransfer();
      data.setData('text/plain', text);
      // The editor's content element (contenteditable) has the focus.
      const target = document.activeElement;
      if (!target?.closest('.code-editor')) throw new Error('the editor lost the focus');
      target.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, OUTSIDE);
    // The first pasted line shows the paste landed.
    await page.locator('.code-editor .cm-line').getByText('total_0 = sum(range(0))').waitFor();
    // A Run (the code prints nothing: a wrong answer on the examples) is a moment of the replay too.
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await page.locator('.result-card').first().getByTestId('verdict').getByText('Wrong Answer').waitFor();

    await page.getByRole('button', { name: 'End Test' }).click();
    await page.getByRole('button', { name: 'End Test now' }).click();
    await page.getByRole('heading', { name: 'Test Submitted' }).waitFor();
    // The candidate sees the same signals after the test.
    await page.getByRole('heading', { name: 'Your coding integrity report' }).waitFor();
    await page.getByText('Paste right after the page lost focus').waitFor();

    const [attempt] = await e2e.server.deps.db.select().from(attempts).where(eq(attempts.userId, cand.id));
    const reviewer = await signedInPage(e2e.browser, e2e.server, employer.email);
    await reviewer.goto(`${e2e.server.baseUrl}/admin/reports/${attempt!.id}/playback`);
    const paste = reviewer.getByRole('button', { name: new RegExp(`Paste of ${OUTSIDE.length} characters`) });
    await paste.waitFor();
    // Before the paste: nothing highlighted.
    expect(await reviewer.getByTestId('paste-highlight').count()).toBe(0);
    await paste.click();
    const highlight = reviewer.getByTestId('paste-highlight');
    await highlight.filter({ hasText: 'total_11' }).waitFor();
    expect(await highlight.textContent()).toBe(OUTSIDE);
    // Issue 26: axe-core on the playback page with a recording, a highlighted paste and the timeline.
    expect(await seriousA11yViolations(reviewer)).toEqual([]);
    // The tab switch is on the same timeline, just before the paste.
    const hidden = reviewer.getByRole('button', { name: /Tab hidden$/ });
    await hidden.waitFor();
    const when = async (name: string | null) => name?.split(' ')[0] ?? '';
    const pasteAt = await when(await paste.getAttribute('aria-label'));
    const hiddenAt = await when(await hidden.getAttribute('aria-label'));
    expect(hiddenAt <= pasteAt).toBe(true);
    // Keyboard scrubbing: Home goes back to the start, where nothing is highlighted yet.
    await reviewer.getByLabel('Position in the recording').focus();
    await reviewer.keyboard.press('Home');
    await highlight.waitFor({ state: 'detached' });
    // The report names the paste and that it came right after the focus loss, with the rules.
    await reviewer.locator('#sig-h + p strong', { hasText: /^\d+ signals?$/ }).waitFor();
    await reviewer.getByText('Large paste from outside the editor').waitFor();
    await reviewer.getByText('Paste right after the page lost focus').waitFor();
    // The Run sits on the same timeline with its verdict.
    await reviewer.getByRole('button', { name: /Run: Wrong Answer \(0\/2 examples, python\)$/ }).waitFor();
    // Every batch agreed with the page's draft (its hash): the stream holds one reset, its start, and no resync.
    const playback = await reviewer.evaluate(async (id) => {
      const res = await fetch(`/api/review/attempts/${id}/playback`);
      return (await res.json()) as { streams: { events: { kind: string }[] }[] };
    }, attempt!.id);
    expect(playback.streams.flatMap((s) => s.events.filter((e) => e.kind === 'reset'))).toHaveLength(1);
    // Copying inside the editor was not recorded as a blocked attempt.
    expect(await reviewer.getByRole('button', { name: /Copy attempt|Paste attempt/ }).count()).toBe(0);
  });
});
