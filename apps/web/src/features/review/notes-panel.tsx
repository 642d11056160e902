/** Reviewer notes on one attempt: every member of the company reads and adds them. */
import { useId, useState } from 'react';
import { formatDateTime } from '../../lib/format';
import { useAddNote, useNotes } from './review-api';

export function NotesPanel({ attemptId }: { attemptId: string }) {
  const id = useId();
  const notes = useNotes(attemptId);
  const add = useAddNote(attemptId);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!body.trim()) {
      setError('Write a note first');
      return;
    }
    try {
      await add.mutateAsync(body.trim());
      setBody('');
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <section className="card rv-section no-print" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Reviewer notes</h2>
      {notes.isPending ? (
        <p className="muted">Loading notes...</p>
      ) : notes.isError ? (
        <p className="alert alert-error">{notes.error.message}</p>
      ) : notes.data.length === 0 ? (
        <p className="muted">No notes yet.</p>
      ) : (
        <ul className="rv-notes">
          {notes.data.map((n) => (
            <li key={n.id}>
              <p style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{n.body}</p>
              <small className="muted">
                {n.authorName} · {formatDateTime(n.createdAt)}
              </small>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={id}>Add a note</label>
          <textarea
            id={id}
            value={body}
            maxLength={5000}
            onChange={(e) => setBody(e.target.value)}
            aria-invalid={!!error}
            aria-describedby={error ? `${id}-err` : undefined}
          />
          {error && (
            <span id={`${id}-err`} className="field-error" role="alert">
              {error}
            </span>
          )}
        </div>
        <button type="submit" className="btn btn-primary btn-sm" disabled={add.isPending}>
          {add.isPending ? 'Saving...' : 'Add note'}
        </button>
      </form>
    </section>
  );
}
