/**
 * Prints the edit recorder's main-thread time per 1,000 keystrokes on the /code page (issue 29): real
 * keystrokes into the CodeMirror editor in Chromium, the recorder's own time read from `window.__ASSESSLY_RECORDER__` (its
 * change handler and its saves to the device; the batch send every 3 s is not included). Run against a build:
 *   E2E_WEB_DIST=/tmp/x-dist npx tsx e2e/measure-recorder.ts
 */
import { launchBrowser, startServer } from './harness';
import { createUser, openCodingTest, seedTest, signedInPage } from './support';

const LINE = 'total = total + values[i] * 2  # running sum\n';

async function main() {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const employer = await createUser(server, 'employer');
    const { test } = await seedTest(server, employer.id, [{ title: 'Sum of two' }]);
    const cand = await createUser(server, 'candidate');
    const page = await signedInPage(browser, server, cand.email);
    await openCodingTest(page, server, test.id);
    await page.getByLabel('Language').selectOption('python');
    await page.locator('.code-editor[data-ready="true"] .cm-content').click();
    const read = () =>
      page.evaluate(() => ({
        ...(window as unknown as { __ASSESSLY_RECORDER__: { changes: number; ms: number } }).__ASSESSLY_RECORDER__,
      }));
    const before = await read();
    const text = LINE.repeat(Math.ceil(1000 / LINE.length)).slice(0, 1000);
    await page.keyboard.type(text);
    const after = await read();
    const ms = after.ms - before.ms;
    console.log(`[recorder] 1000 keystrokes, ${after.changes - before.changes} editor changes recorded`);
    console.log(`[recorder] main-thread time in the recorder: ${ms.toFixed(1)} ms per 1,000 keystrokes`);
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
