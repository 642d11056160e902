import type { FeatureRoutes } from '../../app/router';

export const routes: FeatureRoutes = {
  bare: [{ path: '/admin', lazy: () => import('./admin-dashboard-page').then((m) => ({ Component: m.AdminDashboardPage })) }],
};
