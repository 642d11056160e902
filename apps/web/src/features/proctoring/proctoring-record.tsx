/**
 * After the test (issue 17): the candidate's own proctoring events with the rule that raised each, and a short
 * response per event that the reviewer sees beside it. Shown on the submitted screen.
 */
import { integrityLabel } from '@assessly/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, serverMessage } from '../../lib/api';
import './proctoring.css';

interface RecordEvent {
  id: string;
  kind: string;
  rule: string;
  detail: string;
  occurredAt: string;
  threshold: number | null;
  score: number | null;
  frameKept: boolean;
  response: string | null;
}

const recordKey = (testId: string) => ['proctoring-record', testId] as const;

export function ProctoringRecord({ testId }: { testId: string }) {
  const query = useQuery({
    queryKey: recordKey(testId),
    queryFn: () => api<{ proctored: boolean; events: RecordEvent[] }>(`/api/attempts/${testId}/proctoring-record`),
    retry: 1,
  });
  if (query.isPending) return null;
  if (query.isError) return null; // nothing to show (the page says why the test ended elsewhere)
  const { proctored, events } = query.data;
  return (
    <section className="proctoring-record" aria-labelledby="record-title">
      <h2 id="record-title">Your proctoring record</h2>
      <p className="muted">
        {proctored ? 'This test was camera-proctored. ' : 'This test was not camera-proctored. '}
        These are the events recorded for the employer, with the rule behind each. Events inform a person; they are not
        a verdict. You may add a short response to each; the reviewer sees it beside the event.
      </p>
      {events.length === 0 ? (
        <p>No events were recorded.</p>
      ) : (
        <ol className="proctoring-record-list">
          {events.map((e) => (
            <RecordItem key={e.id} testId={testId} event={e} />
          ))}
        </ol>
      )}
    </section>
  );
}

function RecordItem({ testId, event }: { testId: string; event: RecordEvent }) {
  const qc = useQueryClient();
  const [text, setText] = useState(event.response ?? '');
  const [state, setState] = useState<'idle' | 'saving' | 'saved' | string>('idle');
  const id = `response-${event.id}`;
  const save = async () => {
    setState('saving');
    try {
      await api(`/api/attempts/${testId}/proctoring-events/${event.id}/response`, {
        method: 'PUT',
        body: { response: text },
      });
      setState('saved');
      void qc.invalidateQueries({ queryKey: recordKey(testId) });
    } catch (err) {
      setState(serverMessage(err, 'Connection lost — try again.'));
    }
  };
  return (
    <li className="proctoring-record-item">
      <p>
        <strong>{new Date(event.occurredAt).toLocaleString()}</strong> — {integrityLabel(event.kind)}
        {event.detail && ` (${event.detail})`}
      </p>
      <p className="muted proctoring-small">
        Rule: {event.rule}
        {event.threshold !== null && ` Threshold: ${event.threshold}.`}
        {event.score !== null && ` Score: ${event.score}.`}
        {event.frameKept && ' A frame was saved with it.'}
      </p>
      <label htmlFor={id}>Your response (optional, up to 500 characters)</label>
      <textarea id={id} rows={2} maxLength={500} value={text} onChange={(e) => setText(e.target.value)} />
      <div className="row">
        <button type="button" className="btn btn-outline" onClick={save} disabled={!text.trim() || state === 'saving'}>
          {state === 'saving' ? 'Saving…' : 'Save response'}
        </button>
        {state === 'saved' && <span role="status">Saved — the reviewer sees it.</span>}
        {state !== 'idle' && state !== 'saving' && state !== 'saved' && (
          <span className="field-error" role="alert">
            {state}
          </span>
        )}
      </div>
    </li>
  );
}
