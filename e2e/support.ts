/**
 * Set-up shared by the e2e files: users (made through the API), sign-in, seeded tests, the editor on /code,
 * axe-core.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { aptitudeQuestions, codingProblems, tests } from '@assessly/server/test-kit';
import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { type E2E, E2E_TIMEOUT_MS, type E2EServer } from './harness';

export const password = 'Passw0rd!x';

export const uniqueEmail = (tag: string) =>
  `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** A user made through the API; `verified` marks the email verified as following the emailed link would. */
export async function createUser(
  server: E2EServer,
  role: 'candidate' | 'employer',
  opts: { firstName?: string; lastName?: string; verified?: boolean } = {},
) {
  const email = uniqueEmail(role);
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/users/add',
    payload: { firstName: opts.firstName ?? 'E2E', lastName: opts.lastName ?? role, email, password, role },
  });
  expect(res.statusCode).toBe(201);
  if (opts.verified) await markVerified(server, email);
  // Sign-up answers no id (issue 23: it answers a taken address alike); the row tells.
  const [row] = await server.deps.database.query<{ id: string; company_id: string | null }>(
    'SELECT id, company_id FROM users WHERE email = $1',
    [email],
  );
  return { id: row!.id, email, companyId: row!.company_id };
}

/** Verified as following the emailed link would (the link flow has its own API tests). */
async function markVerified(server: E2EServer, email: string) {
  await server.deps.database.query('UPDATE users SET email_verified_at = now() WHERE email = $1', [email]);
}

/** Signs the context in through the API (its cookie jar keeps the session). */
export async function signIn(context: BrowserContext, server: E2EServer, email: string, pw = password) {
  const res = await context.request.post(`${server.baseUrl}/api/users/login`, { data: { email, password: pw } });
  expect(res.status()).toBe(200);
  return (await res.json()) as { id: string; companyId: string | null };
}

/** Signs a new user up and in through the API in this browser context; `verified` as for createUser. */
export async function signUpAndIn(
  context: BrowserContext,
  server: E2EServer,
  user: { firstName: string; lastName: string; email: string; role: 'candidate' | 'employer' },
  opts: { verified?: boolean } = {},
) {
  const up = await context.request.post(`${server.baseUrl}/api/users/add`, { data: { ...user, password } });
  expect(up.status()).toBe(201);
  if (opts.verified) await markVerified(server, user.email);
  return signIn(context, server, user.email);
}

/** Signs a new user up through the API, then in through the sign-in form (the page is on baseURL). */
export async function signUpThenSignInWithForm(
  page: Page,
  user: { firstName: string; lastName: string; email: string; password: string; role: 'candidate' | 'employer' },
) {
  const res = await page.request.post('/api/users/add', { data: user });
  expect(res.status()).toBe(201);
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

export interface ProblemSeed {
  title: string;
  description?: string;
  examples?: { input: string; output: string }[];
  testCases?: { input: string; output: string }[];
  /** the problem's marks (10 unless given); the test's total is their sum */
  marks?: number;
}

/**
 * A coding test open for an hour (or until `endInMs`), with its problems in order. Unproctored unless
 * `proctoring: true`: the camera's entry step, the on-device detector and the server's face checks are the
 * subject of proctoring.e2e.ts (and of the files that ask for them), and in every other file they would only
 * add CPU (a quarter of a coding-page file's).
 */
export async function seedTest(
  server: E2EServer,
  employerId: string,
  problems: ProblemSeed[],
  opts: { endInMs?: number; name?: string; proctoring?: boolean } = {},
) {
  const [test] = await server.deps.db
    .insert(tests)
    .values({
      createdBy: employerId,
      testName: opts.name ?? 'Candidate page round',
      testType: 'CODING',
      proctoring: opts.proctoring ?? false,
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
        marks: p.marks ?? 10,
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

/** An aptitude test with one question, 'What is 2 + 2?' (options 3 and 4; 4 is correct). */
export async function seedAptitude(server: E2EServer, employerId: string, name: string) {
  const [apt] = await server.deps.db
    .insert(tests)
    .values({ createdBy: employerId, testName: name, testType: 'APTITUDE', duration: 30 })
    .returning();
  const [q] = await server.deps.db
    .insert(aptitudeQuestions)
    .values({
      testId: apt!.id,
      createdBy: employerId,
      questionText: 'What is 2 + 2?',
      options: ['3', '4'],
      correctAnswer: 1,
      marks: 1,
    })
    .returning();
  await server.deps.db
    .update(tests)
    .set({ questionIds: [q!.id] })
    .where(eq(tests.id, apt!.id));
  return apt!;
}

/** A page in a fresh context of the browser, signed in as `email` through the API (null: nobody yet). */
export async function signedInPage(
  browser: Browser,
  server: E2EServer,
  email: string | null,
  viewport = { width: 1400, height: 900 },
): Promise<Page> {
  const context = await browser.newContext({ viewport });
  if (email) await signIn(context, server, email);
  const page = await context.newPage();
  page.setDefaultTimeout(E2E_TIMEOUT_MS);
  return page;
}

/** Opens /code/{id}, starts the test when needed, and waits for the editor. */
export async function openCodingTest(page: Page, server: E2EServer, testId: string) {
  await page.goto(`${server.baseUrl}/code/${testId}`);
  const start = page.getByRole('button', { name: 'Start Test' });
  const editor = page.locator('.code-editor[data-ready="true"]');
  await Promise.race([start.waitFor(), editor.waitFor()]);
  if (await start.isVisible()) await pressStartTest(page);
  await editor.waitFor();
}

/**
 * Presses Start Test. On a camera-proctored test's entry step the candidate takes the enrolment photo first (the
 * page takes none on its own), and Start Test unlocks once the face is enrolled.
 */
export async function pressStartTest(page: Page) {
  const start = page.getByRole('button', { name: 'Start Test' });
  await start.waitFor();
  if (await page.getByLabel('Camera preview').count()) {
    await page.getByRole('button', { name: 'Take enrolment photo' }).click();
    // The face service enrols the photo; on a loaded machine that can take a while.
    await page.locator('.entry-actions button.btn-primary:not([disabled])').waitFor({ timeout: 120_000 });
  }
  // A proctored test's Start Test also waits for the entry step's live sequence (issue 27), judged by the server.
  await start.click({ timeout: 120_000 });
}

/** A new candidate, signed in, on /code of a new one-problem test ('Sum of two') with Python selected. */
export async function pythonOnNewTest(e2e: E2E, employerId: string, opts: { endInMs?: number } = {}) {
  const seeded = await seedTest(e2e.server, employerId, [{ title: 'Sum of two' }], opts);
  const cand = await createUser(e2e.server, 'candidate');
  const page = await signedInPage(e2e.browser, e2e.server, cand.email);
  await openCodingTest(page, e2e.server, seeded.test.id);
  await page.getByLabel('Language').selectOption('python');
  return { ...seeded, cand, page };
}

export async function typeInEditor(page: Page, code: string) {
  await page.locator('.code-editor[data-ready="true"] .cm-content').click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  // The editor auto-indents and closes brackets as keys are typed: insert the text as one piece so it lands as
  // written.
  await page.keyboard.insertText(code);
}

/**
 * The coding editor's text: its lines as the editor renders them, one per `.cm-line`. CodeMirror renders only
 * the lines near the view of a long document; the programs of these tests fit on one screen.
 */
export async function editorText(page: Page): Promise<string> {
  return page.evaluate(() =>
    [...document.querySelectorAll('.code-editor .cm-line')].map((l) => l.textContent ?? '').join('\n'),
  );
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
