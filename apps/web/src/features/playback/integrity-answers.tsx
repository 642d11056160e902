/**
 * After the test (issue 29): the integrity signals the employer sees about the candidate's coding, each with
 * its rule, and a short answer per signal that the reviewer sees beside it. Shown on the submitted screen.
 */
import type { TCandidateIntegrity } from '@assessly/shared';
import { useState } from 'react';
import { serverMessage } from '../../lib/api';
import { signalTitle, useAnswerSignal, useOwnIntegrity } from './playback-api';
import { formatClock } from './playback-player';

type Signal = TCandidateIntegrity['signals'][number];

export function IntegrityAnswers({ testId }: { testId: string }) {
  const query = useOwnIntegrity(testId);
  if (query.isPending) return <p className="muted">Loading your coding integrity report…</p>;
  if (query.isError) return null; // before the end, or no attempt: nothing to show
  const { signals } = query.data;
  return (
    <section className="proctoring-record" aria-labelledby="integrity-title">
      <h2 id="integrity-title">Your coding integrity report</h2>
      <p className="muted">
        Your editing was recorded so the employer can replay how the code was written. These signals are facts with the
        rule behind each, for a person to weigh; there is no score. You may answer each one; the reviewer sees your
        answer beside it.
      </p>
      {signals.length === 0 ? (
        <p>No signals: nothing in your editing met a rule.</p>
      ) : (
        <ol className="proctoring-record-list">
          {signals.map((s) => (
            <SignalItem key={s.id} testId={testId} signal={s} />
          ))}
        </ol>
      )}
    </section>
  );
}

function SignalItem({ testId, signal }: { testId: string; signal: Signal }) {
  const [text, setText] = useState(signal.response ?? '');
  const answer = useAnswerSignal(testId);
  const id = `answer-${signal.id.replace(/[^a-z0-9]/gi, '-')}`;
  return (
    <li className="proctoring-record-item">
      <p>
        <strong>{signalTitle(signal.kind)}</strong> at {formatClock(signal.at)} into the test: {signal.evidence}.
      </p>
      <p className="muted proctoring-small">Rule: {signal.rule}</p>
      <label htmlFor={id}>Your answer (optional, up to 2,000 characters)</label>
      <textarea id={id} rows={2} maxLength={2000} value={text} onChange={(e) => setText(e.target.value)} />
      <div className="row">
        <button
          type="button"
          className="btn btn-outline"
          onClick={() => answer.mutate({ signalId: signal.id, response: text })}
          disabled={!text.trim() || answer.isPending}
        >
          {answer.isPending ? 'Saving…' : 'Save answer'}
        </button>
        {answer.isSuccess && <span role="status">Saved — the reviewer sees it.</span>}
        {answer.isError && (
          <span className="field-error" role="alert">
            {serverMessage(answer.error, 'Connection lost — try again.')}
          </span>
        )}
      </div>
    </li>
  );
}
