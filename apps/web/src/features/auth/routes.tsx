import type { FeatureRoutes } from '../../app/feature-routes';

export const routes: FeatureRoutes = {
  site: [
    { path: 'login', lazy: () => import('./login-page').then((m) => ({ Component: m.LoginPage })) },
    { path: 'signup', lazy: () => import('./signup-page').then((m) => ({ Component: m.SignupPage })) },
    {
      path: 'forgot-password',
      lazy: () => import('./forgot-password-page').then((m) => ({ Component: m.ForgotPasswordPage })),
    },
    {
      path: 'reset-password',
      lazy: () => import('./reset-password-page').then((m) => ({ Component: m.ResetPasswordPage })),
    },
  ],
};
