import { ZLogin, ZResetPassword } from '@assessly/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router-dom';
import { ErrorAlert } from '../../app/alert';
import { FormField } from '../../app/form-field';
import { PasswordInput } from '../../app/password-input';
import { SubmitButton } from '../../app/submit-button';
import { api, serverMessage } from '../../lib/api';
import { AuthCard } from './auth-card';
import type { LoginState } from './login-page';
import './auth.css';

// The server's password rule, plus a confirmation that only this form checks.
const ZNewPassword = ZResetPassword.pick({ password: true })
  .extend({ confirm: ZLogin.shape.password })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'Passwords do not match' });

/** The page a reset email links to: /reset-password?token=... sets a new password once. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(ZNewPassword),
    defaultValues: { password: '', confirm: '' },
  });
  const errors = formState.errors;

  const onSubmit = handleSubmit(async ({ password }) => {
    setError(null);
    try {
      const res = await api<{ message: string }>('/api/users/reset-password', {
        method: 'POST',
        body: { token, password },
      });
      setDone(res.message);
    } catch (err) {
      setError(serverMessage(err, 'Could not change the password. Please try again.'));
    }
  });

  const loginState: LoginState = { notice: 'Your password has been changed. Please sign in.' };
  const busy = formState.isSubmitting;
  return (
    <AuthCard title="Choose a new password" lead="Pick a password of at least 8 characters.">
      {done ? (
        <>
          <div className="alert alert-success" role="status">
            {done}
          </div>
          <Link to="/login" state={loginState} className="btn btn-primary btn-block">
            Go to sign in
          </Link>
        </>
      ) : !token ? (
        <div className="alert alert-error" role="alert">
          This reset link is incomplete. Please ask for a new one.
        </div>
      ) : (
        <form onSubmit={onSubmit}>
          <ErrorAlert message={error} />
          <FormField id="reset-password" label="New password" error={errors.password?.message}>
            {(a11y) => <PasswordInput {...a11y} autoComplete="new-password" required {...register('password')} />}
          </FormField>
          <FormField id="reset-confirm" label="Confirm new password" error={errors.confirm?.message}>
            {(a11y) => <PasswordInput {...a11y} autoComplete="new-password" required {...register('confirm')} />}
          </FormField>
          <SubmitButton busy={busy} busyLabel="Saving..." label="Set new password" />
        </form>
      )}
      {!done && (
        <p className="auth-foot">
          <Link to="/forgot-password">Ask for a new link</Link> · <Link to="/login">Back to sign in</Link>
        </p>
      )}
    </AuthCard>
  );
}
