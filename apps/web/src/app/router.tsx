import { createBrowserRouter } from 'react-router-dom';
import { routes as adminRoutes, adminShell } from '../features/admin/routes';
import { routes as authRoutes } from '../features/auth/routes';
import { routes as integrationsRoutes } from '../features/integrations/routes';
import { routes as interviewsRoutes } from '../features/interviews/routes';
import { routes as ownerRoutes } from '../features/owner/routes';
import { routes as playbackRoutes } from '../features/playback/routes';
import { routes as proctoringRoutes } from '../features/proctoring/routes';
import { routes as profileRoutes } from '../features/profile/routes';
import { routes as publicRoutes } from '../features/public/routes';
import { routes as reviewRoutes } from '../features/review/routes';
import { routes as takingRoutes } from '../features/taking/routes';
import type { FeatureRoutes } from './feature-routes';
import { RootShell, SiteLayout } from './layouts';
import { PageSpinner } from './page-spinner';
import { NotFound, RouteError } from './route-error';

/**
 * Each feature exports `routes: { site?, bare?, admin? }`: site routes get the navbar and footer, bare ones the whole
 * screen, admin ones the employer area (employer session + the admin sidebar layout of features/admin).
 */

const features: FeatureRoutes[] = [
  publicRoutes,
  authRoutes,
  profileRoutes,
  ownerRoutes,
  proctoringRoutes,
  adminRoutes,
  reviewRoutes,
  takingRoutes,
  integrationsRoutes,
  playbackRoutes,
  interviewsRoutes,
];

export const router = createBrowserRouter([
  {
    element: <RootShell />,
    errorElement: <RouteError />,
    // Shown while a lazy page's code loads on the first visit (without it React Router warns on every lazy route).
    hydrateFallbackElement: <PageSpinner />,
    children: [
      {
        element: <SiteLayout />,
        errorElement: <RouteError />,
        children: [...features.flatMap((f) => f.site ?? []), { path: '*', element: <NotFound /> }],
      },
      { ...adminShell(features.flatMap((f) => f.admin ?? [])), errorElement: <RouteError /> },
      ...features.flatMap((f) => f.bare ?? []).map((r) => ({ ...r, errorElement: <RouteError /> })),
    ],
  },
]);
