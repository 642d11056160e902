import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { PageSpinner } from '../../app/page-spinner';
import { ApiError } from '../../lib/api';
import { useMe } from '../auth/use-auth';
import { verifyEmail } from './owner-api';
import './owner.css';

/** /verify-email?token= — the link of the verification email. */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const me = useMe();
  // A query (not an effect) so the one-time token is sent once even when the page renders twice.
  const verify = useQuery({
    queryKey: ['verify-email', token],
    queryFn: () => verifyEmail(token),
    enabled: token.length > 0,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const next =
    me.data?.role === 'employer'
      ? { to: '/admin', label: 'Go to Dashboard' }
      : { to: '/owner/login', label: 'Sign in' };

  return (
    <main className="container narrow owner-message">
      <div className="card center-text">
        <h1>Email verification</h1>
        {!token && (
          <p className="alert alert-error" role="alert">
            This verification link is incomplete. Please open the link from your email again.
          </p>
        )}
        {token && verify.isPending && <PageSpinner label="Verifying your email..." />}
        {verify.isSuccess && (
          <>
            <p className="alert alert-success" role="status">
              Your email {verify.data.email} has been verified.
            </p>
            <Link className="btn btn-primary" to={next.to}>
              {next.label}
            </Link>
          </>
        )}
        {verify.isError && (
          <>
            <p className="alert alert-error" role="alert">
              {verify.error instanceof ApiError && verify.error.status > 0
                ? verify.error.message
                : 'Could not reach the server. Please try again.'}
            </p>
            <Link className="btn btn-outline" to="/owner/login">
              Back to sign in
            </Link>
          </>
        )}
      </div>
    </main>
  );
}
