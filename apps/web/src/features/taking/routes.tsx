import type { FeatureRoutes } from '../../app/feature-routes';

/** Both test pages need a session: a visitor is sent to /login and comes back here afterwards. */
export const routes: FeatureRoutes = {
  bare: [
    { path: '/code/:testId', lazy: () => import('./coding-test-page').then((m) => ({ Component: m.CodingTestRoute })) },
    {
      path: '/aptitude/:testId',
      lazy: () => import('./aptitude-test-page').then((m) => ({ Component: m.AptitudeTestRoute })),
    },
  ],
};
