/** /invite/:token: the personal link from an invitation email. Signs the candidate in (or up), then opens the test. */
import type { TInviteLanding } from '@assessly/shared';
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useParams } from 'react-router-dom';
import { PageSpinner } from '../../app/page-spinner';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useMe } from '../auth/use-auth';
import { InviteSignupForm } from './invite-signup-form';
import { SystemCheck } from './system-check';
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
  const facts: [string, string][] = [
    ['Test', `${inv.testName} (${inv.testType === 'CODING' ? 'coding' : 'aptitude'} test)`],
    ...(inv.duration
      ? ([['Time', `${inv.duration} minutes, counted from when you press Start`]] as [string, string][])
      : []),
    ...(inv.questionCount
      ? ([[inv.testType === 'CODING' ? 'Problems' : 'Questions', String(inv.questionCount)]] as [string, string][])
      : []),
    ...(inv.languages?.length ? ([['Languages', inv.languages.join(', ')]] as [string, string][]) : []),
    ...(inv.endTime ? ([['Open until', formatDateTime(inv.endTime)]] as [string, string][]) : []),
    ['Webcam', inv.proctored ? 'Required: your face is checked during the test' : 'Not used'],
  ];
  return (
    <main className="container narrow rv-page">
      <div className="card">
        <h1>You are invited</h1>
        <p>
          <strong>{inv.companyName}</strong> invites <strong>{inv.email}</strong> to take{' '}
          <strong>{inv.testName}</strong>.
        </p>
        <dl className="invite-facts">
          {facts.map(([k, v]) => (
            <div key={k} style={{ display: 'contents' }}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
        <SystemCheck proctored={inv.proctored ?? false} />
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
            <InviteSignupForm token={token} email={inv.email} next={inv.takePath} />
            <p>
              Already have an account with {inv.email}?{' '}
              <Link to={`/login?next=${encodeURIComponent(here)}`}>Sign in</Link>
            </p>
          </>
        )}
      </div>
    </main>
  );
}
