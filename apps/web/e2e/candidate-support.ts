/** Shared set-up of the candidate-page e2e files (issue 12): users, a coding test, signed-in pages, axe-core. */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { codingProblems, tests } from '../../server/src/db/schema';
import type { E2EServer } from './harness';

export const password = 'Passw0rd!x';

export async function createUser(server: E2EServer, role: 'candidate' | 'employer') {
  const email = `${role}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/users/add',
    payload: { firstName: 'E2E', lastName: role, email, password, role },
  });
  expect(res.statusCode).toBe(201);
  return { id: res.json().id as string, email };
}

export interface ProblemSeed {
  title: string;
  description?: string;
  examples?: { input: string; output: string }[];
  testCases?: { input: string; output: string }[];
}

/** A coding test open for an hour (or until `endInMs`), with its problems in order. */
export async function seedTest(
  server: E2EServer,
  employerId: string,
  problems: ProblemSeed[],
  opts: { endInMs?: number; name?: string } = {},
) {
  const [test] = await server.deps.db
    .insert(tests)
    .values({
      createdBy: employerId,
      testName: opts.name ?? 'Candidate page round',
      testType: 'CODING',
      duration: 30,
      startTime: new Date(Date.now() - 60_000),
      endTime: new Date(Date.now() + (opts.endInMs ?? 3_600_000)),
    })
    .returning();
  const rows = [];
  for (const p of problems) {
    const [row] = await server.deps.db
      .insert(codingProblems)
      .values({
        testId: test!.id,
        createdBy: employerId,
        title: p.title,
        description: p.description ?? '<p>Read two integers and print their sum.</p>',
        marks: 10,
        examples: p.examples ?? [
          { input: '1 2\n', output: '3\n' },
          { input: '10 20\n', output: '30\n' },
        ],
        testCases: p.testCases ?? [{ input: '40 2\n', output: '42\n' }],
        constraints: ['0 <= a, b <= 1000'],
      })
      .returning();
    rows.push(row!);
  }
  await server.deps.db
    .update(tests)
    .set({ questionIds: rows.map((r) => r.id) })
    .where(eq(tests.id, test!.id));
  return { test: { ...test!, questionIds: rows.map((r) => r.id) }, problems: rows };
}

export async function signedInPage(
  browser: Browser,
  server: E2EServer,
  email: string,
  viewport = { width: 1400, height: 900 },
): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const res = await context.request.post(`${server.baseUrl}/api/users/login`, { data: { email, password } });
  expect(res.status()).toBe(200);
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  return page;
}

/** Opens /code/{id}, starts the test when needed, and waits for Monaco. */
export async function openCodingTest(page: Page, server: E2EServer, testId: string) {
  await page.goto(`${server.baseUrl}/code/${testId}`);
  const start = page.getByRole('button', { name: 'Start Test' });
  const editor = page.locator('.code-editor[data-ready="true"]');
  await Promise.race([start.waitFor(), editor.waitFor()]);
  if (await start.isVisible()) await start.click();
  await editor.waitFor();
}

export async function typeInEditor(page: Page, code: string) {
  await page.locator('.code-editor[data-ready="true"] .view-lines').click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  // Monaco auto-indents and auto-closes brackets: insert the text as one piece so it lands as written.
  await page.keyboard.insertText(code);
}

export async function editorText(page: Page): Promise<string> {
  return ((await page.locator('.code-editor .view-lines').textContent()) ?? '').replace(/\u00a0/g, ' ');
}

let axeSource: string | null = null;

/** axe-core injected into the page; returns the serious and critical violations (id, impact, targets). */
export async function seriousA11yViolations(page: Page, exclude: string[] = []) {
  axeSource ??= await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  // Evaluated through the DevTools protocol: the app's Content-Security-Policy (script-src 'self') stays on.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async (excluded) => {
    const axe = (
      window as unknown as { axe: { run: (ctx: unknown, o: unknown) => Promise<{ violations: unknown[] }> } }
    ).axe;
    const res = await axe.run(
      { include: [document], exclude: excluded.map((s) => [s]) },
      { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } },
    );
    type Node = { target: string[]; failureSummary?: string };
    return (res.violations as { id: string; impact: string; nodes: Node[] }[]).map((v) => ({
      id: v.id,
      impact: v.impact,
      targets: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')}: ${(n.failureSummary ?? '').slice(0, 200)}`),
    }));
  }, exclude);
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

export const PY_SUM = 'import sys\nnums = [int(x) for x in sys.stdin.read().split()]\nprint(nums[0] + nums[1])';
