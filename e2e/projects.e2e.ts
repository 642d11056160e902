/**
 * Project tasks in a real browser (issue 43): a candidate opens a Python project, edits one file and creates a
 * second, sees the autosave, runs the visible tests (per-test results and the runner's log), finds both files
 * after a reload, and submits: every test, hidden ones included, judged by the real sandbox.
 */
import { cartProject, codingProblems, tests } from '@assessly/server/test-kit';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useE2E } from './harness';
import { createUser, seedTest, seriousA11yViolations, signedInPage, typeInEditor } from './support';

const e2e = useE2E();

const HELPERS = 'def line_total(item):\n    return item["price"] * item["qty"]\n';
const TOTAL =
  'from cart.helpers import line_total\n\n\ndef total(items, discount=0):\n    s = sum(line_total(i) for i in items)\n    return round(s * (100 - discount) / 100, 2)\n';

describe('project tasks', () => {
  it('a candidate edits two files, runs the visible tests, reloads and submits', async () => {
    const employer = await createUser(e2e.server, 'employer', { verified: true });
    const { test } = await seedTest(e2e.server, employer.id, [], { name: 'Project round' });
    const body = cartProject();
    const [problem] = await e2e.server.deps.db
      .insert(codingProblems)
      .values({
        testId: test.id,
        createdBy: employer.id,
        title: body.title,
        description: body.description,
        kind: 'project',
        project: body.project as never,
        marks: 20,
      })
      .returning();
    await e2e.server.deps.db
      .update(tests)
      .set({ questionIds: [problem!.id], totalMarks: 20, passingMarks: 10 })
      .where(eq(tests.id, test.id));

    const cand = await createUser(e2e.server, 'candidate');
    const page = await signedInPage(e2e.browser, e2e.server, cand.email);
    await page.goto(`${e2e.server.baseUrl}/code/${test.id}`);
    await page.getByRole('button', { name: 'Start Test' }).click();
    const workspace = page.getByTestId('project-workspace');
    await workspace.locator('.code-editor[data-ready="true"]').waitFor();
    // the starter's module is open; the visible test is listed read-only
    await workspace.getByRole('button', { name: /tests\/test_total\.py/ }).waitFor();

    // a second file, created in the tree
    await workspace.getByRole('button', { name: 'New file' }).click();
    await workspace.getByLabel('Path of the new file').fill('cart/helpers.py');
    await workspace.getByRole('button', { name: 'OK' }).click();
    await workspace.getByRole('button', { name: 'helpers.py', exact: true }).waitFor();
    await typeInEditor(page, HELPERS);
    // the first file, edited
    await workspace.getByRole('button', { name: 'cart/total.py', exact: true }).click();
    await workspace.getByRole('button', { name: 'total.py', exact: true, pressed: true }).waitFor();
    await typeInEditor(page, TOTAL);
    await workspace.getByTestId('project-save').getByText('All files saved').waitFor();

    await workspace.getByRole('button', { name: 'Run tests' }).click();
    await workspace.getByTestId('project-summary').getByText('2 of 2 tests passed').waitFor({ timeout: 60_000 });
    expect(await workspace.getByTestId('project-log').textContent()).toContain('2 passed');
    expect(await seriousA11yViolations(page, ['.proctoring-video'])).toEqual([]);

    // nothing lost on reload: both files come back from the server
    await page.reload();
    await workspace.locator('.code-editor[data-ready="true"]').waitFor();
    await workspace.getByRole('button', { name: 'cart/helpers.py', exact: true }).click();
    await workspace.getByRole('button', { name: 'helpers.py', exact: true, pressed: true }).waitFor();
    expect(await page.locator('.code-editor .cm-content').textContent()).toContain('line_total');

    await workspace.getByRole('button', { name: 'Submit', exact: true }).click();
    await workspace
      .getByTestId('project-summary')
      .getByText('4 of 4 tests passed · Score 20 of 20')
      .waitFor({ timeout: 60_000 });
    // hidden tests show as numbered passes only
    expect(await workspace.getByTestId('project-cases').textContent()).toContain('Hidden test 1');
    expect(await workspace.getByTestId('project-cases').textContent()).not.toContain('test_discount');
    await page.context().close();
  });
});
