/**
 * /entry: the old stand-alone face page is gone (issue 17: it enrolled a face nobody compared with). The
 * entry step now lives in front of every proctored test (entry-step.tsx, shown by /code/{id} and
 * /aptitude/{id} before the start); /entry?testId=… leads there, and without an id it asks for one.
 */
import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { RequireUser } from '../auth/guards';
import './proctoring.css';

export function EntryPage() {
  return (
    <RequireUser>
      <Entry />
    </RequireUser>
  );
}

function Entry() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [testId, setTestId] = useState('');
  const fromLink = params.get('testId')?.trim();
  // The coding page sends an aptitude test on to /aptitude/{id} itself.
  if (fromLink) return <Navigate to={`/code/${encodeURIComponent(fromLink)}`} replace />;
  return (
    <main className="container entry">
      <h1>Start a test</h1>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (testId.trim()) navigate(`/code/${encodeURIComponent(testId.trim())}`);
        }}
      >
        <div className="field">
          <label htmlFor="entry-test-id">Test ID</label>
          <input
            id="entry-test-id"
            className="input"
            value={testId}
            onChange={(e) => setTestId(e.target.value)}
            placeholder="From your invitation"
          />
        </div>
        <button type="submit" className="btn btn-primary">
          Continue
        </button>
      </form>
      <p className="muted">The next page sets up your camera (for proctored tests) before the timer starts.</p>
    </main>
  );
}
