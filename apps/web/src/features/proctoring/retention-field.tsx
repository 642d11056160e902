/** Company setting (issue 17): how long proctoring frames are kept (default 90 days); admins change it. */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError, api } from '../../lib/api';

export function RetentionField() {
  const query = useQuery({
    queryKey: ['proctoring-retention'],
    queryFn: () => api<{ days: number }>('/api/proctoring/retention'),
  });
  const [days, setDays] = useState('');
  const [message, setMessage] = useState('');
  useEffect(() => {
    if (query.data) setDays(String(query.data.days));
  }, [query.data]);
  if (!query.data) return null;
  const save = async () => {
    setMessage('');
    try {
      const r = await api<{ days: number }>('/api/proctoring/retention', {
        method: 'PUT',
        body: { days: Number(days) },
      });
      setMessage(`Saved: frames are kept ${r.days} days.`);
    } catch (err) {
      setMessage(err instanceof ApiError ? err.message : 'Could not save.');
    }
  };
  return (
    <section className="card" aria-labelledby="retention-title">
      <h2 id="retention-title">Proctoring frames</h2>
      <div className="field">
        <label htmlFor="retention-days">Keep proctoring frames for (days)</label>
        <input
          id="retention-days"
          className="input"
          type="number"
          min={1}
          max={3650}
          value={days}
          onChange={(e) => setDays(e.target.value)}
        />
        <span className="field-hint">
          Enrolment photos and flagged frames are deleted by the server after this period; candidates are told it on the
          entry step. Default 90.
        </span>
      </div>
      <button type="button" className="btn btn-outline" onClick={save}>
        Save
      </button>
      {message && <p role="status">{message}</p>}
    </section>
  );
}
