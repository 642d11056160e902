/**
 * /admin/reports/:attemptId/playback: the replay of a candidate's coding (issue 29) beside the integrity
 * report. Each stream (problem and language) plays on its own; page events (tab switches, pastes outside the
 * editor, face flags) and submissions with their verdicts share its timeline. Signals link into the replay.
 */
import type { TPlaybackMoment, TPlaybackStream } from '@assessly/shared';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { PageSpinner } from '../../app/page-spinner';
import { AiUseSection, useAiUse } from '../review/ai-use';
import { eventLabel, useReport } from '../review/review-api';
import { ErrorScreen } from '../review/review-ui';
import { signalTitle, useIntegrity, usePlayback } from './playback-api';
import { formatClock, PlaybackPlayer, type TimelineMarker } from './playback-player';

export function PlaybackPage() {
  const { attemptId = '' } = useParams();
  const report = useReport(attemptId);
  const playback = usePlayback(attemptId);
  const integrity = useIntegrity(attemptId);
  const aiUse = useAiUse(attemptId);
  const [picked, setPicked] = useState<number | null>(null);
  const [seekTo, setSeekTo] = useState<{ at: number; nonce: number } | null>(null);

  const startedAt = report.data ? Date.parse(report.data.startedAt) : 0;
  const streams = playback.data?.streams ?? [];
  // At first the stream with the most editing; then the reviewer's choice.
  const busiest = streams.reduce(
    (best, s, i) => (s.events.length > (streams[best]?.events.length ?? -1) ? i : best),
    0,
  );
  const chosen = picked ?? busiest;
  const setChosen = setPicked;
  const stream: TPlaybackStream | undefined = streams[Math.min(chosen, streams.length - 1)];
  const titleOf = (questionId: string) => {
    const p = report.data?.problems.find((x) => x.questionId === questionId);
    return p ? `${p.questionNumber + 1}. ${p.title}` : 'Problem';
  };

  const markers = useMemo<TimelineMarker[]>(() => {
    if (!stream || !report.data) return [];
    const pastes = stream.events
      .filter((e) => e.kind === 'paste' || e.kind === 'drop')
      .map((e) => ({
        at: e.at,
        kind: 'paste' as const,
        label: `${e.kind === 'drop' ? 'Drop' : 'Paste'} of ${e.insert.length} characters`,
      }));
    // issue 44: insertions from the AI assistant, and the questions asked, on the same timeline
    const assistant = stream.events
      .filter((e) => e.kind === 'assistant')
      .map((e) => ({
        at: e.at,
        kind: 'assistant' as const,
        label: `Insert from the AI assistant of ${e.insert.length} characters`,
      }));
    const asked = (aiUse.data?.exchanges ?? [])
      .filter((x) => x.questionId === null || x.questionId === stream.questionId)
      .map((x) => ({ at: x.at, kind: 'ai' as const, label: `Asked the AI assistant: ${x.question.slice(0, 80)}` }));
    const page = report.data.events.map((e) => ({
      at: Date.parse(e.occurredAt) - startedAt,
      kind: 'page' as const,
      label: eventLabel(e.kind),
    }));
    const moments = (playback.data?.moments ?? [])
      .filter((m) => m.questionId === stream.questionId)
      .map((m) => ({ at: m.at, kind: m.kind, label: momentLabel(m) }));
    const all = [...pastes, ...assistant, ...asked, ...page, ...moments]
      .filter((m) => m.at >= 0)
      .sort((a, b) => a.at - b.at);
    // One marker per moment and label (a burst of the same event at one time is one marker).
    return all.filter((m, i) => i === 0 || m.at !== all[i - 1]!.at || m.label !== all[i - 1]!.label);
  }, [stream, report.data, playback.data, startedAt, aiUse.data]);

  if (report.isPending || playback.isPending) return <PageSpinner label="Loading the replay..." />;
  if (report.isError) return <ErrorScreen message={report.error.message} onRetry={() => report.refetch()} />;
  if (playback.isError) return <ErrorScreen message={playback.error.message} onRetry={() => playback.refetch()} />;
  const r = report.data;
  const name = `${r.candidate.firstName} ${r.candidate.lastName}`.trim() || r.candidate.email;
  const signals = integrity.data?.signals ?? [];

  const showSignal = (at: number) => {
    // The stream with an edit at that moment is the one the signal is about.
    const i = streams.findIndex((s) => s.events.some((e) => e.at === at));
    if (i >= 0) setChosen(i);
    setSeekTo({ at, nonce: Date.now() });
  };

  return (
    <main className="container rv-page">
      <p className="rv-nav">
        <Link to={`/admin/reports/${attemptId}`}>← Report</Link>
      </p>
      <h1>
        Code playback: {name}, {r.test.testName}
      </h1>
      {streams.length === 0 ? (
        <p className="card">No editing was recorded for this attempt.</p>
      ) : (
        <section className="card" aria-labelledby="pb-h">
          <h2 id="pb-h">Replay</h2>
          {streams.length > 1 && (
            <label className="field">
              Code stream{' '}
              <select className="input" value={chosen} onChange={(e) => setChosen(Number(e.target.value))}>
                {streams.map((s, i) => (
                  <option key={`${s.questionId}-${s.language}`} value={i}>
                    {titleOf(s.questionId)} ({s.language})
                  </option>
                ))}
              </select>
            </label>
          )}
          {stream && (
            <PlaybackPlayer
              key={`${stream.questionId}-${stream.language}`}
              initial={stream.initial}
              events={stream.events}
              markers={markers}
              label={`${titleOf(stream.questionId)} (${stream.language})`}
              seekTo={seekTo}
            />
          )}
          <p className="field-hint">
            Markers: yellow = paste or drop into the editor, blue = insert from the AI assistant, dotted blue = a
            question to the AI assistant, red = page event (tab switch, paste outside the editor, face flag), dashed
            green = Run, green = Submit, each with its verdict (in any language of the problem).
          </p>
        </section>
      )}
      <AiUseSection
        attemptId={attemptId}
        titleOf={titleOf}
        onShow={(at, questionId) => {
          const i = streams.findIndex((s) => s.questionId === questionId);
          if (i >= 0) setChosen(i);
          setSeekTo({ at, nonce: Date.now() });
        }}
      />
      <section className="card rv-section" aria-labelledby="sig-h">
        <h2 id="sig-h">Integrity report (from the recording the candidate's page sent)</h2>
        {integrity.isPending && <p>Loading signals...</p>}
        {integrity.isError && (
          <p className="alert alert-error">The signals could not be loaded: {integrity.error.message}</p>
        )}
        {integrity.data && (
          <>
            <p>
              <strong>
                {signals.length} signal{signals.length === 1 ? '' : 's'}
              </strong>
              . Each is a fact with the rule it meets, for a person to weigh; there is no score.
            </p>
            <ol className="pb-signals">
              {signals.map((s, i) => {
                const answer = integrity.data.answers.find((a) => a.signal === i);
                return (
                  <li key={`${s.kind}-${s.at}-${s.evidence}`}>
                    <strong>{signalTitle(s.kind)}</strong> at {formatClock(s.at)}: {s.evidence}.{' '}
                    <button type="button" className="btn btn-link" onClick={() => showSignal(s.at)}>
                      Show in the replay
                    </button>
                    <br />
                    <span className="field-hint">Rule: {s.rule}</span>
                    {answer && <blockquote className="rv-response">Candidate's answer: {answer.response}</blockquote>}
                  </li>
                );
              })}
            </ol>
          </>
        )}
      </section>
    </main>
  );
}

/** "Run: Wrong Answer (1/2 examples, python)" */
export function momentLabel(m: TPlaybackMoment): string {
  const what = m.kind === 'run' ? 'Run' : 'Submit';
  const verdict = m.verdict ?? (m.total === 0 ? 'no cases' : 'not judged yet');
  const cases =
    m.total > 0
      ? ` (${m.passed}/${m.total} ${m.kind === 'run' ? 'examples' : 'cases'}, ${m.language})`
      : ` (${m.language})`;
  return `${what}: ${verdict}${cases}`;
}
