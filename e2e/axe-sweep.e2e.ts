/**
 * Issue 46: WCAG 2.1 AA on every route. One browser visits each candidate and employer route of the web app
 * (the routes.tsx of every feature, with real ids: a test with a candidate's attempt, an aptitude test, an
 * interview) and axe-core finds no serious or critical violation on any of them.
 */

import { describe, expect, it } from 'vitest';
import { useE2E } from './harness';
import { createUser, openCodingTest, seedAptitude, seedTest, seriousA11yViolations, signedInPage } from './support';

const e2e = useE2E();

/** Waits for the route to settle: the app rendered, no request in flight, no spinner left. */
async function settle(page: import('playwright-core').Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(
    () => document.querySelector('#root')?.childElementCount && !document.querySelector('[aria-busy="true"]'),
  );
}

/** Each path's serious and critical violations (and a missing main landmark), by path; visited in order. */
async function sweep(page: import('playwright-core').Page, paths: string[]) {
  const found: Record<string, unknown> = {};
  for (const path of paths) {
    await page.goto(`${e2e.server.baseUrl}${path}`);
    await settle(page);
    const v: unknown[] = await seriousA11yViolations(page, ['.proctoring-video', 'video']);
    if ((await page.locator('main').count()) === 0) v.push('no <main> landmark');
    if (v.length) found[path] = v;
  }
  return found;
}

describe('axe on every route', () => {
  it('finds no serious or critical violation on the public, candidate and employer routes', async () => {
    const employer = await createUser(e2e.server, 'employer', { verified: true });
    const { test } = await seedTest(e2e.server, employer.id, [{ title: 'Sum of two' }], { name: 'Swept round' });
    const aptitude = await seedAptitude(e2e.server, employer.id, 'Swept aptitude');
    const [aptRow] = await e2e.server.deps.database.query<{ q: string }>(
      'SELECT question_ids->>0 AS q FROM tests WHERE id = $1',
      [aptitude.id],
    );
    const cand = await createUser(e2e.server, 'candidate', { verified: true });
    const candidate = await signedInPage(e2e.browser, e2e.server, cand.email);
    await openCodingTest(candidate, e2e.server, test.id);
    const [attempt] = await e2e.server.deps.database.query<{ id: string }>(
      'SELECT id FROM attempts WHERE test_id = $1',
      [test.id],
    );
    const admin = await signedInPage(e2e.browser, e2e.server, employer.email);
    const created = await admin.context().request.post(`${e2e.server.baseUrl}/api/interviews`, {
      data: { title: 'Swept interview', candidateEmail: 'swept@example.com', candidateName: 'Sy Swept' },
    });
    const interview = (await created.json()) as { id: string };

    const visitor = await signedInPage(e2e.browser, e2e.server, null);
    const publicFound = await sweep(visitor, [
      '/',
      '/about',
      '/contact',
      '/login',
      '/signup',
      '/forgot-password',
      '/reset-password?token=x',
      '/verify-email?token=x',
      '/join',
      '/owner',
      '/owner/login',
      '/invite/not-a-real-token-123',
    ]);
    const candidateFound = await sweep(candidate, [
      '/profile',
      '/account/data',
      '/entry',
      `/code/${test.id}`,
      `/aptitude/${aptitude.id}`,
      '/face',
      '/live',
    ]);
    const employerFound = await sweep(admin, [
      '/admin',
      '/admin/tests',
      '/admin/tests/create',
      `/admin/tests/${test.id}`,
      `/admin/tests/${test.id}/edit`,
      `/admin/tests/${test.id}/sections`,
      `/admin/tests/${test.id}/results`,
      `/admin/tests/${test.id}/invite`,
      `/admin/tests/${test.id}/compare`,
      `/admin/coding-test/${test.id}`,
      `/admin/coding-test/edit/${test.questionIds[0]}`,
      `/admin/aptitude-test/${aptitude.id}`,
      `/admin/aptitude-test/edit/${aptRow!.q}`,
      `/admin/reports/${attempt!.id}`,
      `/admin/reports/${attempt!.id}/playback`,
      `/admin/similarity/${test.id}`,
      '/admin/submission',
      '/admin/candidates',
      '/admin/library',
      '/admin/interviews',
      `/admin/interviews/${interview.id}`,
      `/interview/${interview.id}`,
      '/admin/team',
      '/admin/templates',
      '/admin/api',
      '/admin/settings',
      '/admin/settings/company',
      '/admin/settings/api-tokens',
      '/admin/settings/webhooks',
      '/admin/settings/audit',
      '/admin/settings/data',
      '/admin/settings/sso',
      '/admin/settings/scim',
    ]);
    expect({ publicFound, candidateFound, employerFound }).toEqual({
      publicFound: {},
      candidateFound: {},
      employerFound: {},
    });
    for (const p of [visitor, candidate, admin]) await p.context().close();
  });
});
