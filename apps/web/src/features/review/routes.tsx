import type { FeatureRoutes } from '../../app/feature-routes';

export const routes: FeatureRoutes = {
  site: [
    {
      path: 'invite/:token',
      lazy: () => import('./invite-accept-page').then((m) => ({ Component: m.InviteAcceptPage })),
    },
  ],
  /** Every review page is for employers of the test's company (docs/DECISIONS.md §3: /admin/submission too): the admin area. */
  admin: [
    {
      path: '/admin/submission',
      lazy: () => import('./submissions-dashboard-page').then((m) => ({ Component: m.SubmissionsDashboardPage })),
    },
    {
      path: '/admin/tests/:testId/results',
      lazy: () => import('./test-results-page').then((m) => ({ Component: m.TestResultsPage })),
    },
    {
      path: '/admin/tests/:testId/invite',
      lazy: () => import('./invite-page').then((m) => ({ Component: m.InvitePage })),
    },
    {
      path: '/admin/reports/:attemptId',
      lazy: () => import('./report-page').then((m) => ({ Component: m.ReportPage })),
    },
    {
      path: '/admin/similarity/:testId',
      lazy: () => import('./similarity-page').then((m) => ({ Component: m.SimilarityPage })),
    },
    {
      path: '/admin/tests/:testId/compare',
      lazy: () => import('./compare-page').then((m) => ({ Component: m.ComparePage })),
    },
    {
      path: '/admin/templates',
      lazy: () => import('./templates-page').then((m) => ({ Component: m.TemplatesPage })),
    },
  ],
};
