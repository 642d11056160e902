import type { RouteObject } from 'react-router-dom';

/** What a feature contributes to the router (app/router.tsx): site pages, bare pages and employer-area pages. */
export interface FeatureRoutes {
  site?: RouteObject[];
  bare?: RouteObject[];
  admin?: RouteObject[];
}
