/**
 * /admin/interviews/:id — an interview's record: status, scorecard, and a read-only replay of the shared code
 * (a scrubber over the stored updates, each Run marked on the timeline with its output).
 */
import type { TInterviewHistory } from '@assessly/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import * as Y from 'yjs';
import { ErrorAlert } from '../../app/alert';
import { serverMessage } from '../../lib/api';
import { interviewsApi } from './interviews-api';
import './interviews.css';

function decode(base64: string): Uint8Array {
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

/** The code after the first `step` stored updates (a pure function of the history). */
export function codeAt(history: TInterviewHistory, step: number): string {
  const doc = new Y.Doc();
  for (const u of history.updates.slice(0, step)) Y.applyUpdate(doc, decode(u.data));
  const text = doc.getText('code').toString();
  doc.destroy();
  return text;
}

export function InterviewRecordPage() {
  const { id = '' } = useParams();
  const detail = useQuery({ queryKey: ['interview', id], queryFn: () => interviewsApi.read(id) });
  const history = useQuery({ queryKey: ['interview-history', id], queryFn: () => interviewsApi.history(id) });
  if (detail.isPending) return <p className="muted container">Loading the interview…</p>;
  if (detail.isError) return <ErrorAlert message={serverMessage(detail.error, 'The interview could not be loaded.')} />;
  const d = detail.data;
  return (
    <div className="container">
      <h1>{d.title}</h1>
      <p>
        Candidate {d.candidateEmail}. Status: {d.status}.
        {d.endedAt ? ` Ended ${new Date(d.endedAt).toLocaleString()}.` : ''}
      </p>
      <h2>Scorecard</h2>
      {d.scorecard ? (
        <div className="card">
          <ul>
            {d.scorecard.ratings.map((r) => (
              <li key={r.criterion}>
                {r.criterion}: {r.score} / 5
              </li>
            ))}
          </ul>
          <p>Recommendation: {d.scorecard.recommendation.replace('_', ' ')}</p>
          {d.scorecard.summary && <p className="iv-pre">{d.scorecard.summary}</p>}
        </div>
      ) : (
        <p className="muted">No scorecard was filled in.</p>
      )}
      <h2>Replay</h2>
      {history.isPending && <p className="muted">Loading the replay…</p>}
      {history.isError && <ErrorAlert message={serverMessage(history.error, 'The replay could not be loaded.')} />}
      {history.data && <Replay history={history.data} />}
    </div>
  );
}

function Replay({ history }: { history: TInterviewHistory }) {
  const total = history.updates.length;
  const [step, setStep] = useState(total);
  const code = useMemo(() => codeAt(history, step), [history, step]);
  if (total === 0) return <p className="muted">Nothing was typed in this room.</p>;
  const at = history.updates[Math.max(0, step - 1)]?.at;
  const runsSoFar = history.runs.filter((r) => !at || r.createdAt <= at);
  return (
    <div className="card">
      <label htmlFor="iv-scrub">
        Step {step} of {total}
        {at ? ` (${new Date(at).toLocaleTimeString()})` : ''}
      </label>
      <input
        id="iv-scrub"
        className="iv-scrubber"
        type="range"
        min={0}
        max={total}
        value={step}
        onChange={(e) => setStep(Number(e.target.value))}
      />
      <pre className="iv-pre">{code || ' '}</pre>
      <h3>Runs up to this point</h3>
      {runsSoFar.length === 0 ? (
        <p className="muted">No runs yet at this point.</p>
      ) : (
        <ol>
          {runsSoFar.map((r) => (
            <li key={r.id} className="iv-timeline-run">
              {new Date(r.createdAt).toLocaleTimeString()} — {r.kind === 'hidden' ? 'Hidden tests' : 'Run'} by {r.runBy}
              : {r.verdict}
              {r.output && <pre className="iv-output">{r.output}</pre>}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
