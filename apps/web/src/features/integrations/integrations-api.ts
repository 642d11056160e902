import type {
  TApiToken,
  TAtsConnection,
  TAtsConnectionSaved,
  TAtsDelivery,
  TAtsVendor,
  TAuditPage,
  TRetention,
  TSaveAtsConnection,
  TScimSettings,
  TScimTokenCreated,
  TWebhook,
  TWebhookDelivery,
} from '@assessly/shared';
import { api } from '../../lib/api';

export const listTokens = () => api<TApiToken[]>('/api/companies/api-tokens');
export const createToken = (body: { name: string; scopes: string[] }) =>
  api<TApiToken & { token: string }>('/api/companies/api-tokens', { method: 'POST', body });
export const revokeToken = (id: string) => api(`/api/companies/api-tokens/${id}`, { method: 'DELETE' });

export const listWebhooks = () => api<TWebhook[]>('/api/companies/webhooks');
export const createWebhook = (body: { url: string; events: string[] }) =>
  api<TWebhook & { secret: string }>('/api/companies/webhooks', { method: 'POST', body });
export const deleteWebhook = (id: string) => api(`/api/companies/webhooks/${id}`, { method: 'DELETE' });
export const listDeliveries = (id: string) => api<TWebhookDelivery[]>(`/api/companies/webhooks/${id}/deliveries`);

export const readAudit = (page: number) => api<TAuditPage>(`/api/companies/audit?page=${page}&pageSize=50`);

export const readRetention = () => api<TRetention>('/api/companies/retention');
export const saveRetention = (body: TRetention) => api<TRetention>('/api/companies/retention', { method: 'PUT', body });
export const eraseCandidate = (userId: string) =>
  api<{ attempts: number; interviews: number }>(`/api/companies/candidates/${userId}/data`, { method: 'DELETE' });

export const eraseMe = (password: string) => api('/api/users/me', { method: 'DELETE', body: { password } });

export const readScim = () => api<TScimSettings>('/api/companies/scim');
export const issueScimToken = () => api<TScimTokenCreated>('/api/companies/scim/token', { method: 'POST', body: {} });
export const revokeScimToken = () => api('/api/companies/scim/token', { method: 'DELETE' });

export const listAtsConnections = () => api<TAtsConnection[]>('/api/companies/ats');
export const saveAtsConnection = (vendor: TAtsVendor, body: TSaveAtsConnection) =>
  api<TAtsConnectionSaved>(`/api/companies/ats/${vendor}`, { method: 'PUT', body });
export const deleteAtsConnection = (vendor: TAtsVendor) => api(`/api/companies/ats/${vendor}`, { method: 'DELETE' });
export const listAtsDeliveries = () => api<TAtsDelivery[]>('/api/companies/ats/deliveries');
