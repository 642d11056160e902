import { type TUser, ZLogin } from '@assessly/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { PasswordInput } from '../../app/password-input';
import { api } from '../../lib/api';
import { ME_KEY, rememberUser } from '../auth/use-auth';

const LOGIN_FAILED = 'Login failed. Please check your credentials.';

/**
 * The owner sign-in (spec §2.5, §5) as a real sign-in (design.md §4): POST /api/users/login, then employers
 * land on /admin and anyone else on /. Google/LinkedIn stay hidden until they work.
 */
export function OwnerSignInForm({ onCreateAccount }: { onCreateAccount: () => void }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [failed, setFailed] = useState(false);
  const { register, handleSubmit, formState, clearErrors } = useForm({
    resolver: zodResolver(ZLogin),
    // Errors clear when the field is edited (spec §5); they come back only on the next submit.
    reValidateMode: 'onSubmit',
    defaultValues: { email: '', password: '', rememberMe: false },
  });
  const errors = formState.errors;
  const edited = (name: 'email' | 'password') => ({
    onChange: () => {
      clearErrors(name);
      setFailed(false);
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailed(false);
    try {
      const user = await api<TUser>('/api/users/login', { method: 'POST', body: values });
      rememberUser(user);
      qc.removeQueries({ predicate: (q) => q.queryKey[0] !== ME_KEY[0] });
      qc.setQueryData(ME_KEY, user);
      navigate(user.role === 'employer' ? '/admin' : '/', { replace: true });
    } catch {
      setFailed(true);
    }
  });

  const busy = formState.isSubmitting;
  return (
    <form onSubmit={onSubmit} noValidate className="owner-form">
      <h2>Sign in to your company account</h2>
      {failed && (
        <div className="alert alert-error" role="alert">
          {LOGIN_FAILED}
        </div>
      )}
      <div className="field">
        <label htmlFor="owner-email">Email</label>
        <input
          id="owner-email"
          type="email"
          autoComplete="email"
          placeholder="you@company.com"
          aria-invalid={!!errors.email}
          aria-describedby={errors.email ? 'owner-email-error' : undefined}
          {...register('email', edited('email'))}
        />
        {errors.email && (
          <span id="owner-email-error" className="field-error">
            {errors.email.message}
          </span>
        )}
      </div>
      <div className="field">
        <label htmlFor="owner-password">Password</label>
        <PasswordInput
          id="owner-password"
          autoComplete="current-password"
          placeholder="Enter your password"
          aria-invalid={!!errors.password}
          aria-describedby={errors.password ? 'owner-password-error' : undefined}
          {...register('password', edited('password'))}
        />
        {errors.password && (
          <span id="owner-password-error" className="field-error">
            {errors.password.message}
          </span>
        )}
      </div>
      <div className="owner-row">
        <label className="owner-check">
          <input type="checkbox" {...register('rememberMe')} /> Remember me
        </label>
        <Link to="/forgot-password">Forgot password?</Link>
      </div>
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        {busy && <span className="spinner" aria-hidden="true" />}
        {busy ? 'Signing In...' : 'Sign In'}
      </button>
      <p className="owner-foot">
        Don't have an account?{' '}
        <button type="button" className="btn btn-link" onClick={onCreateAccount}>
          Create an account
        </button>
      </p>
    </form>
  );
}
