/**
 * Issue 44 in a real Chromium, with a loopback chat-completions server as the provider: the employer allows the
 * assistant on the test's edit page; the candidate's entry page says so; on the coding page the candidate asks,
 * reads the streamed answer, inserts its code block and submits it (judged Accepted); the reviewer's playback
 * shows the exchange at its moment and the insert as the assistant's, with its share of the final code.
 */
import { aiExchanges, attempts, createAiProvider, startLoopbackAiProvider } from '@assessly/server/test-kit';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useE2E } from './harness';
import { createUser, PY_SUM, seedTest, seriousA11yViolations, signedInPage } from './support';

const e2e = useE2E();
let provider: Awaited<ReturnType<typeof startLoopbackAiProvider>>;
let employer: { id: string; email: string };
beforeAll(async () => {
  provider = await startLoopbackAiProvider();
  // the server reads its provider from deps at each call: this one stands for AI_BASE_URL/AI_MODEL
  e2e.server.deps.ai = createAiProvider({
    baseUrl: provider.url,
    apiKey: 'e2e-key',
    model: 'loopback-coder',
    timeoutMs: 20_000,
  });
  employer = await createUser(e2e.server, 'employer');
});
afterAll(async () => provider.close());

describe('the AI assistant', () => {
  it('the candidate asks, inserts the answer and submits; the reviewer sees the exchange in the replay', async () => {
    const { test } = await seedTest(e2e.server, employer.id, [{ title: 'Sum of two' }]);

    const boss = await signedInPage(e2e.browser, e2e.server, employer.email);
    await boss.goto(`${e2e.server.baseUrl}/admin/tests/${test.id}/edit`);
    const card = boss.getByTestId('ai-settings');
    await card.getByText('loopback-coder').waitFor();
    await card.getByLabel('Full help: code included').check();
    await card.getByLabel('Questions per candidate').fill('3');
    await card.getByLabel(/Authorship follow-ups/).check();
    await card.getByRole('button', { name: 'Save AI settings' }).click();
    await card.getByText('AI assistant settings saved.').waitFor();
    expect(await seriousA11yViolations(boss)).toEqual([]);

    const cand = await createUser(e2e.server, 'candidate');
    const page = await signedInPage(e2e.browser, e2e.server, cand.email);
    await page.goto(`${e2e.server.baseUrl}/code/${test.id}`);
    await page.getByTestId('ai-entry').getByText('Allowed in this test: full help, code included').waitFor();
    await page.getByRole('button', { name: 'Start Test' }).click();
    await page.locator('.code-editor[data-ready="true"]').waitFor();
    await page.getByLabel('Language').selectOption('python');

    provider.script({
      kind: 'answer',
      pieces: ['Read both numbers and print the sum:\n\n```python\n', PY_SUM, '\n```\n\nThat is <b>all</b>.'],
      usage: { prompt: 200, completion: 60 },
    });
    const panel = page.getByRole('complementary', { name: 'AI assistant' });
    await panel.getByLabel('Ask the assistant').fill('How do I read two integers?');
    await panel.getByRole('button', { name: 'Ask', exact: true }).click();
    const insert = panel.getByRole('button', { name: 'Insert into editor' });
    await insert.waitFor();
    // the answer is text: its markup shows as written
    await panel.getByText('That is <b>all</b>.').waitFor();
    await panel.getByText('2 questions left', { exact: false }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.locator('.code-editor[data-ready="true"] .cm-content').click();
    await page.keyboard.press('Control+A');
    await insert.click();
    await page.locator('.code-editor .cm-line').getByText('print(nums[0] + nums[1])').waitFor();
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await page.getByText('Submitted! Passed 3 / 3 test cases.').waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'End Test' }).click();
    await page.getByRole('button', { name: 'End Test now' }).click();
    await page.getByRole('heading', { name: 'Test Submitted' }).waitFor();

    // authorship follow-ups about the submitted code, written by the (loopback) model
    provider.script({
      kind: 'answer',
      pieces: ['What does your program print for 2 5?\nWhy is nums a list?\nWhat breaks if you print nums[0] only?\n'],
    });
    const followUps = page.getByTestId('follow-ups');
    await followUps.getByRole('button', { name: 'Show the questions' }).click();
    await followUps.getByText('What does your program print for 2 5?').waitFor();
    await followUps
      .getByLabel(/Your answer \(before/)
      .first()
      .fill('It prints 7.');
    await followUps.getByRole('button', { name: 'Send answer' }).first().click();
    await followUps.getByText('It prints 7.').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    // what reached the provider: the question and the problem, with the code in the editor
    const asked = provider.received.filter((r) => r.body.includes('How do I read two integers?'));
    expect(asked).toHaveLength(1);
    const sent = asked[0]!.json.messages.map((m) => m.content).join('\n');
    expect(sent).toContain('How do I read two integers?');
    expect(sent).toContain('Sum of two');
    expect(sent).not.toContain('40 2');

    const [attempt] = await e2e.server.deps.db.select().from(attempts).where(eq(attempts.userId, cand.id));
    const [exchange] = await e2e.server.deps.db
      .select()
      .from(aiExchanges)
      .where(eq(aiExchanges.attemptId, attempt!.id));
    expect(exchange).toMatchObject({ status: 'ok', question: 'How do I read two integers?', model: 'loopback-coder' });

    await boss.goto(`${e2e.server.baseUrl}/admin/reports/${attempt!.id}/playback`);
    const aiUse = boss.getByTestId('ai-use');
    await aiUse.getByText('How do I read two integers?').waitFor();
    await aiUse.getByTestId('ai-share').getByText('from 1 insertion from the assistant', { exact: false }).waitFor();
    const marker = boss.getByRole('button', {
      name: new RegExp(`Insert from the AI assistant of ${PY_SUM.length} characters`),
    });
    await marker.waitFor();
    await boss.getByRole('button', { name: /Asked the AI assistant: How do I read two integers/ }).waitFor();
    await aiUse.getByTestId('follow-ups-review').getByText('It prints 7.', { exact: false }).waitFor();
    await aiUse.getByRole('button', { name: 'Show in the replay' }).click();
    await boss.getByText("Code inserted from the test's AI assistant", { exact: true }).waitFor();
    expect(await seriousA11yViolations(boss)).toEqual([]);
    await Promise.all([page.context().close(), boss.context().close()]);
  });
});
