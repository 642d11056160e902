import type { FeatureRoutes } from '../../app/router';

export const routes: FeatureRoutes = {
  bare: [{ path: '/code/:testId', lazy: () => import('./coding-test-page').then((m) => ({ Component: m.CodingTestPage })) }],
};
