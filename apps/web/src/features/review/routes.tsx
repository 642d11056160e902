import type { ComponentType } from 'react';
import type { FeatureRoutes } from '../../app/router';
import { RequireEmployer } from '../auth/guards';

/** Every review page is for employers of the test's company (design.md §3: /admin/submission too). */
const employerOnly = (Page: ComponentType) => () => (
  <RequireEmployer>
    <Page />
  </RequireEmployer>
);

export const routes: FeatureRoutes = {
  site: [
    {
      path: 'invite/:token',
      lazy: () => import('./invite-accept-page').then((m) => ({ Component: m.InviteAcceptPage })),
    },
  ],
  bare: [
    {
      path: '/admin/submission',
      lazy: () =>
        import('./submissions-dashboard-page').then((m) => ({ Component: employerOnly(m.SubmissionsDashboardPage) })),
    },
    {
      path: '/admin/tests/:testId/results',
      lazy: () => import('./test-results-page').then((m) => ({ Component: employerOnly(m.TestResultsPage) })),
    },
    {
      path: '/admin/tests/:testId/invite',
      lazy: () => import('./invite-page').then((m) => ({ Component: employerOnly(m.InvitePage) })),
    },
    {
      path: '/admin/reports/:attemptId',
      lazy: () => import('./report-page').then((m) => ({ Component: employerOnly(m.ReportPage) })),
    },
    {
      path: '/admin/similarity/:testId',
      lazy: () => import('./similarity-page').then((m) => ({ Component: employerOnly(m.SimilarityPage) })),
    },
    {
      path: '/admin/templates',
      lazy: () => import('./templates-page').then((m) => ({ Component: employerOnly(m.TemplatesPage) })),
    },
  ],
};
