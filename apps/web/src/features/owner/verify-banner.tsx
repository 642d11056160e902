/** Shown in the employer area until the account's email is verified: sending mail needs a verified sender. */
import { useMutation } from '@tanstack/react-query';
import { ApiError, api } from '../../lib/api';
import { useMe } from '../auth/use-auth';

export function VerifyEmailBanner() {
  const me = useMe();
  const resend = useMutation({
    mutationFn: () => api<{ sent: boolean; message: string }>('/api/users/resend-verification', { method: 'POST' }),
  });
  if (!me.data || me.data.emailVerified) return null;
  return (
    <div className="alert alert-info" role="status" style={{ margin: '0 0 1rem' }}>
      Verify your email address ({me.data.email}) to send invitations and edit email templates: open the link we emailed
      you.{' '}
      <button type="button" className="btn btn-link btn-sm" onClick={() => resend.mutate()} disabled={resend.isPending}>
        {resend.isPending ? 'Sending...' : 'Resend Verification Email'}
      </button>
      {resend.isSuccess && <span> {resend.data.message}</span>}
      {resend.isError && (
        <span role="alert">
          {' '}
          {resend.error instanceof ApiError ? resend.error.message : 'Could not send the email.'}
        </span>
      )}
    </div>
  );
}
