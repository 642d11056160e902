/**
 * Test authoring in a real browser: an employer builds a coding test (two problems with examples, hidden
 * cases and constraints) and an aptitude test (three questions), finds them on the dashboard and in Manage
 * Tests, opens Test Details, edits a problem and a question, reorders questions and deletes a test.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { newServerPage, useE2E } from './harness';
import { signUpThenSignInWithForm } from './support';

const e2e = useE2E();
let page: Page;
const email = `author.${Date.now().toString(36)}@example.test`;
const password = 'Authoring1!';

beforeAll(async () => {
  page = await newServerPage(e2e);
});

const text = (s: string) => page.getByText(s, { exact: true });
const api = async <T>(path: string): Promise<T> => (await page.request.get(path)).json() as Promise<T>;

async function fillProblem(
  n: number,
  p: { title: string; description: string; example: [string, string]; hidden: [string, string]; constraint: string },
) {
  await page.getByRole('tab', { name: `Question ${n}` }).click();
  await page.getByLabel('Title', { exact: true }).fill(p.title);
  await page.getByLabel('Description', { exact: true }).fill(p.description);
  await page.getByLabel('Example 1 input').fill(p.example[0]);
  await page.getByLabel('Example 1 output').fill(p.example[1]);
  await page.getByLabel('Test case 1 input').fill(p.hidden[0]);
  await page.getByLabel('Test case 1 output').fill(p.hidden[1]);
  await page.getByLabel('Constraint 1', { exact: true }).fill(p.constraint);
}

async function fillQuestion(n: number, q: { text: string; options: string[]; correct: number }) {
  const card = page.getByRole('region', { name: `Question ${n}` });
  await card.getByLabel('Question Text').fill(q.text);
  for (const [i, o] of q.options.entries()) await card.getByLabel(`Option ${'ABCD'[i]}`, { exact: true }).fill(o);
  await card.getByLabel(`Option ${'ABCD'[q.correct]} is correct`).check();
}

async function createTest(name: string, type: 'Aptitude' | 'Coding'): Promise<string> {
  await page.getByRole('link', { name: 'Create Test', exact: true }).click();
  await page.getByLabel('Test Name').fill(name);
  await page.getByLabel('Test Type').selectOption({ label: type });
  await page.getByLabel('Description').fill(`${type} screening for new hires`);
  await page.getByRole('button', { name: 'Create Test' }).click();
  await page.waitForURL(
    type === 'Coding' ? /\/admin\/coding-test\/[0-9a-f-]{36}$/ : /\/admin\/aptitude-test\/[0-9a-f-]{36}$/,
  );
  return page.url().split('/').pop()!;
}

describe('test authoring', () => {
  let codingId = '';
  let aptitudeId = '';

  it('signs up an employer and lands on an empty dashboard with real numbers', async () => {
    await signUpThenSignInWithForm(page, { firstName: 'Ada', lastName: 'Author', email, password, role: 'employer' });
    await page.waitForURL(/\/admin$/);
    await text('No tests created yet').waitFor();
    expect(await page.getByTestId('stat-Total Tests').textContent()).toBe('0');
  });

  it('builds a coding test with two problems; validation jumps to the failing tab', async () => {
    codingId = await createTest('Backend Coding Round', 'Coding');
    await fillProblem(1, {
      title: 'Sum Two',
      description: 'Print a + b.',
      example: ['1 2', '3'],
      hidden: ['40 2', 'HIDDEN-SUM-42'],
      constraint: '|a|, |b| <= 10^9',
    });
    await page.getByRole('button', { name: '+ Add Question' }).click();
    await fillProblem(2, {
      title: 'Reverse',
      description: 'Reverse the string.',
      example: ['abc', 'cba'],
      hidden: ['xyz', ''],
      // a blank constraint row is dropped on save (issue 46), never a dead end
      constraint: '',
    });
    // The question tabs follow the arrow keys (WAI-ARIA tabs): Question 1, then ArrowRight back to 2 and Home to 1.
    await page.getByRole('tab', { name: 'Question 1' }).click();
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('tab', { name: 'Question 2' }).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Home');
    expect(await page.getByRole('tab', { name: 'Question 1' }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('button', { name: 'Save All Questions' }).click();
    await text('Question 2: All test cases must have both input and output').waitFor();
    expect(await page.getByRole('tab', { name: 'Question 2' }).getAttribute('aria-selected')).toBe('true');
    await page.getByLabel('Test case 1 output').fill('zyx');
    await page.getByRole('button', { name: 'Save All Questions' }).click();
    await text('Successfully saved 2 coding question(s)!').waitFor();
    const built = await api<{ problems: { constraints: string[] }[] }>(`/api/tests/${codingId}/questions`);
    expect(built.problems.map((p) => p.constraints)).toEqual([['|a|, |b| <= 10^9'], []]);
    const dialog = page.getByRole('dialog', { name: 'Test Created Successfully!' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(`${e2e.server.baseUrl}/code/${codingId}`);
    await dialog.getByRole('button', { name: 'Copy Link' }).click();
    await dialog.getByRole('button', { name: 'Copied!' }).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.waitForURL(/\/admin\/tests$/);
  });

  it('builds an aptitude test with three questions', async () => {
    aptitudeId = await createTest('General Aptitude', 'Aptitude');
    await fillQuestion(1, { text: 'What is 6 x 7?', options: ['42', '36', '48', '40'], correct: 0 });
    await page.getByRole('button', { name: '+ Add Question' }).click();
    await fillQuestion(2, { text: 'Next in 2, 4, 8, ...?', options: ['10', '12', '16', '14'], correct: 2 });
    await page.getByRole('button', { name: '+ Add Question' }).click();
    await fillQuestion(3, { text: 'Capital of Japan?', options: ['Seoul', 'Tokyo', 'Beijing', 'Bangkok'], correct: 1 });
    await page.getByRole('button', { name: 'Save Questions' }).click();
    await text('All questions saved successfully!').waitFor();
    await page.waitForURL(/\/admin\/tests$/);
    const saved = await api<{ questions: { correctAnswer: number }[] }>(`/api/tests/${aptitudeId}/questions`);
    expect(saved.questions.map((q) => q.correctAnswer)).toEqual([0, 2, 1]);
  });

  it('shows both tests on the dashboard and in Manage Tests with search and type filter', async () => {
    await page.getByRole('link', { name: 'Dashboard' }).click();
    // The Manage Tests page it comes from lists the same names: wait for the dashboard itself.
    await page.waitForURL(/\/admin$/);
    await page.getByTestId('stat-Total Tests').waitFor();
    await text('General Aptitude').waitFor();
    expect(await page.getByTestId('stat-Total Tests').textContent()).toBe('2');
    expect(await page.getByTestId('stat-Aptitude Tests').textContent()).toBe('1');
    expect(await page.getByTestId('stat-Coding Tests').textContent()).toBe('1');
    await text('Backend Coding Round').waitFor();

    await page.getByRole('link', { name: 'Tests', exact: true }).click();
    const rows = page.getByTestId('test-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(2);
    await page.getByPlaceholder('Search tests...').fill('aptitude');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="test-row"]').length === 1);
    expect(await rows.first().textContent()).toContain('General Aptitude');
    expect(await rows.first().textContent()).toContain(`/aptitude/${aptitudeId}`);
    await page.getByPlaceholder('Search tests...').fill('zzz');
    await text('No tests matching "zzz"').waitFor();
    await page.getByPlaceholder('Search tests...').fill('');
    await page.getByLabel('Test type').selectOption({ label: 'Coding Tests' });
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="test-row"]').length === 1);
    expect(await rows.first().textContent()).toContain(`/code/${codingId}`);
    await page.getByLabel('Test type').selectOption({ label: 'All Types' });
  });

  it('opens Test Details of the coding test', async () => {
    await page.getByRole('link', { name: 'View Backend Coding Round', exact: true }).click();
    await page.waitForURL(new RegExp(`/admin/tests/${codingId}$`));
    await text('Coding Test').waitFor();
    expect(await page.getByTestId('question-count').textContent()).toBe('2');
    await text('Problem Description').waitFor();
    await text('Print a + b.').waitFor();
    await page.getByRole('button', { name: /Question 2: Reverse/ }).click();
    await text('Reverse the string.').waitFor();
  });

  it('edits a coding problem inline', async () => {
    await page.goto(`/admin/coding-test/edit/${codingId}`);
    await page.getByRole('button', { name: 'Edit Sum Two' }).click();
    await page.getByLabel('Title', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Save Problem' }).click();
    await text('Title and description are required').waitFor();
    await page.getByLabel('Title', { exact: true }).fill('Sum Of Two Integers');
    // removing the only constraint empties its row (issue 46); the blank row is dropped on save
    await page.getByRole('button', { name: 'Remove constraint 1' }).click();
    expect(await page.getByLabel('Constraint 1', { exact: true }).inputValue()).toBe('');
    await page.getByRole('button', { name: 'Save Problem' }).click();
    await page.getByRole('button', { name: 'Edit Sum Of Two Integers' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Changes saved successfully!' }).waitFor();

    // The add modal takes focus, closes on Escape and hands focus back to its opener.
    await page.getByRole('button', { name: 'Add Problems', exact: true }).click();
    await page.getByRole('dialog', { name: 'Add Problems to Test' }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('placeholder'))).toBe('Search problems...');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Add Problems');
    const problem = await api<{
      problems: { title: string; testCases: { output: string }[]; constraints: string[] }[];
    }>(`/api/tests/${codingId}/questions`);
    expect(problem.problems[0]).toMatchObject({
      title: 'Sum Of Two Integers',
      testCases: [{ output: 'HIDDEN-SUM-42' }],
      constraints: [],
    });
  });

  it('edits an aptitude question and reorders the questions', async () => {
    await page.goto(`/admin/aptitude-test/edit/${aptitudeId}`);
    await page.getByRole('button', { name: 'Edit question 1' }).click();
    await page.getByLabel('Question Text').fill('What is 6 times 7?');
    await page.getByRole('button', { name: 'Update Question' }).click();
    await page.getByRole('button', { name: 'Move question 3 up' }).click();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await text('Changes saved successfully!').waitFor();
    const saved = await api<{ questions: { questionText: string }[] }>(`/api/tests/${aptitudeId}/questions`);
    expect(saved.questions.map((q) => q.questionText)).toEqual([
      'What is 6 times 7?',
      'Capital of Japan?',
      'Next in 2, 4, 8, ...?',
    ]);
  });

  it('deletes a test after the confirmation', async () => {
    await page.goto('/admin/tests');
    await page.getByTestId('test-row').first().waitFor();
    let asked = '';
    page.once('dialog', (d) => {
      asked = d.message();
      void d.accept();
    });
    await page.getByRole('button', { name: 'Delete Backend Coding Round' }).click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="test-row"]').length === 1);
    expect(asked).toBe('Are you sure you want to delete this test?');
    expect((await page.request.get(`/api/tests/${codingId}`)).status()).toBe(404);
  });
});
