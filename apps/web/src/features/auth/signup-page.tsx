import { type TSignupResult, ZSignup } from '@assessly/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ErrorAlert } from '../../app/alert';
import { PasswordInput } from '../../app/password-input';
import { SubmitButton } from '../../app/submit-button';
import { ApiError, api } from '../../lib/api';
import { AuthCard } from './auth-card';
import { signupErrorMessage } from './auth-errors';
import type { LoginState } from './login-page';
import { safeNext } from './use-auth';
import './auth.css';

const ROLE_HINTS = {
  candidate: 'Looking for job opportunities',
  employer: 'Hiring and managing tests',
} as const;

const FIELDS = ['firstName', 'lastName', 'email', 'password', 'role'] as const;

export function SignupPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  // An invited candidate arrives with ?next=/invite/...; carry it through /login so they return there.
  const next = safeNext(params.get('next'));
  const loginPath = next ? `/login?next=${encodeURIComponent(next)}` : '/login';
  const {
    register,
    handleSubmit,
    formState,
    watch,
    setError: setFieldError,
  } = useForm({
    resolver: zodResolver(ZSignup),
    // The home page's 'Get Started Free' form hands the address over as ?email=.
    defaultValues: {
      firstName: '',
      lastName: '',
      email: params.get('email') ?? '',
      password: '',
      role: 'candidate' as const,
    },
  });
  const errors = formState.errors;
  const role = watch('role') ?? 'candidate';

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      // The same answer whether or not the address already had an account (its owner is told by mail).
      const res = await api<TSignupResult>('/api/users/add', { method: 'POST', body: values });
      const state: LoginState = { notice: res.message, email: values.email };
      navigate(loginPath, { state });
    } catch (err) {
      setError(signupErrorMessage(err));
      if (err instanceof ApiError && err.fields) {
        for (const name of FIELDS) {
          const message = err.fields[name];
          if (message) setFieldError(name, { message });
        }
      }
    }
  });

  const fieldProps = (name: (typeof FIELDS)[number]) => ({
    id: `signup-${name}`,
    'aria-invalid': !!errors[name],
    'aria-describedby': errors[name] ? `signup-${name}-error` : undefined,
    ...register(name),
  });
  const fieldError = (name: (typeof FIELDS)[number]) =>
    errors[name] ? (
      <span id={`signup-${name}-error`} className="field-error">
        {errors[name]?.message}
      </span>
    ) : null;

  const busy = formState.isSubmitting;
  return (
    <AuthCard title="Create Account" lead="Join our community today" wide>
      <ErrorAlert message={error} />
      <form onSubmit={onSubmit}>
        <div className="name-row">
          <div className="field">
            <label htmlFor="signup-firstName">First Name</label>
            <input autoComplete="given-name" placeholder="Jane" required {...fieldProps('firstName')} />
            {fieldError('firstName')}
          </div>
          <div className="field">
            <label htmlFor="signup-lastName">Last Name</label>
            <input autoComplete="family-name" placeholder="Doe" required {...fieldProps('lastName')} />
            {fieldError('lastName')}
          </div>
        </div>
        <div className="field">
          <label htmlFor="signup-email">Email</label>
          <input type="email" autoComplete="email" placeholder="you@example.com" required {...fieldProps('email')} />
          {fieldError('email')}
        </div>
        <div className="field">
          <label htmlFor="signup-password">Password</label>
          <PasswordInput
            autoComplete="new-password"
            placeholder="At least 8 characters"
            required
            {...fieldProps('password')}
          />
          {fieldError('password')}
        </div>
        <div className="field">
          <label htmlFor="signup-role">I am a</label>
          <select
            required
            {...fieldProps('role')}
            aria-describedby={errors.role ? 'signup-role-hint signup-role-error' : 'signup-role-hint'}
          >
            <option value="candidate">Candidate</option>
            <option value="employer">Employer</option>
          </select>
          <span id="signup-role-hint" className="field-hint">
            {ROLE_HINTS[role]}
          </span>
          {fieldError('role')}
        </div>
        <SubmitButton busy={busy} busyLabel="Creating account..." label="Create Account" />
      </form>
      <p className="auth-foot">
        Already have an account? <Link to={loginPath}>Sign in</Link>
      </p>
    </AuthCard>
  );
}
