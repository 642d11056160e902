import type { FeatureRoutes } from '../../app/router';

export const routes: FeatureRoutes = {
  site: [{ path: 'profile', lazy: () => import('./profile-page').then((m) => ({ Component: m.ProfilePage })) }],
};
