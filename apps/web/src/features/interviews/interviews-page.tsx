/** /admin/interviews — the company's interviews with their status, and scheduling a new one. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ErrorAlert, SuccessAlert } from '../../app/alert';
import { ApiError, serverMessage } from '../../lib/api';
import { interviewsApi } from './interviews-api';
import './interviews.css';

const STATUS_TEXT = { scheduled: 'Scheduled', live: 'Live', ended: 'Ended' } as const;

export function InterviewsPage() {
  const list = useQuery({ queryKey: ['interviews'], queryFn: interviewsApi.list });
  return (
    <div className="container">
      <h1>Interviews</h1>
      <ScheduleForm />
      <h2>All interviews</h2>
      {list.isPending && <p className="muted">Loading interviews…</p>}
      {list.isError && <ErrorAlert message={serverMessage(list.error, 'The interviews could not be loaded.')} />}
      {list.data && list.data.length === 0 && <p className="muted">No interviews yet. Schedule one above.</p>}
      {list.data && list.data.length > 0 && (
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Title</th>
              <th scope="col">Candidate</th>
              <th scope="col">Status</th>
              <th scope="col">Scorecard</th>
              <th scope="col">Open</th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((i) => (
              <tr key={i.id}>
                <td>{i.title}</td>
                <td>{i.candidateEmail}</td>
                <td>{STATUS_TEXT[i.status]}</td>
                <td>{i.hasScorecard ? 'Filled in' : '—'}</td>
                <td>
                  {i.status === 'ended' ? (
                    <Link to={`/admin/interviews/${i.id}`}>Record and replay</Link>
                  ) : (
                    <a href={`/interview/${i.id}`}>Open room</a>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

function ScheduleForm() {
  const queryClient = useQueryClient();
  const [title, setTitle] = useState('');
  const [email, setEmail] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    setDone(null);
    setFields({});
    try {
      await interviewsApi.create({ title, candidateEmail: email });
      setDone(`Interview scheduled; ${email} has been emailed the link to the room.`);
      setTitle('');
      setEmail('');
      await queryClient.invalidateQueries({ queryKey: ['interviews'] });
    } catch (err) {
      if (err instanceof ApiError && err.fields) setFields(err.fields);
      setError(serverMessage(err, 'The interview could not be scheduled. Check your connection.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="card" onSubmit={submit} aria-labelledby="iv-new-title" noValidate>
      <h2 id="iv-new-title">Schedule an interview</h2>
      <div className="field">
        <label htmlFor="iv-title">Title</label>
        <input
          id="iv-title"
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          aria-invalid={!!fields.title || undefined}
          aria-describedby={fields.title ? 'iv-title-error' : undefined}
        />
        {fields.title && (
          <p id="iv-title-error" className="field-error">
            {fields.title}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor="iv-email">Candidate email</label>
        <input
          id="iv-email"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={!!fields.candidateEmail || undefined}
          aria-describedby={fields.candidateEmail ? 'iv-email-error' : undefined}
        />
        {fields.candidateEmail && (
          <p id="iv-email-error" className="field-error">
            {fields.candidateEmail}
          </p>
        )}
      </div>
      <ErrorAlert message={error} />
      <SuccessAlert message={done} />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Scheduling…' : 'Schedule and email the candidate'}
      </button>
    </form>
  );
}
