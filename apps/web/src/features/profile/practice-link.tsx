/** Issue 46: a candidate opens their own practice test (never scored, never shown to an employer). */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../../lib/api';

export function PracticeLink() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const open = async () => {
    setBusy(true);
    setError('');
    try {
      const { testId } = await api<{ testId: string }>('/api/practice', { method: 'POST' });
      navigate(`/code/${testId}`);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The practice test could not be opened.');
      setBusy(false);
    }
  };
  return (
    <section className="card profile-practice" aria-labelledby="practice-h">
      <h2 id="practice-h">Practice test</h2>
      <p>
        Try the code editor, Run, the camera check and the timer on a short problem before a real test. Nothing is
        scored, and no employer sees it.
      </p>
      <button type="button" className="btn btn-outline" onClick={open} disabled={busy}>
        {busy ? 'Opening…' : 'Take the practice test'}
      </button>
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
