import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import { ApiError } from '../../lib/api';
import { type RegistrationResult, resendVerification } from './owner-api';

/** Step 4 (spec §2.5). Go to Dashboard works because registration signed the admin in; Resend works too. */
export function RegistrationSuccess({ result }: { result: RegistrationResult }) {
  const navigate = useNavigate();
  const resend = useMutation({ mutationFn: () => resendVerification(result.user.email) });
  return (
    <div className="owner-success" role="status" aria-live="polite">
      <div className="owner-success-icon" aria-hidden="true">
        ✓
      </div>
      <h2>Registration Successful</h2>
      <p>
        <strong>{result.company.name}</strong> is registered. Please check your email (
        <strong>{result.user.email}</strong>) to verify your account.
      </p>
      <div className="owner-next">
        <h3>What's Next</h3>
        <ol>
          <li>
            <strong>Verify Email</strong> — open the link we sent to {result.user.email}.
          </li>
          <li>
            <strong>Setup Dashboard</strong> — create your first test and <Link to="/admin/team">invite your team</Link>
            .
          </li>
        </ol>
      </div>
      <div className="owner-actions center">
        <button type="button" className="btn btn-primary" onClick={() => navigate('/admin')}>
          Go to Dashboard
        </button>
        <button type="button" className="btn btn-outline" onClick={() => resend.mutate()} disabled={resend.isPending}>
          {resend.isPending ? 'Sending...' : 'Resend Verification Email'}
        </button>
      </div>
      {resend.isSuccess && <p className="alert alert-success">{resend.data.message}</p>}
      {resend.isError && (
        <p className="alert alert-error" role="alert">
          {resend.error instanceof ApiError ? resend.error.message : 'Could not send the email. Please try again.'}
        </p>
      )}
      <p className="owner-foot">
        Need help? <Link to="/contact">Contact Support</Link> · <Link to="/about">Read the Documentation</Link>
      </p>
    </div>
  );
}
