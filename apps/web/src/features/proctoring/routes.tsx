import type { FeatureRoutes } from '../../app/feature-routes';

export const routes: FeatureRoutes = {
  site: [{ path: 'entry', lazy: () => import('./entry-page').then((m) => ({ Component: m.EntryPage })) }],
  bare: [
    { path: '/live', lazy: () => import('./live-page').then((m) => ({ Component: m.LivePage })) },
    { path: '/face', lazy: () => import('./face-page').then((m) => ({ Component: m.FacePage })) },
  ],
};
