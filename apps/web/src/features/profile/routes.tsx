import type { FeatureRoutes } from '../../app/feature-routes';

export const routes: FeatureRoutes = {
  site: [{ path: 'profile', lazy: () => import('./profile-page').then((m) => ({ Component: m.ProfilePage })) }],
};
