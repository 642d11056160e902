/**
 * Companies end to end: register a company through the 3-step wizard (with a logo and every step's
 * validation messages), verify the email from the outbox, sign in on /owner/login, invite a recruiter who
 * joins through the emailed link, and both employers see the same company tests.
 */
import { pngOfSize, TINY_PNG } from '@assessly/server/test-kit';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2E } from './harness';

const e2e = useE2E();

const stamp = Date.now().toString(36);
const company = { name: 'Quantum Widgets', email: `hello.${stamp}@quantum.example` };
const admin = { fullName: 'Ada Lovelace', email: `ada.${stamp}@quantum.example`, password: 'Engine12!' };
const recruiterEmail = `rita.${stamp}@quantum.example`;

/** Waits until this exact text is visible (fails the test after 5 s). */
const see = (page: Page, text: string) =>
  page.getByText(text, { exact: true }).first().waitFor({ state: 'visible', timeout: 5000 });
const gone = (page: Page, text: string) =>
  page.getByText(text, { exact: true }).waitFor({ state: 'detached', timeout: 5000 });
const click = (page: Page, name: string) => page.getByRole('button', { name, exact: true }).click();

async function tokenMailedTo(to: string, path: string): Promise<string> {
  const rows = await e2e.server.deps.database.query<{ body_text: string }>(
    'SELECT body_text FROM outbox WHERE to_address = $1 ORDER BY created_at DESC',
    [to],
  );
  for (const r of rows) {
    const m = new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`).exec(r.body_text);
    if (m) return m[1]!;
  }
  throw new Error(`no ${path} link mailed to ${to}`);
}

async function testIdsSeenBy(page: Page): Promise<string[]> {
  const me = await (await page.request.get(`${e2e.server.baseUrl}/api/users/me`)).json();
  const res = await page.request.get(`${e2e.server.baseUrl}/api/tests/by-user/${me.id}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { id: string }[]).map((t) => t.id);
}

describe('company registration, owner sign-in and the team', () => {
  it('registers a company with a logo, verifies, signs in, and a recruiter joins and sees the same tests', async () => {
    // A company that already uses the email we will try first (the duplicate must show on step 1).
    const taken = `taken.${stamp}@quantum.example`;
    const pre = await fetch(`${e2e.server.baseUrl}/api/register-company`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        companyName: 'Taken Co',
        companyEmail: taken,
        website: 'https://taken.example',
        industry: 'Retail',
        companySize: '1-10',
        establishedYear: 1990,
        description: 'x'.repeat(60),
        linkedinUrl: '',
        fullName: 'T Aken',
        designation: 'CEO',
        adminEmail: `owner.${stamp}@taken.example`,
        password: 'Taken123',
        agreeToTerms: true,
      }),
    });
    expect(pre.status).toBe(201);

    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${e2e.server.baseUrl}/owner/login`);
    for (const text of [
      'Live Coding Tests',
      'Anti-Cheat Detection',
      'AI-Powered Analysis',
      'Test kinds',
      'Coding + aptitude',
      'Hosting',
      'Your own server',
    ])
      await see(page, text);
    expect(await page.getByRole('tab', { name: 'Sign In' }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('tab', { name: 'Create Account' }).click();

    // Step 1: every rule.
    await see(page, 'Step 1 of 3');
    await click(page, 'Continue');
    for (const m of [
      'Company name is required',
      'Company email is required',
      'Website is required',
      'Please select an industry',
      'Please select company size',
      'Established year is required',
    ]) {
      await see(page, m);
    }
    await page.getByLabel('Company Name').fill(company.name);
    await gone(page, 'Company name is required');
    await page.getByLabel('Company Email').fill('not-an-email');
    await page.getByLabel('Website').fill('quantum.example');
    await page.getByLabel('Industry').selectOption('Technology');
    await page.getByLabel('Company Size').selectOption('51-200');
    await page.getByLabel('Established Year').fill('1799');
    await click(page, 'Continue');
    for (const m of [
      'Please enter a valid email address',
      'Please enter a valid website URL',
      'Please enter a valid year',
    ])
      await see(page, m);
    await page.getByLabel('Company Email').fill(taken);
    await page.getByLabel('Website').fill('https://quantum.example');
    await page.getByLabel('Established Year').fill(String(new Date().getFullYear() + 1));
    await click(page, 'Continue');
    await see(page, 'Please enter a valid year');
    await page.getByLabel('Established Year').fill('2012');
    await click(page, 'Continue');

    // Step 2: description, LinkedIn, logo type and size, preview and remove.
    await see(page, 'Step 2 of 3');
    await click(page, 'Continue');
    await see(page, 'Company description is required');
    await page.getByLabel('Company Description').fill('Too short');
    await see(page, '9/500');
    await page.getByLabel('LinkedIn URL (optional)').fill('https://example.com/quantum');
    await click(page, 'Continue');
    await see(page, 'Description should be at least 50 characters');
    await see(page, 'Please enter a valid LinkedIn company URL');
    const logoInput = page.getByLabel('Company Logo (optional)');
    await logoInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await see(page, 'Please upload an image file');
    await logoInput.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: pngOfSize(5_242_880) });
    await see(page, 'File size should be less than 5MB');
    await logoInput.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: TINY_PNG });
    await page.getByAltText('Logo preview').waitFor();
    await click(page, 'Remove logo');
    await page.getByAltText('Logo preview').waitFor({ state: 'detached' });
    await logoInput.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: TINY_PNG });
    await page.getByAltText('Logo preview').waitFor();
    const description = 'Quantum Widgets builds measurement tools for labs and factories worldwide.';
    await page.getByLabel('Company Description').fill(description);
    await see(page, `${description.length}/500`);
    await page.getByLabel('LinkedIn URL (optional)').fill('https://www.linkedin.com/company/quantum-widgets');
    await click(page, 'Continue');

    // Step 3: every rule and the strength meter.
    await see(page, 'Step 3 of 3');
    await click(page, 'Complete Registration');
    for (const m of [
      'Full name is required',
      'Designation is required',
      'Email is required',
      'Password is required',
      'You must agree to the terms and conditions',
    ]) {
      await see(page, m);
    }
    await page.getByLabel('Full Name').fill(admin.fullName);
    await page.getByLabel('Designation').fill('Head of Engineering');
    await page.getByLabel('Email Address').fill(admin.email);
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('abc');
    await see(page, 'Weak');
    await click(page, 'Complete Registration');
    await see(page, 'Password must be at least 8 characters');
    await password.fill('abcdefg1');
    await see(page, 'Medium');
    await click(page, 'Complete Registration');
    await see(page, 'Password must contain uppercase, lowercase, and number');
    await password.fill(admin.password);
    await see(page, 'Strong');
    await page.getByLabel(/I agree to the/).check();

    // Previous keeps what was typed.
    await click(page, 'Previous');
    await see(page, 'Step 2 of 3');
    expect(await page.getByLabel('Company Description').inputValue()).toBe(description);
    await page.getByAltText('Logo preview').waitFor();
    await click(page, 'Continue');
    expect(await page.getByLabel('Full Name').inputValue()).toBe(admin.fullName);

    // A dropped request: an error on step 3 and nothing lost.
    await page.route('**/api/register-company', (route) => route.abort());
    await click(page, 'Complete Registration');
    await see(page, 'Could not reach the server. Nothing was lost — please check your connection and try again.');
    expect(await page.getByLabel('Email Address').inputValue()).toBe(admin.email);
    await page.unroute('**/api/register-company');

    // The server refuses the taken company email: the wizard shows it on step 1.
    await click(page, 'Complete Registration');
    await see(page, 'Step 1 of 3');
    await see(page, 'A company with this email is already registered');
    await page.getByLabel('Company Email').fill(company.email);
    await click(page, 'Continue');
    await click(page, 'Continue');
    await see(page, 'Step 3 of 3');
    await click(page, 'Complete Registration');

    // Step 4.
    await page.getByRole('heading', { name: 'Registration Successful' }).waitFor();
    await see(page, "What's Next");
    await page.getByRole('link', { name: 'Contact Support' }).waitFor();
    await click(page, 'Resend Verification Email');
    // Registration has just sent one: the answer says so instead of pretending another is on its way.
    await page
      .getByRole('alert')
      .filter({ hasText: /A verification email was sent less than a minute ago.*try again in \d+ seconds/ })
      .waitFor();
    await click(page, 'Go to Dashboard');
    await page.waitForURL(`${e2e.server.baseUrl}/admin`);

    // The logo is stored and served as an image.
    const [co] = await e2e.server.deps.database.query<{ id: string }>('SELECT id FROM companies WHERE email = $1', [
      company.email,
    ]);
    const logo = await page.request.get(`${e2e.server.baseUrl}/api/companies/${co!.id}/logo`);
    expect(logo.headers()['content-type']).toBe('image/png');
    expect(Buffer.from(await logo.body()).equals(TINY_PNG)).toBe(true);

    // Verify the email with the link from the outbox.
    await page.goto(`${e2e.server.baseUrl}/verify-email?token=${await tokenMailedTo(admin.email, '/verify-email')}`);
    await see(page, `Your email ${admin.email} has been verified.`);
    expect((await (await page.request.get(`${e2e.server.baseUrl}/api/users/me`)).json()).emailVerified).toBe(true);

    // Sign out, then sign in on /owner/login (validation first).
    await click(page, 'Logout');
    await page.waitForURL(`${e2e.server.baseUrl}/`);
    await page.goto(`${e2e.server.baseUrl}/owner/login`);
    await click(page, 'Sign In');
    await see(page, 'Email is required');
    await see(page, 'Password is required');
    await page.getByLabel('Email', { exact: true }).fill('nope');
    await gone(page, 'Email is required');
    await click(page, 'Sign In');
    await see(page, 'Please enter a valid email address');
    await page.getByLabel('Email', { exact: true }).fill(admin.email);
    await page.getByLabel('Password', { exact: true }).fill('Wrong-password1');
    await click(page, 'Sign In');
    await see(page, 'Login failed. Please check your credentials.');
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    // Hold the answer a moment so the busy label can be seen; the call itself is real.
    await page.route('**/api/users/login', async (route) => {
      await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });
    await click(page, 'Sign In');
    await see(page, 'Signing In...');
    await page.waitForURL(`${e2e.server.baseUrl}/admin`);
    await page.unroute('**/api/users/login');

    // Invite a recruiter from the team page.
    await page.goto(`${e2e.server.baseUrl}/admin/team`);
    await page.getByRole('heading', { name: `${company.name} — Team` }).waitFor();
    // The team page sits in the admin area: the sidebar marks Team as the current page.
    const sidebar = page.getByRole('complementary', { name: 'Admin navigation' });
    expect(await sidebar.getByRole('link', { name: 'Team' }).getAttribute('aria-current')).toBe('page');
    expect(
      await page.getByAltText(`${company.name} logo`).evaluate((img) => (img as HTMLImageElement).naturalWidth),
    ).toBe(1);
    await page.getByLabel("Colleague's email").fill(recruiterEmail);
    await click(page, 'Send Invitation');
    await see(page, `Invitation sent to ${recruiterEmail}.`);
    await page.getByRole('main').locator('.owner-invites').getByText(recruiterEmail).waitFor();

    // The recruiter joins through the emailed link (a fresh browser profile) and lands on /admin.
    const recruiterContext = await e2e.browser.newContext();
    const recruiter = await recruiterContext.newPage();
    await recruiter.goto(`${e2e.server.baseUrl}/join?token=${await tokenMailedTo(recruiterEmail, '/join')}`);
    await recruiter.getByRole('heading', { name: `Join ${company.name}` }).waitFor();
    expect(await recruiter.getByLabel('Email', { exact: true }).inputValue()).toBe(recruiterEmail);
    await recruiter.getByLabel('First Name').fill('Rita');
    await recruiter.getByLabel('Last Name').fill('Cruiter');
    await recruiter.getByLabel('Password', { exact: true }).fill('Hiring123');
    await click(recruiter, 'Join Company');
    await recruiter.waitForURL(`${e2e.server.baseUrl}/admin`);

    // Both employers see the company's tests (a test row of the company, as the authoring UI would store it).
    const [adminRow] = await e2e.server.deps.database.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [
      admin.email,
    ]);
    const [test] = await e2e.server.deps.database.query<{ id: string }>(
      "INSERT INTO tests (company_id, created_by, test_name, test_type) VALUES ($1, $2, 'Quantum backend screen', 'CODING') RETURNING id",
      [co!.id, adminRow!.id],
    );
    expect(await testIdsSeenBy(page)).toEqual([test!.id]);
    expect(await testIdsSeenBy(recruiter)).toEqual([test!.id]);
    await recruiter.goto(`${e2e.server.baseUrl}/admin/team`);
    await recruiter.getByRole('cell', { name: recruiterEmail }).waitFor();
    expect(await recruiter.getByRole('button', { name: 'Send Invitation' }).count()).toBe(0);

    await recruiterContext.close();
    await context.close();
  });

  it('a candidate who signs in on /owner/login goes to the home page', async () => {
    const email = `cand.${stamp}@example.test`;
    const signup = await fetch(`${e2e.server.baseUrl}/api/users/add`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Cara',
        lastName: 'Ndidate',
        email,
        password: 'Candidate1',
        role: 'candidate',
      }),
    });
    expect(signup.status).toBe(201);
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${e2e.server.baseUrl}/owner`);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Candidate1');
    await click(page, 'Sign In');
    await page.waitForURL(`${e2e.server.baseUrl}/`);
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('user'))) ?? '{}')).toMatchObject({
      email,
      role: 'candidate',
    });
    await context.close();
  });
});
