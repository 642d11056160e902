/**
 * The signed-in user comes from GET /api/users/me (the session cookie); localStorage keys userEmail and user
 * are kept only for the spec's display logic and are never trusted by the server.
 */
import type { TLogin, TUser } from '@assessly/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { api } from '../../lib/api';

export const ME_KEY = ['me'] as const;

export function useMe() {
  return useQuery({
    queryKey: ME_KEY,
    // A visitor gets 200 with null (not a 401 that every anonymous page would log as a failed request).
    queryFn: async () => {
      const { user } = await api<{ user: TUser | null }>('/api/users/session');
      if (!user) forgetStoredUser();
      return user;
    },
    staleTime: 60_000,
    retry: false,
  });
}

export function rememberUser(user: TUser) {
  localStorage.setItem('userEmail', user.email);
  localStorage.setItem('user', JSON.stringify({ id: user.id, role: user.role, email: user.email }));
}

/**
 * Starts the browser side of a new session for `user` (after sign-in or joining a company): remembers the user and
 * drops everything cached for a previous visitor, which must not leak into this session.
 */
export function useStartSession() {
  const qc = useQueryClient();
  return (user: TUser) => {
    rememberUser(user);
    qc.removeQueries({ predicate: (q) => q.queryKey[0] !== ME_KEY[0] });
    qc.setQueryData(ME_KEY, user);
  };
}

/** Signs in (POST /api/users/login), starts the session and replaces the page with the user's landing page. */
export function useSignIn() {
  const navigate = useNavigate();
  const startSession = useStartSession();
  return async (values: TLogin, next: string | null) => {
    const user = await api<TUser>('/api/users/login', { method: 'POST', body: values });
    startSession(user);
    navigate(landingPath(user, next), { replace: true });
  };
}

export function forgetStoredUser() {
  localStorage.removeItem('userEmail');
  localStorage.removeItem('user');
}

export function useSignOut() {
  const qc = useQueryClient();
  return async () => {
    try {
      await api('/api/users/logout', { method: 'POST' });
    } finally {
      forgetStoredUser();
      qc.setQueryData(ME_KEY, null);
      qc.clear();
    }
  };
}

/** Where to go after signing in: a safe local `next` path, else /admin for employers and / for others. */
export function landingPath(user: Pick<TUser, 'role'>, next: string | null): string {
  return safeNext(next) ?? (user.role === 'employer' ? '/admin' : '/');
}

/** `next` when it is a same-site path, else null: '//host' and '/\\host' would leave the site (browsers read '\\' as '/'). */
export function safeNext(next: string | null): string | null {
  return next?.startsWith('/') && !next.startsWith('//') && !next.includes('\\') ? next : null;
}
