import { type TUser, ZLogin } from '@assessly/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { PasswordInput } from '../../app/password-input';
import { api } from '../../lib/api';
import { loginErrorMessage } from './auth-errors';
import { landingPath, ME_KEY, rememberUser, safeNext } from './use-auth';
import './auth.css';

/** What other pages may hand to /login through navigation state (e.g. after sign-up or a password reset). */
export interface LoginState {
  notice?: string;
  email?: string;
}

export function LoginPage() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const state = (useLocation().state ?? {}) as LoginState;
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(ZLogin),
    defaultValues: { email: state.email ?? '', password: '', rememberMe: false },
  });
  const errors = formState.errors;
  const next = safeNext(params.get('next'));

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      const user = await api<TUser>('/api/users/login', { method: 'POST', body: values });
      rememberUser(user);
      // Nothing cached for a previous visitor may leak into this session.
      qc.removeQueries({ predicate: (q) => q.queryKey[0] !== ME_KEY[0] });
      qc.setQueryData(ME_KEY, user);
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
        <form onSubmit={onSubmit}>
          <div className="field">
            <label htmlFor="login-email">Email</label>
            <input
              id="login-email"
              type="email"
              autoComplete="email"
              placeholder="you@example.com"
              required
              aria-invalid={!!errors.email}
              aria-describedby={errors.email ? 'login-email-error' : undefined}
              {...register('email')}
            />
            {errors.email && (
              <span id="login-email-error" className="field-error">
                {errors.email.message}
              </span>
            )}
          </div>
          <div className="field">
            <label htmlFor="login-password">Password</label>
            <PasswordInput
              id="login-password"
              autoComplete="current-password"
              placeholder="Enter your password"
              required
              aria-invalid={!!errors.password}
              aria-describedby={errors.password ? 'login-password-error' : undefined}
              {...register('password')}
            />
            {errors.password && (
              <span id="login-password-error" className="field-error">
                {errors.password.message}
              </span>
            )}
          </div>
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
