import { useState } from 'react';
import { RequireUser } from '../auth/guards';
import { eraseMe } from './integrations-api';
import { errorText } from './settings-nav';
import './integrations.css';

/** /account/data: a candidate downloads everything we hold about them, or deletes their account. */
export function MyDataPage() {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const onDelete = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!window.confirm('Delete your account and personal data? This cannot be undone.')) return;
    setBusy(true);
    setError(null);
    try {
      await eraseMe(password);
      // A full load: every cached query of the deleted account is dropped.
      window.location.assign('/');
    } catch (err) {
      setError(errorText(err, 'Could not delete your account.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <main className="container settings-page">
      <h1>Your data</h1>
      <section className="card" aria-labelledby="download-title">
        <h2 id="download-title">Download your data</h2>
        <p className="muted">
          Your profile, attempts, submitted code, drafts, proctoring events and invitations as JSON.
        </p>
        <a className="btn btn-outline" href="/api/users/me/export" download>
          Download my data
        </a>
      </section>
      <section className="card" aria-labelledby="delete-title">
        <h2 id="delete-title">Delete your account</h2>
        <p className="muted">
          Your sessions, profile, camera frames, drafts and face enrolment are erased. Employers keep only an anonymous
          result ("Deleted candidate" and the score).
        </p>
        <form onSubmit={onDelete}>
          <div className="field">
            <label htmlFor="erase-password">Password</label>
            <input
              id="erase-password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              required
            />
          </div>
          {error && (
            <p className="alert alert-error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="btn btn-danger" disabled={busy}>
            Delete my account
          </button>
        </form>
      </section>
    </main>
  );
}

/** The page behind a sign-in guard. */
export function MyDataRoute() {
  return (
    <RequireUser>
      <MyDataPage />
    </RequireUser>
  );
}
