/**
 * /interview/:id — the live interview room. The candidate arrives with `?token=` from the invitation (no account);
 * interviewers come signed in. One shared editor (Yjs over the room socket, y-codemirror.next with named cursors), the
 * shared language, Run with output for everyone; interviewers also get private notes and the scorecard.
 */
import { languageName, type TInterviewRoom } from '@assessly/shared';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { ErrorAlert } from '../../app/alert';
import { PageSpinner } from '../../app/page-spinner';
import { serverMessage } from '../../lib/api';
import { ProblemStatement } from '../taking/safe-html';
import { DrawingBoard } from './drawing-board';
import { InterviewerPanel } from './interviewer-panel';
import { interviewsApi } from './interviews-api';
import { RunPanel } from './run-panel';
import { SharedEditor } from './shared-editor';
import { mergeRuns, type SignalSink, useParticipants, useRoomDoc, useSharedLanguage } from './use-room';
import { VideoPanel } from './video-panel';
import './interviews.css';

export function RoomPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const token = params.get('token');
  const room = useQuery({ queryKey: ['interview-room', id, token], queryFn: () => interviewsApi.room(id, token) });
  if (room.isPending) return <PageSpinner />;
  if (room.isError) {
    return (
      <main className="iv-room container">
        <h1>Interview</h1>
        <ErrorAlert message={serverMessage(room.error, 'The interview could not be loaded. Check your connection.')} />
      </main>
    );
  }
  return <Room room={room.data} token={token} />;
}

const STATE_TEXT = {
  connecting: 'Connecting…',
  connected: 'Connected',
  offline: 'Connection lost: reconnecting (your edits are kept)',
  closed: 'Disconnected',
} as const;

function Room({ room, token }: { room: TInterviewRoom; token: string | null }) {
  const signals: SignalSink = useRef(null);
  const code = useRoomDoc(room.id, 'sync', token, room, signals);
  const participants = useParticipants(code.connection);
  const [language, setLanguage] = useSharedLanguage(code.connection, room.languages[0] ?? 'python');
  const ended = room.status === 'ended' || code.events.some((e) => e.type === 'ended');
  const runs = mergeRuns(room.runs, code.events);
  const revealed = [...code.events].reverse().find((e) => e.type === 'reveal');
  const problem = (revealed?.problem as TInterviewRoom['problem']) ?? room.problem;
  const readOnly = ended || room.role === 'reviewer';

  return (
    <main className="iv-room">
      <header className="iv-header">
        <div>
          <h1>{room.title}</h1>
          <p className="muted">
            You are {room.name} ({room.role}). <span role="status">{STATE_TEXT[code.state]}</span>
            {code.reason && code.state === 'closed' ? ` — ${code.reason}` : ''}
          </p>
        </div>
        <section aria-label="People in the room" className="iv-people">
          <h2 className="sr-only">In the room</h2>
          <ul>
            {participants.map((p) => (
              <li key={p.clientId}>
                <span className="iv-dot" style={{ background: p.color }} aria-hidden="true" />
                {p.name}
                {p.role ? ` (${p.role})` : ''}
              </li>
            ))}
          </ul>
        </section>
      </header>
      {ended && (
        <p className="alert alert-info" role="status">
          This interview has ended. The room is read-only.
        </p>
      )}
      <div className="iv-body">
        <section className="iv-main" aria-label="Shared code">
          {problem && (
            <article className="card iv-problem" aria-label="Problem">
              <h2>{problem.title}</h2>
              <ProblemStatement text={problem.description} className="problem-description" />
              {problem.examples.map((ex) => (
                <pre
                  key={`${ex.input}|${ex.output}`}
                  className="iv-pre"
                >{`Input:\n${ex.input}\nOutput:\n${ex.output}`}</pre>
              ))}
            </article>
          )}
          <div className="iv-toolbar">
            <label htmlFor="iv-language">Language</label>
            <select
              id="iv-language"
              className="input"
              value={language}
              disabled={readOnly}
              onChange={(e) => setLanguage(e.target.value)}
            >
              {room.languages.map((l) => (
                <option key={l} value={l}>
                  {languageName(l)}
                </option>
              ))}
            </select>
          </div>
          {code.connection && (
            <SharedEditor
              text={code.connection.doc.getText('code')}
              awareness={code.connection.awareness}
              language={language}
              readOnly={readOnly}
              label="Shared code editor"
            />
          )}
          <RunPanel
            interviewId={room.id}
            token={token}
            language={language}
            disabled={readOnly}
            runs={runs}
            takesArguments={problem?.kind === 'function'}
            getCode={() => code.connection?.doc.getText('code').toString() ?? ''}
          />
          {code.connection && <DrawingBoard doc={code.connection.doc} readOnly={readOnly} />}
        </section>
        <div className="iv-side-column">
          {!ended && room.role !== 'reviewer' && (
            <VideoPanel connection={code.connection} room={room} signals={signals} disabled={ended} />
          )}
          {(room.role === 'interviewer' || room.role === 'reviewer') && (
            <InterviewerPanel
              interviewId={room.id}
              room={room}
              ended={ended}
              language={language}
              getCode={() => code.connection?.doc.getText('code').toString() ?? ''}
              revealedId={problem?.id ?? null}
              loadStarter={(stub) => {
                const text = code.connection?.doc.getText('code');
                if (!text) return;
                const current = text.toString();
                if (
                  current.trim() !== '' &&
                  !window.confirm('Replace the shared code with the problem’s starter code?')
                )
                  return;
                code.connection?.doc.transact(() => {
                  text.delete(0, text.length);
                  text.insert(0, stub);
                });
              }}
            />
          )}
        </div>
      </div>
    </main>
  );
}
