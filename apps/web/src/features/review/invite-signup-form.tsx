/** The one-go sign-up of an invitation page: name and password; the account uses the invited address. */
import { PASSWORD_MIN, type TInviteSignup, type TUser } from '@assessly/shared';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { PasswordInput } from '../../app/password-input';
import { ApiError, api, serverMessage } from '../../lib/api';
import { useStartSession } from '../auth/use-auth';

export function InviteSignupForm({ token, email, next }: { token: string; email: string; next: string }) {
  const ids = useId();
  const navigate = useNavigate();
  const startSession = useStartSession();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | Error | null>(null);

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const body: TInviteSignup = {
      firstName: String(data.get('firstName') ?? ''),
      lastName: String(data.get('lastName') ?? ''),
      password: String(data.get('password') ?? ''),
    };
    setBusy(true);
    setError(null);
    try {
      const user = await api<TUser>(`/api/invitations/accept/${encodeURIComponent(token)}/signup`, {
        method: 'POST',
        body,
      });
      startSession(user);
      navigate(next, { replace: true });
    } catch (err) {
      setError(err as Error);
      setBusy(false);
    }
  };
  const fieldError = (name: keyof TInviteSignup) => (error instanceof ApiError ? error.fields?.[name] : undefined);

  return (
    <form onSubmit={onSubmit} aria-labelledby={`${ids}-h`}>
      <h2 id={`${ids}-h`}>Create your account and start</h2>
      <p className="muted">
        Your account uses <strong>{email}</strong>, the address this invitation was sent to.
      </p>
      <div className="form-2">
        <div className="field">
          <label htmlFor={`${ids}-first`}>First name</label>
          <input id={`${ids}-first`} name="firstName" autoComplete="given-name" required maxLength={100} />
          {fieldError('firstName') && <span className="field-error">{fieldError('firstName')}</span>}
        </div>
        <div className="field">
          <label htmlFor={`${ids}-last`}>Last name</label>
          <input id={`${ids}-last`} name="lastName" autoComplete="family-name" required maxLength={100} />
          {fieldError('lastName') && <span className="field-error">{fieldError('lastName')}</span>}
        </div>
      </div>
      <div className="field">
        <label htmlFor={`${ids}-pw`}>Password</label>
        <PasswordInput
          id={`${ids}-pw`}
          name="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN}
          aria-describedby={`${ids}-pw-hint`}
        />
        <span id={`${ids}-pw-hint`} className="field-hint">
          At least {PASSWORD_MIN} characters.
        </span>
        {fieldError('password') && <span className="field-error">{fieldError('password')}</span>}
      </div>
      {error && !(error instanceof ApiError && error.fields) && (
        <p className="alert alert-error" role="alert">
          {serverMessage(error, 'Your account could not be created. Check your connection and try again.')}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Creating your account…' : 'Create account and continue'}
      </button>
    </form>
  );
}
