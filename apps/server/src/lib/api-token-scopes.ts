/**
 * Which routes an API token may call, by scope. A token-authenticated request to any other route is a 403:
 * a token is never a full session (it cannot manage tokens, members, tests or anything outside its scopes).
 */
import type { TApiTokenScope } from '@assessly/shared';

export const SCOPE_ROUTES: Record<TApiTokenScope, string[]> = {
  'tests:read': [
    'GET /api/tests',
    'GET /api/tests/:id',
    'GET /api/tests/by-user/:userId',
    'GET /api/tests/:id/questions',
    'GET /api/coding-tests',
    'GET /api/coding-tests/:id',
    'GET /api/aptitude-questions/all',
    'GET /api/aptitude-questions/:id',
  ],
  'invitations:write': ['POST /api/invitations', 'GET /api/invitations', 'POST /api/invitations/:id/resend'],
  'results:read': [
    'GET /api/review/dashboard',
    'GET /api/review/tests/:testId/submissions',
    'GET /api/review/tests/:testId/results',
    'GET /api/review/tests/:testId/results.csv',
    'GET /api/review/tests/:testId/similarity',
    'GET /api/review/attempts/:attemptId/report',
    'GET /api/submissions/all',
    'GET /api/submissions/:id',
  ],
};

/** Routes any valid token may call whatever its scopes (who am I, health). */
const ALWAYS = new Set(['GET /api/users/me', 'GET /api/health', 'GET /api/openapi.json']);

/** The scope a route needs, or null when no scope opens it to tokens. */
export function scopeForRoute(method: string, url: string): TApiTokenScope | 'any' | null {
  const key = `${method === 'HEAD' ? 'GET' : method} ${url}`;
  if (ALWAYS.has(key)) return 'any';
  for (const [scope, routes] of Object.entries(SCOPE_ROUTES)) {
    if (routes.includes(key)) return scope as TApiTokenScope;
  }
  return null;
}
