import type { FeatureRoutes } from '../../app/feature-routes';

/** Code playback (issue 29): the reviewer's replay and integrity report, in the employer area. */
export const routes: FeatureRoutes = {
  admin: [
    {
      path: '/admin/reports/:attemptId/playback',
      lazy: () => import('./playback-page').then((m) => ({ Component: m.PlaybackPage })),
    },
  ],
};
