import type { FeatureRoutes } from '../../app/feature-routes';

export const routes: FeatureRoutes = {
  site: [
    {
      path: 'account/data',
      lazy: () => import('./my-data-page').then((m) => ({ Component: m.MyDataRoute })),
    },
  ],
  /** Company settings: integrations and data governance (employer area; the server allows owners/admins). */
  admin: [
    // Settings opens on the first tab, the company's profile (issue 26).
    { path: '/admin/settings', lazy: () => import('./company-page').then((m) => ({ Component: m.CompanyPage })) },
    {
      path: '/admin/settings/api-tokens',
      lazy: () => import('./api-tokens-page').then((m) => ({ Component: m.ApiTokensPage })),
    },
    {
      path: '/admin/settings/webhooks',
      lazy: () => import('./webhooks-page').then((m) => ({ Component: m.WebhooksPage })),
    },
    {
      path: '/admin/settings/company',
      lazy: () => import('./company-page').then((m) => ({ Component: m.CompanyPage })),
    },
    { path: '/admin/settings/sso', lazy: () => import('./sso-page').then((m) => ({ Component: m.SsoPage })) },
    { path: '/admin/settings/ats', lazy: () => import('./ats-page').then((m) => ({ Component: m.AtsPage })) },
    { path: '/admin/settings/scim', lazy: () => import('./scim-page').then((m) => ({ Component: m.ScimPage })) },
    { path: '/admin/settings/audit', lazy: () => import('./audit-page').then((m) => ({ Component: m.AuditPage })) },
    { path: '/admin/settings/data', lazy: () => import('./data-page').then((m) => ({ Component: m.DataPage })) },
    { path: '/admin/api', lazy: () => import('./api-docs-page').then((m) => ({ Component: m.ApiDocsPage })) },
  ],
};
