import { ZForgotPassword } from '@assessly/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { ErrorAlert } from '../../app/alert';
import { SubmitButton } from '../../app/submit-button';
import { api, serverMessage } from '../../lib/api';
import { AuthCard, EmailField } from './auth-card';
import './auth.css';

/** docs/DECISIONS.md §4: 'Forgot password?' sends a one-time reset link by email (the spec's link went nowhere). */
export function ForgotPasswordPage() {
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(ZForgotPassword),
    defaultValues: { email: '' },
  });
  const emailError = formState.errors.email?.message;

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      const res = await api<{ message: string }>('/api/users/forgot-password', { method: 'POST', body: values });
      // The answer is the same whether or not the account exists.
      setSent(res.message);
    } catch (err) {
      setError(serverMessage(err, 'Could not send the reset link. Please try again.'));
    }
  });

  const busy = formState.isSubmitting;
  return (
    <AuthCard title="Forgot your password?" lead="Enter your email and we will send you a link to choose a new one.">
      {sent ? (
        <div className="alert alert-success" role="status">
          {sent} The link works once and expires in 60 minutes.
        </div>
      ) : (
        <form onSubmit={onSubmit}>
          <ErrorAlert message={error} />
          <EmailField id="forgot-email" error={emailError} registration={register('email')} />
          <SubmitButton busy={busy} busyLabel="Sending link..." label="Send reset link" />
        </form>
      )}
      <p className="auth-foot">
        Remembered it? <Link to="/login">Back to sign in</Link>
      </p>
    </AuthCard>
  );
}
