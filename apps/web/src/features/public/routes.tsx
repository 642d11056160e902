import type { FeatureRoutes } from '../../app/feature-routes';

export const routes: FeatureRoutes = {
  site: [
    { index: true, lazy: () => import('./home-page').then((m) => ({ Component: m.HomePage })) },
    { path: 'about', lazy: () => import('./about-page').then((m) => ({ Component: m.AboutPage })) },
    { path: 'contact', lazy: () => import('./contact-page').then((m) => ({ Component: m.ContactPage })) },
  ],
};
