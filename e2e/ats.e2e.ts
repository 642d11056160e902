/**
 * ATS connectors' settings end to end (issue 45): an employer opens Settings → ATS, sets up Greenhouse (the key
 * shown once), Greenhouse calls list_tests and send_test with it, a rotation stops the old key, Lever is configured
 * with its secrets (never shown back), and the delivery log is there. axe finds nothing serious.
 */
import { tests } from '@assessly/server/test-kit';
import { describe, expect, it } from 'vitest';
import { useE2E } from './harness';
import { seriousA11yViolations, signUpAndIn } from './support';

const e2e = useE2E();
const basic = (key: string) => `Basic ${Buffer.from(`${key}:`).toString('base64')}`;

describe('ATS connector settings', () => {
  it('sets up Greenhouse and Lever, shows the key once, rotates it, and lists the delivery log', async () => {
    const ctx = await e2e.browser.newContext();
    const email = `ats.${Date.now().toString(36)}@example.test`;
    await signUpAndIn(ctx, e2e.server, { firstName: 'Ada', lastName: 'Admin', email, role: 'employer' });
    const me = await (await ctx.request.get(`${e2e.server.baseUrl}/api/users/me`)).json();
    const [test] = await e2e.server.deps.db
      .insert(tests)
      .values({
        companyId: me.companyId,
        createdBy: me.id,
        testName: 'ATS screen',
        testType: 'APTITUDE',
        access: 'invited',
      })
      .returning();

    const page = await ctx.newPage();
    await page.goto(`${e2e.server.baseUrl}/admin/settings`);
    await page.getByRole('navigation', { name: 'Company settings' }).getByRole('link', { name: 'ATS' }).click();
    await page.getByRole('heading', { level: 1, name: 'ATS connectors' }).waitFor();
    const greenhouse = page.getByRole('region', { name: /^Greenhouse/ });
    await greenhouse.getByRole('button', { name: 'Set up Greenhouse' }).click();
    await greenhouse.getByText('API key to give Greenhouse — copy it now').waitFor();
    const first = (await greenhouse.locator('code.settings-secret').textContent())!.trim();
    expect(first).toMatch(/^asly_ats_/);
    const endpoint = await greenhouse.getByLabel(/Base URL of the partner endpoints/).inputValue();
    expect(endpoint).toMatch(/\/ats\/greenhouse$/);
    await page.getByText('No results sent yet.').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    const listTests = (key: string) =>
      fetch(`${e2e.server.baseUrl}/ats/greenhouse/list_tests`, { headers: { authorization: basic(key) } });
    const listed = await listTests(first);
    expect(listed.status).toBe(200);
    expect(await listed.json()).toEqual([{ partner_test_id: test!.id, partner_test_name: 'ATS screen' }]);
    const sent = await fetch(`${e2e.server.baseUrl}/ats/greenhouse/send_test`, {
      method: 'POST',
      headers: { authorization: basic(first), 'content-type': 'application/json' },
      body: JSON.stringify({
        partner_test_id: test!.id,
        candidate: { first_name: 'Harry', last_name: 'Potter', email: `harry.${email}` },
        url: 'https://app.greenhouse.io/integrations/assessments/complete/1',
      }),
    });
    expect(sent.status).toBe(200);
    expect((await sent.json()).partner_interview_id).toMatch(/^[0-9a-f-]{36}$/);

    // the key is not shown again; a rotation stops the old one
    await page.reload();
    await greenhouse.getByRole('button', { name: 'Rotate key' }).click();
    await greenhouse.getByText('copy it now').waitFor();
    const second = (await greenhouse.locator('code.settings-secret').textContent())!.trim();
    expect(second).not.toBe(first);
    expect((await listTests(first)).status).toBe(401);
    expect((await listTests(second)).status).toBe(200);

    // Lever: secrets go in, never come back
    const lever = page.getByRole('region', { name: /^Lever/ });
    await lever.getByLabel(/^Lever API key/).fill('lever-key-e2e');
    await lever.getByLabel(/^Webhook signature token/).fill('lever-token-e2e');
    await lever.getByLabel('Test sent (invite-only tests)').selectOption({ label: 'ATS screen' });
    await lever.getByLabel('Stage id that sends the test').fill('stage-assessment');
    await lever.getByLabel(/perform_as/).fill('lever-user-1');
    await lever.getByRole('button', { name: 'Set up Lever' }).click();
    await lever.getByText('On', { exact: true }).waitFor();
    await lever.getByLabel(/Webhook URL/).waitFor();
    expect(await lever.getByLabel(/Webhook URL/).inputValue()).toContain(`/ats/lever/${me.companyId}/webhook`);
    await page.reload();
    await lever.getByLabel(/^Lever API key.*saved/).waitFor();
    expect(await page.content()).not.toContain('lever-key-e2e');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await ctx.close();
  });
});
