/**
 * /admin/interviews/:id — an interview's record: status, scorecard, and once the room has ended a read-only
 * replay of the shared code in the same player as a test's code playback (issue 29): scrubber, play at 1×–16×,
 * skip idle gaps, each Run on the timeline with its verdict and, under the code, the runs so far with output.
 */
import type { TBoardStroke, TPlayback } from '@assessly/shared';
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
    <main className="container">
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
      {playback.data && <RoomAtTheEnd notes={playback.data.notes} board={playback.data.board} />}
    </main>
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

/** What the room held when it ended: the interviewers' private notes and the drawing board. */
function RoomAtTheEnd({ notes, board }: { notes: string; board: TBoardStroke[] }) {
  return (
    <>
      <h2>Private notes</h2>
      {notes.trim() === '' ? (
        <p className="muted">No private notes were written.</p>
      ) : (
        <pre className="card iv-pre" data-testid="interview-notes">
          {notes}
        </pre>
      )}
      <h2>Drawing board</h2>
      {board.length === 0 ? (
        <p className="muted">Nothing was drawn on the board.</p>
      ) : (
        <div className="card">
          <svg
            viewBox="0 0 1000 1000"
            className="iv-board-view"
            role="img"
            aria-label={`The drawing board at the end: ${board.length} ${board.length === 1 ? 'stroke' : 'strokes'}`}
          >
            {board.map((s, i) => (
              <polyline
                // strokes never reorder: the index is the stroke's identity
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                key={i}
                fill="none"
                stroke={s.color}
                strokeWidth={s.width}
                strokeLinecap="round"
                strokeLinejoin="round"
                points={pairs(s.points)}
              />
            ))}
          </svg>
        </div>
      )}
    </>
  );
}

function pairs(points: number[]): string {
  const out: string[] = [];
  for (let i = 0; i + 1 < points.length; i += 2) out.push(`${points[i]},${points[i + 1]}`);
  return out.join(' ');
}
