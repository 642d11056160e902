/**
 * Prints how long one scrub of a long code playback takes in Chromium (issue 29): a 2-hour sitting of 20,000
 * edits (the test kit's `sitting`) recorded through the API, the reviewer's player open on it, then 200 jumps
 * of the scrubber to random moments. Each jump is timed on the page from the input event to the new code laid
 * out (React's render, the DOM update and a forced layout), so it is main-thread time per scrub; long tasks
 * (over 50 ms) during the jumps are counted too. Run against a build:
 *   E2E_WEB_DIST=/tmp/x-dist npx tsx e2e/measure-scrub.ts
 */
import { attempts, sitting } from '@assessly/server/test-kit';
import { eq } from 'drizzle-orm';
import { launchBrowser, startServer } from './harness';
import { createUser, openCodingTest, seedTest, signedInPage } from './support';

async function main() {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const employer = await createUser(server, 'employer');
    const { test, problems } = await seedTest(server, employer.id, [{ title: 'Sum of two' }]);
    const cand = await createUser(server, 'candidate');
    const page = await signedInPage(browser, server, cand.email);
    await openCodingTest(page, server, test.id);
    await page.close();
    const events = sitting();
    // The server refuses edits timed after now (issue 42): the sitting began two hours ago and ends later.
    const span = events.at(-1)!.at + 60_000;
    await server.deps.db
      .update(attempts)
      .set({ startedAt: new Date(Date.now() - span), deadlineAt: new Date(Date.now() + 3_600_000) })
      .where(eq(attempts.userId, cand.id));
    for (let i = 0, seq = 1; i < events.length; i += 2000, seq++) {
      const res = await page.context().request.post(`${server.baseUrl}/api/attempts/${test.id}/edits`, {
        data: {
          questionId: problems[0]!.id,
          language: 'python',
          seq,
          events: events.slice(i, i + 2000),
        },
      });
      if (!res.ok()) throw new Error(`batch ${seq}: ${res.status()} ${await res.text()}`);
    }
    const [attempt] = await server.deps.db.select().from(attempts).where(eq(attempts.userId, cand.id));
    const reviewer = await signedInPage(browser, server, employer.email);
    const loadStart = Date.now();
    await reviewer.goto(`${server.baseUrl}/admin/reports/${attempt!.id}/playback`);
    await reviewer
      .getByText(` of ${events.length}`, { exact: false })
      .waitFor()
      .catch(async (err) => {
        console.log((await reviewer.locator('body').innerText()).slice(0, 2000));
        throw err;
      });
    console.log(`[scrub] ${events.length} edits over 2 h: the player opened in ${Date.now() - loadStart} ms`);
    const result = await reviewer.evaluate(async () => {
      const input = document.querySelector<HTMLInputElement>('input.pb-scrubber')!;
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      const max = Number(input.max);
      let long = 0;
      const observer = new PerformanceObserver((list) => {
        long += list.getEntries().length;
      });
      observer.observe({ entryTypes: ['longtask'] });
      let seed = 11;
      const times: number[] = [];
      for (let i = 0; i < 200; i++) {
        seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
        const t0 = performance.now();
        setValue.call(input, String(Math.round(((seed / 2_147_483_648) * max) / 100) * 100));
        input.dispatchEvent(new Event('input', { bubbles: true }));
        // React commits the update in a microtask at the latest; then the layout of the new code.
        await Promise.resolve();
        await Promise.resolve();
        void document.querySelector('.pb-code')!.getBoundingClientRect();
        times.push(performance.now() - t0);
        await new Promise((r) => setTimeout(r, 5));
      }
      await new Promise((r) => setTimeout(r, 100));
      observer.disconnect();
      times.sort((a, b) => a - b);
      return { times, long };
    });
    const q = (p: number) => result.times[Math.min(result.times.length - 1, Math.floor(p * result.times.length))]!;
    console.log(
      `[scrub] 200 scrubs in Chromium: p50 ${q(0.5).toFixed(1)} ms, p95 ${q(0.95).toFixed(1)} ms, max ${q(1).toFixed(1)} ms; long tasks (>50 ms): ${result.long}`,
    );
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
