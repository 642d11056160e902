/** /invite/:token: the personal link from an invitation email. Signs the candidate in (or up), then opens the test. */
import type { TInviteLanding } from '@assessly/shared';
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useParams } from 'react-router-dom';
import { PageSpinner } from '../../app/page-spinner';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useMe } from '../auth/use-auth';
import './review.css';

export function InviteAcceptPage() {
  const { token = '' } = useParams();
  const me = useMe();
  const q = useQuery({
    queryKey: ['invite', token],
    queryFn: () => api<TInviteLanding>(`/api/invitations/accept/${encodeURIComponent(token)}`),
    retry: false,
  });
  if (q.isPending || me.isPending) return <PageSpinner label="Opening your invitation..." />;
  if (q.isError) {
    return (
      <main className="container narrow center-text rv-page" role="alert">
        <h1>Invitation not found</h1>
        <p className="error-text">{q.error.message}</p>
        <Link to="/" className="btn btn-outline">
          Go home
        </Link>
      </main>
    );
  }
  const inv = q.data;
  const user = me.data;
  const here = `/invite/${token}`;
  if (user && user.role === 'candidate' && user.email.toLowerCase() === inv.email.toLowerCase()) {
    return <Navigate to={inv.takePath} replace />;
  }
  return (
    <main className="container narrow rv-page">
      <div className="card">
        <h1>You are invited</h1>
        <p>
          <strong>{inv.companyName}</strong> invites <strong>{inv.email}</strong> to take{' '}
          <strong>{inv.testName}</strong> ({inv.testType === 'CODING' ? 'coding' : 'aptitude'} test).
        </p>
        {user ? (
          <>
            <p className="alert alert-info">
              You are signed in as {user.email}
              {user.role !== 'candidate' ? ' (an employer account)' : ''}. This invitation was sent to {inv.email}.
            </p>
            <Link to={inv.takePath} className="btn btn-primary">
              Continue to the test
            </Link>
          </>
        ) : (
          <>
            <p className="muted">
              Sign in with the invited address to start. New here? Create a candidate account first.
            </p>
            <div className="row">
              <Link to={`/login?next=${encodeURIComponent(here)}`} className="btn btn-primary">
                Sign in
              </Link>
              <Link
                to={`/signup?email=${encodeURIComponent(inv.email)}&next=${encodeURIComponent(here)}`}
                className="btn btn-outline"
              >
                Create account
              </Link>
            </div>
            <p className="field-hint">
              Opened {formatDateTime(new Date())}. Keep this email: the link brings you back here.
            </p>
          </>
        )}
      </div>
    </main>
  );
}
