import { type TUser, ZLogin } from '@assessly/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { FormField } from '../../app/form-field';
import { PasswordInput } from '../../app/password-input';
import { api } from '../../lib/api';
import { findSsoStart, SsoDiscovery } from '../integrations/sso-discovery';
import { loginErrorMessage } from './auth-errors';
import { landingPath, safeNext, useStartSession } from './use-auth';
import './auth.css';

/** What other pages may hand to /login through navigation state (e.g. after sign-up or a password reset). */
export interface LoginState {
  notice?: string;
  email?: string;
}

export function LoginPage() {
  const navigate = useNavigate();
  const startSession = useStartSession();
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
    // Users of a company with single sign-on are sent to their provider (issue 14).
    const ssoStart = await findSsoStart(values.email);
    if (ssoStart) return window.location.assign(ssoStart);
    try {
      const user = await api<TUser>('/api/users/login', { method: 'POST', body: values });
      startSession(user);
      navigate(landingPath(user, next), { replace: true });
    } catch (err) {
      setError(loginErrorMessage(err));
    }
  });

  const busy = formState.isSubmitting;
  return (
    <main className="auth-page">
      <div className="card auth-card">
        <div className="auth-head">
          <img src="/favicon.svg" alt="" />
          <h1>Welcome Back!</h1>
          <p>Sign in to your account</p>
        </div>
        {state.notice && !error && (
          <div className="alert alert-success" role="status">
            {state.notice}
          </div>
        )}
        {error && (
          <div className="alert alert-error" role="alert">
            {error}
          </div>
        )}
        <SsoDiscovery email={watch('email')} />
        <form onSubmit={onSubmit}>
          <FormField id="login-email" label="Email" error={errors.email?.message}>
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
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            {busy && <span className="spinner" aria-hidden="true" />}
            {busy ? 'Signing in...' : 'Sign in'}
          </button>
        </form>
        <p className="auth-foot">
          Don't have an account? <Link to={next ? `/signup?next=${encodeURIComponent(next)}` : '/signup'}>Sign up</Link>
        </p>
      </div>
    </main>
  );
}
