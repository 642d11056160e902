import { type TAcceptInvite, ZAcceptInvite } from '@assessly/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { PageSpinner } from '../../app/page-spinner';
import { PasswordInput } from '../../app/password-input';
import { ApiError, serverMessage } from '../../lib/api';
import { useStartSession } from '../auth/use-auth';
import { acceptInvite, readInvite } from './owner-api';
import { PasswordStrength } from './password-field';
import './owner.css';

/** /join?token= — a colleague invited by the company admin creates an account in the invited role and lands on /admin. */
export function JoinPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const startSession = useStartSession();
  const [failure, setFailure] = useState<string | null>(null);
  const invite = useQuery({
    queryKey: ['invite', token],
    queryFn: () => readInvite(token),
    enabled: !!token,
    retry: false,
  });
  const form = useForm({
    resolver: zodResolver(ZAcceptInvite),
    defaultValues: { firstName: '', lastName: '', password: '' },
  });
  const e = form.formState.errors;
  const password = String(form.watch('password') ?? '');

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const user = await acceptInvite(token, values);
      startSession(user);
      navigate('/admin', { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.fields)
        for (const [k, m] of Object.entries(err.fields)) form.setError(k as keyof TAcceptInvite, { message: m });
      setFailure(serverMessage(err, 'Could not reach the server. Please try again.'));
    }
  });

  if (!token || invite.isError) {
    return (
      <main className="container narrow owner-message">
        <div className="card center-text">
          <h1>Join your team</h1>
          <p className="alert alert-error" role="alert">
            {invite.error instanceof ApiError
              ? invite.error.message
              : 'This invitation link is incomplete. Please open the link from your email again.'}
          </p>
          <Link to="/owner/login">Go to sign in</Link>
        </div>
      </main>
    );
  }
  if (invite.isPending) return <PageSpinner label="Opening your invitation..." />;

  const field = (name: keyof TAcceptInvite) => ({
    id: `join-${name}`,
    'aria-invalid': !!e[name],
    'aria-describedby': e[name] ? `join-${name}-error` : undefined,
    ...form.register(name),
  });
  const error = (name: keyof TAcceptInvite) =>
    e[name] && (
      <span id={`join-${name}-error`} className="field-error">
        {e[name]?.message}
      </span>
    );

  return (
    <main className="container narrow owner-message">
      <form className="card owner-form" onSubmit={onSubmit} noValidate>
        <h1>Join {invite.data.companyName}</h1>
        <p className="muted">
          You were invited to join {invite.data.companyName} on Assessly as{' '}
          {invite.data.role === 'admin' ? 'an admin' : `a ${invite.data.role}`}. Create your account to continue.
        </p>
        {failure && (
          <div className="alert alert-error" role="alert">
            {failure}
          </div>
        )}
        <div className="field">
          <label htmlFor="join-email">Email</label>
          <input id="join-email" type="email" value={invite.data.email} readOnly />
        </div>
        <div className="grid-2">
          <div className="field">
            <label htmlFor="join-firstName">First Name</label>
            <input type="text" autoComplete="given-name" {...field('firstName')} />
            {error('firstName')}
          </div>
          <div className="field">
            <label htmlFor="join-lastName">Last Name</label>
            <input type="text" autoComplete="family-name" {...field('lastName')} />
            {error('lastName')}
          </div>
        </div>
        <div className="field">
          <label htmlFor="join-password">Password</label>
          <PasswordInput autoComplete="new-password" {...field('password')} />
          <PasswordStrength password={password} />
          {error('password')}
        </div>
        <button type="submit" className="btn btn-primary btn-block" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? 'Joining...' : 'Join Company'}
        </button>
      </form>
    </main>
  );
}
