import type { FeatureRoutes } from '../../app/feature-routes';

/** The room is a bare page (the candidate comes with a link, no account); the list and records are admin pages. */
export const routes: FeatureRoutes = {
  bare: [{ path: '/interview/:id', lazy: () => import('./room-page').then((m) => ({ Component: m.RoomPage })) }],
  admin: [
    {
      path: '/admin/interviews',
      lazy: () => import('./interviews-page').then((m) => ({ Component: m.InterviewsPage })),
    },
    {
      path: '/admin/interviews/:id',
      lazy: () => import('./interview-record-page').then((m) => ({ Component: m.InterviewRecordPage })),
    },
  ],
};
