import type { FeatureRoutes } from '../../app/router';

export const routes: FeatureRoutes = {
  bare: [
    {
      path: '/admin/submission',
      lazy: () => import('./submissions-dashboard-page').then((m) => ({ Component: m.SubmissionsDashboardPage })),
    },
  ],
};
