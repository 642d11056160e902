/**
 * Issue 46, the author's screens in a real browser: the starter library offers standard input/output problems and
 * no filter value that matches nothing; a function problem's parameter names are readable at 1366 and 375 px and
 * its model solution follows the kind and the language; one rule for totals on every screen; statements render
 * Markdown safely and stubs keep the body's indentation.
 */
import { codingProblems } from '@assessly/server/test-kit';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2E } from './harness';
import { createUser, editorText, openCodingTest, seedTest, signedInPage } from './support';

const e2e = useE2E();

async function employerPage(viewport?: { width: number; height: number }) {
  const employer = await createUser(e2e.server, 'employer', { verified: true });
  const page = await signedInPage(e2e.browser, e2e.server, employer.email, viewport);
  return { employer, page };
}

async function newCodingTest(page: Page, name: string) {
  const created = await page.request.post(`${e2e.server.baseUrl}/api/tests/create`, {
    data: {
      testName: name,
      testType: 'CODING',
      duration: 60,
      totalMarks: 100,
      passingMarks: 40,
      access: 'link',
      proctoring: false,
    },
  });
  expect(created.status(), await created.text()).toBeLessThan(300);
  return (await created.json()).id as string;
}

const optionLabels = (page: Page, label: string) =>
  page
    .getByLabel(label, { exact: true })
    .evaluate((el) => [...(el as HTMLSelectElement).options].map((o) => o.textContent ?? ''));

describe('the library offers what exists', () => {
  it('the starter library lists standard input/output problems, and every kind it offers matches', async () => {
    const { page } = await employerPage();
    await page.goto(`${e2e.server.baseUrl}/admin/library`);
    // an empty company library offers no kind, difficulty or language to filter by
    await page.getByText('Nothing matches.').waitFor();
    expect(await optionLabels(page, 'Kind')).toEqual(['Any']);
    expect(await optionLabels(page, 'Difficulty')).toEqual(['Any']);
    expect(await page.getByLabel('Starter code language').count()).toBe(0);

    await page.getByLabel('Source').selectOption('starter');
    await page.getByRole('row', { name: /Balanced brackets/ }).waitFor();
    const kinds = await optionLabels(page, 'Kind');
    expect(kinds).toEqual(['Any', 'Standard input/output', 'Function', 'SQL']);
    for (const kind of kinds.slice(1)) {
      await page.getByLabel('Kind', { exact: true }).selectOption({ label: kind });
      const first = page.locator('table[aria-label="Library"] tbody tr').first();
      await first.waitFor();
      expect(await first.textContent()).toContain(kind === 'Standard input/output' ? 'Standard input/output' : kind);
      expect(await page.getByText('Nothing matches.').count()).toBe(0);
    }
    await page.getByLabel('Kind', { exact: true }).selectOption({ label: 'Standard input/output' });
    await page.getByRole('row', { name: /Shortest routes from the depot/ }).waitFor();
    await page.getByRole('row', { name: /Word frequency/ }).waitFor();
    await page.context().close();
  });
});

describe('function problem authoring', () => {
  for (const viewport of [
    { width: 1366, height: 900 },
    { width: 375, height: 812 },
  ]) {
    it(`parameter names are readable at ${viewport.width} px`, async () => {
      const { page } = await employerPage(viewport);
      const testId = await newCodingTest(page, `Layout ${viewport.width}`);
      await page.goto(`${e2e.server.baseUrl}/admin/coding-test/${testId}`);
      await page.getByRole('radio', { name: /^Function/ }).check();
      const name = page.getByLabel('Parameter 1 name');
      await name.fill('numbers');
      const box = await name.evaluate((el) => {
        const input = el as HTMLInputElement;
        const style = getComputedStyle(input);
        const inner = input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
        const probe = document.createElement('canvas').getContext('2d')!;
        probe.font = style.font;
        return { width: input.getBoundingClientRect().width, inner, text: probe.measureText(input.value).width };
      });
      // the old flex row left it 26 px wide with no room for a single character
      expect(box.width).toBeGreaterThanOrEqual(96);
      expect(box.inner).toBeGreaterThan(box.text);
      // the row fits the screen: the remove button is inside the viewport
      const remove = await page.getByRole('button', { name: 'Remove parameter 1' }).boundingBox();
      expect(remove!.x + remove!.width).toBeLessThanOrEqual(viewport.width);
      await page.context().close();
    });
  }

  it('the model solution follows the kind and the language, and keeps what the author wrote', async () => {
    const { page } = await employerPage({ width: 1366, height: 900 });
    const testId = await newCodingTest(page, 'Templates');
    await page.goto(`${e2e.server.baseUrl}/admin/coding-test/${testId}`);
    const solution = page.getByRole('textbox', { name: 'Solution', exact: true });
    const language = page.getByLabel('Solution language');
    // a new problem is stdin/stdout in JavaScript: the spec's template function
    expect(await solution.inputValue()).toContain("require('fs').readFileSync(0");

    await page.getByRole('radio', { name: /^Function/ }).check();
    await page.waitForFunction(() =>
      (document.querySelector('textarea[aria-label="Solution"]') as HTMLTextAreaElement).value.includes(
        'function solve(nums)',
      ),
    );
    expect(await solution.inputValue()).not.toContain('readFileSync');
    await language.selectOption('python');
    await expect.poll(() => solution.inputValue()).toBe('def solve(nums: list[int]) -> int:\n    pass\n');
    await page.getByLabel('Parameter 1 name').fill('values');
    await expect.poll(() => solution.inputValue()).toBe('def solve(values: list[int]) -> int:\n    pass\n');
    await language.selectOption('java');
    await expect.poll(() => solution.inputValue()).toContain('public int solve(int[] values)');

    await page.getByRole('radio', { name: /^SQL/ }).check();
    await expect.poll(() => solution.inputValue()).toBe('-- Write your query here (SQLite)\n');

    await page.getByRole('radio', { name: /^Input\/output/ }).check();
    await language.selectOption('python');
    await expect.poll(() => solution.inputValue()).toContain('sys.stdin');

    // the author's own code stays whatever is switched
    await solution.fill('print(sum(map(int, input().split())))\n');
    await language.selectOption('go');
    await page.getByRole('radio', { name: /^Function/ }).check();
    await page.getByLabel('Parameter 1 name').fill('xs');
    expect(await solution.inputValue()).toBe('print(sum(map(int, input().split())))\n');
    await page.context().close();
  });
});

describe('marks', () => {
  it('a test created with 100 marks totals its problems, and every screen says the same pass mark', async () => {
    const { page } = await employerPage({ width: 1366, height: 900 });
    const base = e2e.server.baseUrl;
    const testId = await newCodingTest(page, 'Marks round');
    const problem = async (marks: number) => {
      const res = await page.request.post(`${base}/api/coding-tests`, {
        data: {
          testId,
          title: `Worth ${marks}`,
          description: 'Print the sum.',
          examples: [{ input: '1 2', output: '3' }],
          testCases: [{ input: '2 2', output: '4' }],
          marks,
        },
      });
      expect(res.status(), await res.text()).toBe(201);
      return (await res.json()).id as string;
    };
    const ids = [await problem(60)];
    const put = async () => {
      const res = await page.request.put(`${base}/api/tests/${testId}/update-questions`, {
        data: { questionIds: ids },
      });
      expect(res.status(), await res.text()).toBe(200);
    };
    await put();
    // a 15-mark problem added later: the old code kept the total of one moment (here 100)
    ids.push(await problem(15));
    await put();

    await page.goto(`${base}/admin/tests/${testId}`);
    expect(await page.getByTestId('test-marks').textContent()).toBe(
      "Pass mark 40 of 75 (the sum of the questions' marks)",
    );
    await page.goto(`${base}/admin/tests/${testId}/edit`);
    const total = page.getByLabel('Total Marks');
    await expect.poll(() => total.inputValue()).toBe('75');
    expect(await total.getAttribute('readonly')).not.toBeNull();
    await page.goto(`${base}/admin/tests/${testId}/results`);
    expect(await page.getByTestId('results-pass-mark').textContent()).toBe('pass mark 40 of 75');

    const candidate = await createUser(e2e.server, 'candidate', { verified: true });
    const taker = await signedInPage(e2e.browser, e2e.server, candidate.email);
    await taker.goto(`${base}/code/${testId}`);
    expect(await taker.getByTestId('entry-pass-mark').textContent()).toBe('Pass mark 40 of 75');
    await taker.getByText('2 problems, 75 marks').waitFor();
    await taker.context().close();
    await page.context().close();
  });
});

const STATEMENT = [
  'Return the **sum** of `nums`, one of:',
  '',
  '- every number',
  '- nothing else',
  '',
  '| n | sum |',
  '|---|---|',
  '| 2 | 3 |',
  '',
  '```',
  'def solve(nums):',
  '    return sum(nums)',
  '```',
  '',
  '<math><mi>a</mi><mo>+</mo><mi>b</mi></math>',
  '',
  '<img src="x" onerror="window.__xss = 1"><script>window.__xss = 2</script>',
  '[a link](javascript:window.__xss=3) and <a href="https://example.org" onclick="window.__xss=4">another</a>',
].join('\n');

describe('statements', () => {
  it('render Markdown (code, lists, tables, maths) without running any script, and stubs are indented', async () => {
    const employer = await createUser(e2e.server, 'employer', { verified: true });
    const seeded = await seedTest(e2e.server, employer.id, [{ title: 'Markdown sum', description: STATEMENT }]);
    await e2e.server.deps.db
      .update(codingProblems)
      .set({
        kind: 'function',
        signature: { name: 'solve', params: [{ name: 'nums', type: 'int[]' }], returns: 'int' },
      })
      .where(eq(codingProblems.id, seeded.problems[0]!.id));
    const candidate = await createUser(e2e.server, 'candidate');
    const page = await signedInPage(e2e.browser, e2e.server, candidate.email);
    await openCodingTest(page, e2e.server, seeded.test.id);
    const statement = page.locator('.problem-description');
    await statement.locator('table').waitFor();
    const seen = await statement.evaluate((el) => ({
      strong: el.querySelector('strong')?.textContent,
      inline: el.querySelector('p code')?.textContent,
      items: [...el.querySelectorAll('ul > li')].map((li) => li.textContent),
      cells: [...el.querySelectorAll('table th, table td')].map((c) => c.textContent),
      block: el.querySelector('pre code')?.textContent,
      math: el.querySelectorAll('math mi').length,
      scripts: el.querySelectorAll('script').length,
      handlers: [...el.querySelectorAll('*')].filter((n) => [...n.attributes].some((a) => a.name.startsWith('on')))
        .length,
      hrefs: [...el.querySelectorAll('a')].map((a) => a.getAttribute('href')),
      img: el.querySelector('img')?.getAttribute('src') ?? null,
    }));
    expect(seen).toEqual({
      strong: 'sum',
      inline: 'nums',
      items: ['every number', 'nothing else'],
      cells: ['n', 'sum', '2', '3'],
      block: 'def solve(nums):\n    return sum(nums)\n',
      math: 2,
      scripts: 0,
      handlers: 0,
      hrefs: [null, 'https://example.org'],
      img: null,
    });
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    // the function's stub: the empty body line is indented, where the first keystroke belongs
    await page.getByLabel('Language').selectOption('java');
    await expect
      .poll(() => editorText(page))
      .toBe('class Solution {\n    public int solve(int[] nums) {\n        \n    }\n}\n');

    // the employer's test details show the same statement
    const employerPage = await signedInPage(e2e.browser, e2e.server, employer.email);
    await employerPage.goto(`${e2e.server.baseUrl}/admin/tests/${seeded.test.id}`);
    await employerPage.locator('.problem-description table').waitFor();
    expect(await employerPage.locator('.problem-description pre code').textContent()).toContain('return sum(nums)');
    await employerPage.context().close();
    await page.context().close();
  });
});
