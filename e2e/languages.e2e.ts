/**
 * Issue 24 in a real Chromium with the real judge: a test that offers Go and C# only. The candidate's picker
 * lists just those two; the candidate writes, runs and submits a Go and a C# solution.
 */
import { tests } from '@assessly/server/test-kit';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useE2E } from './harness';
import { createUser, editorText, openCodingTest, seedTest, signedInPage, typeInEditor } from './support';

const e2e = useE2E();

const GO_SUM =
  'package main\n\nimport "fmt"\n\nfunc main() {\n\tvar a, b int\n\tfmt.Scan(&a, &b)\n\tfmt.Println(a + b)\n}\n';
const CSHARP_SUM =
  "using System;\n\nclass Solution\n{\n    static void Main()\n    {\n        var p = Console.ReadLine().Split(' ');\n        Console.WriteLine(int.Parse(p[0]) + int.Parse(p[1]));\n    }\n}\n";

describe('a test offering Go and C#', () => {
  it('lists only those languages, and runs and submits a Go and a C# solution', async () => {
    const employer = await createUser(e2e.server, 'employer');
    const { test } = await seedTest(e2e.server, employer.id, [{ title: 'Sum of two' }]);
    await e2e.server.deps.db
      .update(tests)
      .set({ languages: ['go', 'csharp'] })
      .where(eq(tests.id, test.id));
    const cand = await createUser(e2e.server, 'candidate');
    const page = await signedInPage(e2e.browser, e2e.server, cand.email);
    await openCodingTest(page, e2e.server, test.id);

    const picker = page.getByLabel('Language');
    expect(await picker.locator('option').allTextContents()).toEqual(['C#', 'Go']);
    // the first offered language is selected, with its starter template
    expect(await picker.inputValue()).toBe('csharp');
    expect(await editorText(page)).toContain('Console.In.ReadToEnd()');

    for (const [language, code] of [
      ['go', GO_SUM],
      ['csharp', CSHARP_SUM],
    ] as const) {
      await picker.selectOption(language);
      // switching languages clears the previous language's results
      await page.getByText('Submitted! Passed 3 / 3 test cases.').waitFor({ state: 'detached' });
      await typeInEditor(page, code);
      await page.getByRole('button', { name: 'Run', exact: true }).click();
      await page.getByText('Passed 2 / 2').waitFor();
      await page.getByRole('button', { name: 'Submit', exact: true }).click();
      await page.getByText('Submitted! Passed 3 / 3 test cases.').waitFor();
    }
    await page.context().close();
  });
});
