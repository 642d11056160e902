import type { FeatureRoutes } from '../../app/router';

export const routes: FeatureRoutes = {
  site: [
    { path: 'owner', lazy: () => import('./owner-page').then((m) => ({ Component: m.OwnerPage })) },
    { path: 'owner/login', lazy: () => import('./owner-page').then((m) => ({ Component: m.OwnerPage })) },
  ],
};
