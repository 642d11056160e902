/**
 * Issue 12, nothing lost and nothing covered, in a real Chromium with the real judge: one active tab (a second
 * tab of the attempt hands over), a stale save refused (409) and the newer draft loaded, offline typing saved on
 * the device and resent on reconnect, "Reconnecting…" while the server does not answer (the deadline is in
 * candidate-deadline.e2e.ts), and the page loaded at 375 px and resized to 768 px, 1280×650 and 1920×1080, with
 * the proctoring badge and toasts covering nothing after a Run and after a Submit, and text typed just before the
 * window turns narrow surviving the panes' remount.
 */
import { attempts, codeDrafts } from '@assessly/server/test-kit';
import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { E2E_TIMEOUT_MS, useE2E } from './harness';
import {
  createUser,
  editorText,
  openCodingTest,
  PY_SUM,
  pressStartTest,
  pythonOnNewTest,
  seedAptitude,
  seedTest,
  signedInPage,
  typeInEditor,
} from './support';

const e2e = useE2E();
let employerId: string;
beforeAll(async () => {
  employerId = (await createUser(e2e.server, 'employer')).id;
});

async function draftsOf(testId: string, userId: string) {
  const [attempt] = await e2e.server.deps.db
    .select()
    .from(attempts)
    .where(and(eq(attempts.testId, testId), eq(attempts.userId, userId)));
  return attempt ? e2e.server.deps.db.select().from(codeDrafts).where(eq(codeDrafts.attemptId, attempt.id)) : [];
}

describe('one active tab and draft revisions', () => {
  it('a second tab says "open in another tab"; "Use this tab" hands over with the code', async () => {
    const { test, cand, page: a } = await pythonOnNewTest(e2e, employerId);
    await typeInEditor(a, 'print("from tab A")');
    await a.getByText('Saved', { exact: true }).waitFor();

    const b = await a.context().newPage();
    await openCodingTest(b, e2e.server, test.id);
    await a.getByRole('heading', { name: 'This test is open in another tab' }).waitFor();
    expect(await a.locator('.code-editor').count()).toBe(0);
    expect(await editorText(b)).toContain('print("from tab A")');
    await typeInEditor(b, 'print("from tab B")');
    await b.getByText('Saved', { exact: true }).waitFor();

    await a.getByRole('button', { name: 'Use this tab' }).click();
    await b.getByRole('heading', { name: 'This test is open in another tab' }).waitFor();
    await a.locator('.code-editor[data-ready="true"]').waitFor();
    await a.getByText('print("from tab B")').waitFor();
    const drafts = await draftsOf(test.id, cand.id);
    expect(drafts.map((d) => d.code)).toEqual(['print("from tab B")']);
    await a.context().close();
  });

  it('holds an aptitude attempt in one tab too; the answers follow the hand-over', async () => {
    const apt = await seedAptitude(e2e.server, employerId, 'MCQ tabs');
    const cand = await createUser(e2e.server, 'candidate');
    const a = await signedInPage(e2e.browser, e2e.server, cand.email);
    await a.goto(`${e2e.server.baseUrl}/aptitude/${apt.id}`);
    await pressStartTest(a);
    await a.getByLabel('B. 4').check();
    await a.getByText('Saved', { exact: true }).waitFor();
    const b = await a.context().newPage();
    await b.goto(`${e2e.server.baseUrl}/aptitude/${apt.id}`);
    await a.getByRole('heading', { name: 'This test is open in another tab' }).waitFor();
    expect(await b.getByLabel('B. 4').isChecked()).toBe(true);
    await b.getByLabel('A. 3').check();
    await b.getByText('Saved', { exact: true }).waitFor();
    await a.getByRole('button', { name: 'Use this tab' }).click();
    await b.getByRole('heading', { name: 'This test is open in another tab' }).waitFor();
    await a.getByRole('heading', { name: 'What is 2 + 2?' }).waitFor();
    expect(await a.getByLabel('A. 3').isChecked()).toBe(true);
    await a.context().close();
  });

  it('refuses a stale save with 409 and loads the newer draft instead of overwriting it', async () => {
    const { test, problems, cand, page } = await pythonOnNewTest(e2e, employerId);
    await typeInEditor(page, 'print("laptop v1")');
    await page.getByText('Saved', { exact: true }).waitFor();
    // Another device (same session, not a tab of this browser) saves on top of the current revision.
    const [draft] = await draftsOf(test.id, cand.id);
    const other = await page.context().request.put(`${e2e.server.baseUrl}/api/attempts/${test.id}/drafts`, {
      data: {
        questionId: problems[0]!.id,
        language: 'python',
        code: 'print("other device")',
        baseRevision: draft!.revision,
      },
      headers: { origin: e2e.server.baseUrl },
    });
    expect(other.status()).toBe(200);
    const statuses: number[] = [];
    page.on('response', (r) => {
      if (r.url().endsWith('/drafts')) statuses.push(r.status());
    });
    // The laptop types on its stale copy: refused, and the newer draft is shown.
    await page.locator('.code-editor .cm-content').click();
    await page.keyboard.press('End');
    await page.keyboard.type('  # more');
    await page
      .getByText('A newer version of your code was saved from another tab or device', { exact: false })
      .waitFor();
    await page.getByText('print("other device")').waitFor();
    expect(statuses).toContain(409);
    expect((await draftsOf(test.id, cand.id)).map((d) => d.code)).toEqual(['print("other device")']);
    await page.context().close();
  });
});

describe('nothing lost', () => {
  it('keeps typing offline ("Offline — saved on this device"), resends on reconnect; shows "Reconnecting…"', async () => {
    const { test, cand, page } = await pythonOnNewTest(e2e, employerId);
    await typeInEditor(page, 'print(1)');
    await page.getByText('Saved', { exact: true }).waitFor();
    await page
      .getByTestId('last-server-save')
      .getByText(/last saved to server \d/)
      .waitFor();

    await page.context().setOffline(true);
    await typeInEditor(page, PY_SUM);
    await page.getByText('Offline — saved on this device').waitFor();
    const local = await page.evaluate(() =>
      Object.entries(localStorage)
        .filter(([k]) => k.startsWith('assessly.drafts.'))
        .map(([, v]) => v)
        .join(''),
    );
    expect(local).toContain('nums[0] + nums[1]');
    expect((await draftsOf(test.id, cand.id)).map((d) => d.code)).toEqual(['print(1)']);
    await page.context().setOffline(false);
    await page.getByText('Saved', { exact: true }).waitFor();
    expect((await draftsOf(test.id, cand.id)).map((d) => d.code)).toEqual([PY_SUM]);

    // The device is online but the server does not answer.
    await page.route('**/api/attempts/*/drafts', (route) => route.abort('connectionrefused'));
    await typeInEditor(page, `${PY_SUM}\n# while the server is down`);
    await page.getByText('Reconnecting… (saved on this device)').waitFor();
    await page.unroute('**/api/attempts/*/drafts');
    await page.getByText('Saved', { exact: true }).waitFor({ timeout: 15_000 });
    expect((await draftsOf(test.id, cand.id))[0]!.code).toContain('# while the server is down');
    await page.context().close();
  });
});

/** Rectangles overlap by more than a pixel. */
function overlaps(a: DOMRect | null, b: DOMRect | null) {
  if (!a || !b) return false;
  return a.x < b.x + b.width - 1 && b.x < a.x + a.width - 1 && a.y < b.y + b.height - 1 && b.y < a.y + a.height - 1;
}

async function coveredBy(page: Page, overlaySelector: string) {
  return page.evaluate((sel) => {
    const overlay = document.querySelector(sel)?.getBoundingClientRect();
    if (!overlay) return { overlay: null, covered: [] as string[] };
    const covered: string[] = [];
    const selectors =
      '.taking-topbar button, .taking-topbar select, .editor-toolbar button, .editor-toolbar select, .code-editor, .result-card, .custom-input textarea, .custom-input button, .taking-tabpanel h1, .taking-tabpanel li, .taking-tabpanel pre, .save-status, [role="tab"]';
    for (const el of document.querySelectorAll<HTMLElement>(selectors)) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      // Only what is on screen: clip to the scrolling panel the element sits in.
      const scroller = el.closest('.taking-tabpanel, .taking-results');
      const clip = scroller?.getBoundingClientRect();
      const top = Math.max(r.top, clip?.top ?? 0);
      const bottom = Math.min(r.bottom, clip?.bottom ?? innerHeight);
      if (bottom <= top) continue;
      const visible = { x: r.x, y: top, width: r.width, height: bottom - top };
      if (
        visible.x < overlay.x + overlay.width - 1 &&
        overlay.x < visible.x + visible.width - 1 &&
        visible.y < overlay.y + overlay.height - 1 &&
        overlay.y < visible.y + visible.height - 1
      )
        covered.push(`${el.tagName}.${el.className} "${(el.textContent ?? '').slice(0, 30)}"`);
    }
    return { overlay: overlay.toJSON(), covered };
  }, overlaySelector);
}

describe('layout at four sizes', () => {
  it('the proctoring badge and toasts cover nothing at 375, 768, 1280×650 and 1920×1080; typing survives a turn', async () => {
    const { test } = await seedTest(
      e2e.server,
      employerId,
      [{ title: 'Sum of two', description: `<p>${'Read two integers and print their sum. '.repeat(12)}</p>` }],
      { proctoring: true },
    );
    const cand = await createUser(e2e.server, 'candidate');
    const sizes = [
      [375, 740],
      [768, 1024],
      [1280, 650],
      [1920, 1080],
    ] as const;
    /** At each size (the window resized, as a candidate turns a phone or resizes the browser): nothing covered. */
    const checkEverySize = async (state: string) => {
      for (const [width, height] of sizes) {
        const at = `${width}x${height} ${state}`;
        await page.setViewportSize({ width, height });
        // The page lays its panes out again before it is measured: stacked on phones, side by side above 700 px
        // (then the statement and the editor have a vertical handle between them).
        await expect
          .poll(() => page.locator('.resize-handle-v').count(), { timeout: E2E_TIMEOUT_MS })
          .toBe(width <= 700 ? 0 : 1);
        // Scroll the problem panel to its end: the last constraint must stay visible.
        await page.locator('.taking-tabpanel').evaluate((el) => el.scrollTo(0, el.scrollHeight));
        const notice = await coveredBy(page, '.proctoring-notice');
        expect(notice.overlay, at).not.toBeNull();
        expect(notice.covered, `${at}: covered by the proctoring notice`).toEqual([]);
        // The badge is small and sits in the status bar, inside the viewport.
        const bar = await page.locator('.taking-statusbar').boundingBox();
        const badge = notice.overlay as DOMRect;
        expect(badge.height, at).toBeLessThanOrEqual(24);
        expect(badge.width, at).toBeLessThanOrEqual(170);
        expect(badge.y, at).toBeGreaterThanOrEqual(bar!.y - 1);
        expect(badge.y + badge.height, at).toBeLessThanOrEqual(height);
        const last = await page.locator('.taking-tabpanel li').last().boundingBox();
        expect(overlaps(last as DOMRect, badge), at).toBe(false);
        // The timer is always on screen, and the statement gets a readable share of a phone (issue 26).
        const timer = await page.getByRole('timer').boundingBox();
        expect(timer!.y >= 0 && timer!.x >= 0 && timer!.x + timer!.width <= width, `${at}: timer on screen`).toBe(true);
        expect((await page.locator('.taking-tabpanel').boundingBox())!.height, at).toBeGreaterThanOrEqual(200);
        // No toast over the top bar or any button during the page's life (the page reports inline).
        expect(await page.locator('.Toastify__toast').count(), at).toBe(0);
      }
    };
    // Loaded on a phone, then resized: one sitting, its entry step once.
    const page = await signedInPage(e2e.browser, e2e.server, cand.email, { width: 375, height: 740 });
    await openCodingTest(page, e2e.server, test.id);
    await page.getByLabel('Language').selectOption('python');
    await typeInEditor(page, PY_SUM);
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await page.getByText('Passed 2 / 2').waitFor({ timeout: 60_000 });
    await page.locator('.proctoring-notice').waitFor();
    await checkEverySize('after Run');
    // Text typed a moment before the phone turns survives the panes' remount at 700 px: the page keeps each draft
    // above the panes, set at every keystroke.
    await page.locator('.code-editor[data-ready="true"] .cm-content').click();
    await page.keyboard.press('Control+End');
    await page.keyboard.insertText('\n# typed just before turning');
    await page.setViewportSize({ width: 375, height: 740 });
    await expect.poll(() => page.locator('.resize-handle-v').count(), { timeout: E2E_TIMEOUT_MS }).toBe(0);
    await page.locator('.code-editor[data-ready="true"]').waitFor();
    expect(await editorText(page)).toContain('# typed just before turning');
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await page.getByText('Submitted! Passed', { exact: false }).waitFor({ timeout: 60_000 });
    await checkEverySize('after Submit');
    await page.context().close();
  });
});
