/**
 * One test, any mix of kinds, in a real browser (issue 46): an owner turns a coding test into sections on the
 * Sections page (the coding section it starts from, then a timed single-select section and a multi-select one
 * added from the library), and a candidate takes them in order in one attempt on the coding page — the sections
 * bar names the current one and its own timer, Next section moves on — and the score counts every section.
 */
import { attempts, buildTeam, tests } from '@assessly/server/test-kit';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { E2E_TIMEOUT_MS, useE2E } from './harness';
import { createUser, seriousA11yViolations, signedInPage, signIn } from './support';

const e2e = useE2E();

describe('a mixed test', () => {
  it('an owner builds coding, single- and multi-select sections; a candidate takes them in order', async () => {
    const team = await buildTeam({ app: e2e.server.app, deps: e2e.server.deps });
    const ownerContext = await e2e.browser.newContext({ viewport: { width: 1400, height: 900 } });
    await signIn(ownerContext, e2e.server, team.owner.email, team.owner.password);
    const owner = await ownerContext.newPage();
    owner.setDefaultTimeout(E2E_TIMEOUT_MS);
    const post = async (path: string, data: object) => {
      const res = await owner.request.post(`${e2e.server.baseUrl}${path}`, { data });
      expect(res.status(), await res.text()).toBeLessThan(300);
      return res.json();
    };
    const test = await post('/api/tests/create', {
      testName: 'Mixed round',
      testType: 'CODING',
      duration: 30,
      totalMarks: 100,
      passingMarks: 5,
    });
    await post(`/api/tests/${test.id}/questions/batch`, {
      problems: [
        {
          title: 'Sum two numbers',
          description: 'Read two integers and print their sum.',
          examples: [{ input: '1 2', output: '3' }],
          testCases: [{ input: '40 2', output: '42' }],
          constraints: ['0 <= a, b <= 1000'],
          marks: 10,
        },
      ],
    });
    // the library's questions, made in an aptitude test of the company
    const home = await post('/api/tests/create', { testName: 'Question bank', testType: 'APTITUDE' });
    const base = { testId: home.id, marks: 5, explanation: '' };
    await post('/api/aptitude-questions/add', {
      ...base,
      questionText: 'Which number is prime?',
      options: ['4', '7', '9'],
      correctAnswer: 1,
    });
    await post('/api/aptitude-questions/add', {
      ...base,
      questionText: 'Which numbers are even?',
      options: ['2', '3', '4'],
      correctAnswer: 0,
      correctAnswers: [0, 2],
    });

    await owner.goto(`${e2e.server.baseUrl}/admin/tests/${test.id}`);
    await owner.getByRole('link', { name: 'Sections' }).click();
    const first = owner.getByRole('listitem', { name: 'Section 1' });
    await first.getByText('Sum two numbers (10 marks)').waitFor();
    await owner.getByRole('button', { name: 'Add section' }).click();
    const second = owner.getByRole('listitem', { name: 'Section 2' });
    await second.getByLabel('Section 2 title').fill('Pick one');
    await second.getByLabel('Section 2 kind').selectOption({ label: 'Single-select questions' });
    await second.getByLabel('Section time in minutes (optional)').fill('10');
    await second
      .getByLabel('Add from the library to section 2')
      .selectOption({ label: 'Which number is prime? (5 marks)' });
    await owner.getByRole('button', { name: 'Add section' }).click();
    const third = owner.getByRole('listitem', { name: 'Section 3' });
    await third.getByLabel('Section 3 title').fill('Pick some');
    await third.getByLabel('Section 3 kind').selectOption({ label: 'Multi-select questions' });
    await third
      .getByLabel('Add from the library to section 3')
      .selectOption({ label: 'Which numbers are even? (5 marks)' });
    expect(await seriousA11yViolations(owner)).toEqual([]);
    await owner.getByRole('button', { name: 'Save sections' }).click();
    await owner.getByText('Sections saved. Total marks: 20.').waitFor();
    const [row] = await e2e.server.deps.db.select().from(tests).where(eq(tests.id, test.id));
    expect(row!.sections?.map((s) => [s.title, s.kind, s.minutes])).toEqual([
      ['Coding', 'coding', null],
      ['Pick one', 'single', 10],
      ['Pick some', 'multiple', null],
    ]);
    await e2e.server.deps.db.update(tests).set({ access: 'link', proctoring: false }).where(eq(tests.id, test.id));
    await ownerContext.close();

    const cand = await createUser(e2e.server, 'candidate');
    const page = await signedInPage(e2e.browser, e2e.server, cand.email, { width: 1280, height: 860 });
    await page.goto(`${e2e.server.baseUrl}/code/${test.id}`);
    await page.getByTestId('start-count').getByText('3 items in 3 sections, 20 marks').waitFor();
    const entry = page.getByTestId('start-sections').getByRole('listitem');
    expect(await entry.allTextContents()).toEqual([
      'Coding: coding problems (1) · no time limit of its own',
      'Pick one: single-select questions (1) · 10 minutes of its own',
      'Pick some: multi-select questions (1) · no time limit of its own',
    ]);
    await page.getByRole('button', { name: 'Start Test' }).click();
    const bar = page.getByRole('navigation', { name: 'Sections' });
    await bar.getByText('Section 1 of 3:', { exact: false }).waitFor();
    await bar.getByText('no time limit of its own', { exact: false }).waitFor();
    await bar.getByRole('button', { name: 'Next section' }).click();
    await bar.getByText('You cannot come back to this section.').waitFor();
    await bar.getByRole('button', { name: 'Go to the next section' }).click();
    await page.getByRole('heading', { name: 'Pick one', level: 1 }).waitFor();
    await bar.getByTestId('section-timer').waitFor();
    expect(await bar.getByTestId('section-timer').textContent()).toMatch(/^00:(09|10):\d\d$/);
    const saved = () =>
      page.waitForResponse(
        (r) => r.url().endsWith(`/api/attempts/${test.id}/answers`) && r.request().method() === 'PUT' && r.ok(),
      );
    let answered = saved();
    await page.getByRole('radio', { name: 'B. 7' }).check();
    await answered;
    expect(await seriousA11yViolations(page, ['.proctoring'])).toEqual([]);
    await bar.getByRole('button', { name: 'Next section' }).click();
    await bar.getByRole('button', { name: 'Go to the next section' }).click();
    await page.getByRole('heading', { name: 'Pick some', level: 1 }).waitFor();
    await bar.getByText('This is the last section: use End Test when you are done.').waitFor();
    answered = saved();
    await page.getByRole('checkbox', { name: 'A. 2' }).check();
    await answered;
    answered = saved();
    await page.getByRole('checkbox', { name: 'C. 4' }).check();
    await answered;
    await page.getByRole('button', { name: 'End Test' }).click();
    await page.getByRole('button', { name: 'End Test now' }).click();
    // the end screen counts every section: the code part (nothing submitted) and the questions'
    await page.getByTestId('total-score').getByText('10 / 20', { exact: false }).waitFor();
    await page.getByText('Questions: you answered 2 of 2. Their marks: 10 / 10 marks.').waitFor();
    await page.context().close();

    const [attempt] = await e2e.server.deps.db.select().from(attempts).where(eq(attempts.testId, test.id));
    // no code was submitted: the attempt row holds the question sections' part, single (5) and multi-select (5);
    // the results add the code part (0 of 10) to it (sections.test.ts checks the results, report and CSV)
    expect(attempt).toMatchObject({ score: 10, maxScore: 10, awaitingGrading: false });
    expect(attempt!.sectionLog.map((e) => e.endedAt !== null)).toEqual([true, true, false]);
  });
});
