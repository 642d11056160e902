import { ZLogin } from '@assessly/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { ErrorAlert, SuccessAlert } from '../../app/alert';
import { FormField } from '../../app/form-field';
import { PasswordInput } from '../../app/password-input';
import { SubmitButton } from '../../app/submit-button';
import { SsoDiscovery } from '../integrations/sso-discovery';
import { AuthCard, EmailField } from './auth-card';
import { loginErrorMessage } from './auth-errors';
import { safeNext, useSignIn } from './use-auth';
import './auth.css';

/** What other pages may hand to /login through navigation state (e.g. after sign-up or a password reset). */
export interface LoginState {
  notice?: string;
  email?: string;
}

export function LoginPage() {
  const signIn = useSignIn();
  const [params] = useSearchParams();
  const state = (useLocation().state ?? {}) as LoginState;
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState, watch } = useForm({
    resolver: zodResolver(ZLogin),
    defaultValues: { email: state.email ?? '', password: '', rememberMe: false },
  });
  const errors = formState.errors;
  const next = safeNext(params.get('next'));

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    // Single sign-on is offered above the form (SsoDiscovery), never forced: discovery answers by domain alone
    // (issue 23), and a candidate at that domain signs in with a password.
    try {
      await signIn(values, next);
    } catch (err) {
      setError(loginErrorMessage(err));
    }
  });

  const busy = formState.isSubmitting;
  return (
    <AuthCard title="Welcome Back!" lead="Sign in to your account">
      <SuccessAlert message={error ? null : state.notice} />
      <ErrorAlert message={error} />
      <SsoDiscovery email={watch('email')} />
      <form onSubmit={onSubmit}>
        <EmailField id="login-email" error={errors.email?.message} registration={register('email')} />
        <FormField id="login-password" label="Password" error={errors.password?.message}>
          {(a11y) => (
            <PasswordInput
              {...a11y}
              autoComplete="current-password"
              placeholder="Enter your password"
              required
              {...register('password')}
            />
          )}
        </FormField>
        <div className="auth-row">
          <label>
            <input type="checkbox" {...register('rememberMe')} /> Remember me
          </label>
          <Link to="/forgot-password">Forgot password?</Link>
        </div>
        <SubmitButton busy={busy} busyLabel="Signing in..." label="Sign in" />
      </form>
      <p className="auth-foot">
        Don't have an account? <Link to={next ? `/signup?next=${encodeURIComponent(next)}` : '/signup'}>Sign up</Link>
      </p>
    </AuthCard>
  );
}
