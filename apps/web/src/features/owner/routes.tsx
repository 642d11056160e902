import type { FeatureRoutes } from '../../app/feature-routes';

const ownerPage = () => import('./owner-page').then((m) => ({ Component: m.OwnerPage }));

export const routes: FeatureRoutes = {
  site: [
    { path: 'owner', lazy: ownerPage },
    { path: 'owner/login', lazy: ownerPage },
    { path: 'verify-email', lazy: () => import('./verify-email-page').then((m) => ({ Component: m.VerifyEmailPage })) },
    { path: 'join', lazy: () => import('./join-page').then((m) => ({ Component: m.JoinPage })) },
  ],
  /** The employer area (employer session and admin sidebar). */
  admin: [
    {
      path: '/admin/team',
      lazy: () => import('./team-page').then((m) => ({ Component: m.TeamPage })),
    },
  ],
};
