/** Invite candidates to a test (addresses typed or a CSV file) and track invited / started / submitted. */
import type { TInvitationRow, TInviteResult } from '@assessly/shared';
import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import { formatDateTime } from '../../lib/format';
import { useCan } from '../auth/use-can';
import { AccommodationRequests } from './accommodation-requests';
import { useInvitations, useInvite, useResend, useSetAccommodation } from './review-api';

const STATUS_LABEL = { invited: 'Invited', started: 'Started', submitted: 'Submitted' } as const;
const STATUS_CLASS = { invited: '', started: 'badge-warning', submitted: 'badge-success' } as const;

export function InvitePanel({ testId }: { testId: string }) {
  const ids = { text: useId(), file: useId(), error: useId(), extra: useId(), mult: useId(), note: useId() };
  const [text, setText] = useState('');
  const [extra, setExtra] = useState('');
  const [mult, setMult] = useState('');
  const [note, setNote] = useState('');
  const [csv, setCsv] = useState<{ name: string; text: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<TInviteResult | null>(null);
  const invite = useInvite(testId);
  // Reviewers read who was invited; sending is for owners, admins and recruiters (the server enforces it).
  const canSend = useCan()('invitations.send');
  const list = useInvitations(testId);
  const resend = useResend(testId);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!text.trim() && !csv) {
      setError('Enter at least one email address or choose a CSV file');
      return;
    }
    try {
      // Typed addresses are each checked (invalid ones reported); in a CSV only cells with an @ are addresses.
      const emails = text
        .split(/\r?\n/)
        .map((l) => l.trim())
        .filter(Boolean);
      const accommodation =
        extra || mult || note.trim()
          ? {
              ...(extra ? { extraMinutes: Number(extra) } : {}),
              ...(mult ? { multiplier: Number(mult) } : {}),
              ...(note.trim() ? { note: note.trim() } : {}),
            }
          : undefined;
      const r = await invite.mutateAsync({
        ...(emails.length ? { emails } : {}),
        ...(csv ? { csv: csv.text } : {}),
        ...(accommodation ? { accommodation } : {}),
      });
      setResult(r);
      setText('');
      setCsv(null);
      toast.success(`Sent ${r.invited.length} invitation${r.invited.length === 1 ? '' : 's'}`);
    } catch (err) {
      setError((err as Error).message);
    }
  };

  return (
    <section className="card rv-section" aria-labelledby={`${ids.text}-h`}>
      <h2 id={`${ids.text}-h`}>Invite candidates</h2>
      {!canSend && <p className="muted">Your role (reviewer) reads invitations; a recruiter or admin sends them.</p>}
      <form className="rv-inline-form" onSubmit={submit} noValidate hidden={!canSend}>
        <div className="field">
          <label htmlFor={ids.text}>Email addresses</label>
          <textarea
            id={ids.text}
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={'ada@example.com\ngrace@example.com'}
            aria-invalid={!!error}
            aria-describedby={`${ids.text}-hint${error ? ` ${ids.error}` : ''}`}
          />
          <span id={`${ids.text}-hint`} className="field-hint">
            One or many addresses, separated by new lines, commas or semicolons. Each candidate gets a personal link by
            email.
          </span>
        </div>
        <div className="field">
          <label htmlFor={ids.file}>Or upload a CSV file</label>
          <input
            id={ids.file}
            type="file"
            accept=".csv,text/csv,text/plain"
            onChange={async (e) => {
              const f = e.target.files?.[0];
              setCsv(f ? { name: f.name, text: await f.text() } : null);
            }}
          />
          {csv && <span className="field-hint">{csv.name} ready to send</span>}
        </div>
        <details className="rv-accommodation">
          <summary>Accommodation (extra time) for these candidates</summary>
          <div className="field">
            <label htmlFor={ids.extra}>Extra minutes</label>
            <input
              id={ids.extra}
              className="input"
              type="number"
              min={0}
              max={1440}
              value={extra}
              onChange={(e) => setExtra(e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor={ids.mult}>Or a time multiplier</label>
            <input
              id={ids.mult}
              className="input"
              type="number"
              min={1}
              max={4}
              step={0.25}
              placeholder="1.5"
              value={mult}
              onChange={(e) => setMult(e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor={ids.note}>Accommodation note</label>
            <input
              id={ids.note}
              className="input"
              value={note}
              maxLength={500}
              onChange={(e) => setNote(e.target.value)}
            />
          </div>
        </details>
        {error && (
          <p id={ids.error} className="field-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="btn btn-primary" disabled={invite.isPending}>
          {invite.isPending ? 'Sending...' : 'Send Invitations'}
        </button>
      </form>
      {result && (
        <div className="alert alert-info" role="status" style={{ marginTop: '1rem' }}>
          Invited {result.invited.length}.
          {result.alreadyInvited.length > 0 && ` Already invited: ${result.alreadyInvited.join(', ')}.`}
          {result.duplicates.length > 0 && ` Duplicates skipped: ${result.duplicates.join(', ')}.`}
          {result.invalid.length > 0 && ` Invalid addresses: ${result.invalid.join(', ')}.`}
        </div>
      )}
      <h3>Invited candidates</h3>
      {list.isPending ? (
        <p className="muted">Loading invitations...</p>
      ) : list.isError ? (
        <p className="alert alert-error">{list.error.message}</p>
      ) : list.data.length === 0 ? (
        <p className="muted">No one invited yet.</p>
      ) : (
        <div className="rv-table-wrap">
          <table className="table" aria-label="Invitations">
            <thead>
              <tr>
                <th>Email</th>
                <th>Status</th>
                <th>Extra time</th>
                <th>Sent</th>
                <th>Reminder</th>
                <th>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((i) => (
                <tr key={i.id}>
                  <td>{i.email}</td>
                  <td>
                    <span className={`badge ${STATUS_CLASS[i.status]}`}>{STATUS_LABEL[i.status]}</span>
                  </td>
                  <td title={i.accommodationNote ?? undefined}>
                    <ExtraTime invitation={i} testId={testId} canChange={canSend} />
                  </td>
                  <td>{formatDateTime(i.sentAt)}</td>
                  <td>{i.reminderSentAt ? formatDateTime(i.reminderSentAt) : '—'}</td>
                  <td>
                    {canSend && i.status !== 'submitted' && (
                      <button
                        type="button"
                        className="btn btn-outline btn-sm"
                        disabled={resend.isPending}
                        aria-label={`Resend invitation to ${i.email}`}
                        onClick={async () => {
                          try {
                            await resend.mutateAsync(i.id);
                            toast.success(`Invitation resent to ${i.email}`);
                          } catch (err) {
                            toast.error((err as Error).message);
                          }
                        }}
                      >
                        Resend
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <AccommodationRequests testId={testId} />
    </section>
  );
}

/** The extra time of one invitation, editable in place (a running attempt gets the new deadline at once). */
function ExtraTime({
  invitation: i,
  testId,
  canChange,
}: {
  invitation: TInvitationRow;
  testId: string;
  canChange: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const [minutes, setMinutes] = useState(i.extraMinutes != null ? String(i.extraMinutes) : '');
  const save = useSetAccommodation(testId);
  const shown = i.extraMinutes != null ? `+${i.extraMinutes} min` : i.multiplier != null ? `×${i.multiplier}` : '—';
  if (!canChange) return <span>{shown}</span>;
  if (!editing)
    return (
      <span>
        {shown}{' '}
        <button
          type="button"
          className="btn btn-link btn-sm"
          aria-label={`Change extra time for ${i.email}`}
          onClick={() => setEditing(true)}
        >
          Change
        </button>
      </span>
    );
  return (
    <form
      className="row"
      onSubmit={async (e) => {
        e.preventDefault();
        try {
          await save.mutateAsync({
            id: i.id,
            body: { extraMinutes: minutes === '' ? null : Number(minutes), note: i.accommodationNote ?? null },
          });
          setEditing(false);
          toast.success(`Extra time for ${i.email} saved`);
        } catch (err) {
          toast.error((err as Error).message);
        }
      }}
    >
      <input
        className="input"
        type="number"
        min={0}
        max={1440}
        style={{ width: '6rem' }}
        aria-label={`Extra minutes for ${i.email}`}
        value={minutes}
        onChange={(e) => setMinutes(e.target.value)}
      />
      <button type="submit" className="btn btn-outline btn-sm" disabled={save.isPending}>
        Save
      </button>
    </form>
  );
}
