import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { PageSpinner } from '../../app/page-spinner';
import { useMe } from './use-auth';

/** Sends a visitor without a session to /login and back here afterwards. */
export function RequireUser({ children }: { children: ReactNode }) {
  const me = useMe();
  const loc = useLocation();
  if (me.isPending) return <PageSpinner label="Checking your session..." />;
  if (!me.data) return <Navigate to={`/login?next=${encodeURIComponent(loc.pathname + loc.search)}`} replace />;
  return <>{children}</>;
}

/** Employers only; a signed-in candidate sees a clear refusal instead of the page. */
export function RequireEmployer({ children }: { children: ReactNode }) {
  const me = useMe();
  const loc = useLocation();
  if (me.isPending) return <PageSpinner label="Checking your session..." />;
  if (!me.data) return <Navigate to={`/login?next=${encodeURIComponent(loc.pathname + loc.search)}`} replace />;
  if (me.data.role !== 'employer') {
    return (
      <main className="container narrow center-text" style={{ padding: '4rem 1rem' }}>
        <h1>Employers only</h1>
        <p className="muted">This area is for employers. You are signed in as a candidate.</p>
      </main>
    );
  }
  return <>{children}</>;
}
