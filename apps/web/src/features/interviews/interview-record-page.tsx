/**
 * /admin/interviews/:id — an interview's record: status, scorecard, and once the room has ended a read-only
 * replay of the shared code in the same player as a test's code playback (issue 29): scrubber, play at 1×–16×,
 * skip idle gaps, each Run on the timeline with its verdict and, under the code, the runs so far with output.
 */
import type { TPlayback } from '@assessly/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { ErrorAlert } from '../../app/alert';
import { serverMessage } from '../../lib/api';
import { formatClock, PlaybackPlayer, type TimelineMarker } from '../playback/playback-player';
import { interviewsApi } from './interviews-api';
import './interviews.css';

export function InterviewRecordPage() {
  const { id = '' } = useParams();
  const detail = useQuery({ queryKey: ['interview', id], queryFn: () => interviewsApi.read(id) });
  const ended = detail.data?.status === 'ended';
  const playback = useQuery({
    queryKey: ['interview-playback', id],
    queryFn: () => interviewsApi.playback(id),
    enabled: ended,
  });
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
      {!ended && <p className="muted">The replay opens once the interview has ended.</p>}
      {ended && playback.isPending && <p className="muted">Loading the replay…</p>}
      {playback.isError && <ErrorAlert message={serverMessage(playback.error, 'The replay could not be loaded.')} />}
      {playback.data && <Replay playback={playback.data} />}
    </div>
  );
}

function Replay({ playback }: { playback: TPlayback }) {
  const stream = playback.streams[0];
  const runs = playback.moments;
  const markers = useMemo<TimelineMarker[]>(
    () =>
      runs.map((r) => ({
        at: r.at,
        kind: 'run' as const,
        label: `Run (${r.language}): ${r.verdict ?? 'not judged'}${r.total > 0 ? `, ${r.passed}/${r.total} passed` : ''}`,
      })),
    [runs],
  );
  if (!stream) return <p className="muted">Nothing was typed in this room.</p>;
  return (
    <div className="card">
      <PlaybackPlayer
        initial={stream.initial}
        events={stream.events}
        markers={markers}
        label="the room's code"
        footer={(at) => {
          const soFar = runs.filter((r) => r.at <= at);
          return (
            <>
              <h3>Runs up to this point</h3>
              {soFar.length === 0 ? (
                <p className="muted">No runs yet at this point.</p>
              ) : (
                <ol>
                  {soFar.map((r) => (
                    <li key={`${r.at}-${r.language}-${r.verdict}`} className="iv-timeline-run">
                      {formatClock(r.at)} — Run ({r.language}): {r.verdict ?? 'not judged'}
                      {r.output && <pre className="iv-output">{r.output}</pre>}
                    </li>
                  ))}
                </ol>
              )}
            </>
          );
        }}
      />
    </div>
  );
}
