import { ZForgotPassword } from '@assessly/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { FormField } from '../../app/form-field';
import { ApiError, api } from '../../lib/api';
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
      setError(
        err instanceof ApiError && err.status > 0 ? err.message : 'Could not send the reset link. Please try again.',
      );
    }
  });

  const busy = formState.isSubmitting;
  return (
    <main className="auth-page">
      <div className="card auth-card">
        <div className="auth-head">
          <img src="/favicon.svg" alt="" />
          <h1>Forgot your password?</h1>
          <p>Enter your email and we will send you a link to choose a new one.</p>
        </div>
        {sent ? (
          <div className="alert alert-success" role="status">
            {sent} The link works once and expires in 60 minutes.
          </div>
        ) : (
          <form onSubmit={onSubmit}>
            {error && (
              <div className="alert alert-error" role="alert">
                {error}
              </div>
            )}
            <FormField id="forgot-email" label="Email" error={emailError}>
              {(a11y) => (
                <input
                  {...a11y}
                  type="email"
                  autoComplete="email"
                  placeholder="you@example.com"
                  required
                  {...register('email')}
                />
              )}
            </FormField>
            <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
              {busy && <span className="spinner" aria-hidden="true" />}
              {busy ? 'Sending link...' : 'Send reset link'}
            </button>
          </form>
        )}
        <p className="auth-foot">
          Remembered it? <Link to="/login">Back to sign in</Link>
        </p>
      </div>
    </main>
  );
}
