import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { FeatureRoutes } from '../../app/feature-routes';
import { RequireEmployer } from '../auth/guards';
import { AdminLayout } from './admin-layout';

/** Lazy page of this feature by file and export name. */
const page = (load: () => Promise<Record<string, unknown>>, name: string): Pick<RouteObject, 'lazy'> => ({
  lazy: () => load().then((m) => ({ Component: m[name] as ComponentType })),
});

/**
 * The employer area's layout route: an employer session, then the sidebar. The router nests every feature's
 * `admin` routes under this one route (one sidebar instance across the whole /admin area).
 */
export const adminShell = (children: RouteObject[]): RouteObject => ({
  element: (
    <RequireEmployer>
      <AdminLayout />
    </RequireEmployer>
  ),
  children,
});

/** This feature's /admin pages; review and owner add theirs through their own `admin` routes. */
export const routes: FeatureRoutes = {
  admin: [
    { path: '/admin', ...page(() => import('./admin-dashboard-page'), 'AdminDashboardPage') },
    { path: '/admin/tests', ...page(() => import('./manage-tests-page'), 'ManageTestsPage') },
    { path: '/admin/tests/create', ...page(() => import('./create-test-page'), 'CreateTestPage') },
    { path: '/admin/tests/:id', ...page(() => import('./test-details-page'), 'TestDetailsPage') },
    { path: '/admin/tests/:id/edit', ...page(() => import('./edit-test-page'), 'EditTestPage') },
    { path: '/admin/aptitude-test/:id', ...page(() => import('./aptitude-builder-page'), 'AptitudeBuilderPage') },
    { path: '/admin/coding-test/:id', ...page(() => import('./coding-builder-page'), 'CodingBuilderPage') },
    { path: '/admin/aptitude-test/edit/:id', ...page(() => import('./edit-aptitude-page'), 'EditAptitudePage') },
    { path: '/admin/coding-test/edit/:id', ...page(() => import('./edit-coding-page'), 'EditCodingPage') },
    { path: '/admin/candidates', ...page(() => import('./candidates-page'), 'CandidatesPage') },
    { path: '/admin/library', ...page(() => import('./library-page'), 'LibraryPage') },
    // issue 46: a mixed test's sections
    { path: '/admin/tests/:id/sections', ...page(() => import('./sections-page'), 'SectionsPage') },
  ],
};
