/**
 * The room's audio and video. Nothing is asked of the browser until "Join with video" is pressed; the room works
 * the same without it. Each participant who joined shows as a tile (peer to peer, video-call.ts).
 */
import type { TInterviewRoom } from '@assessly/shared';
import { useEffect, useReducer, useState } from 'react';
import type { RoomConnection } from './room-connection';
import type { SignalSink } from './use-room';
import { VideoCall } from './video-call';

function VideoTile({ stream, label, muted }: { stream: MediaStream | null; label: string; muted?: boolean }) {
  return (
    <figure className="iv-tile">
      <video
        ref={(el) => {
          if (el && el.srcObject !== stream) el.srcObject = stream;
        }}
        autoPlay
        playsInline
        muted={muted}
        aria-label={`Video of ${label}`}
      />
      <figcaption>{label}</figcaption>
    </figure>
  );
}

/** Why the browser gave no camera or microphone, in words a participant can act on. */
function mediaError(err: unknown): string {
  const name = err instanceof DOMException ? err.name : '';
  if (name === 'NotAllowedError') return 'Camera and microphone were not allowed. The room works without them.';
  if (name === 'NotFoundError') return 'No camera or microphone was found. The room works without them.';
  if (name === 'NotReadableError') return 'The camera or microphone is in use by another program.';
  return err instanceof Error ? err.message : 'The camera and microphone could not be started.';
}

export function VideoPanel({
  connection,
  room,
  signals,
  disabled,
}: {
  connection: RoomConnection | null;
  room: TInterviewRoom;
  signals: SignalSink;
  disabled: boolean;
}) {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const [call, setCall] = useState<VideoCall | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!connection) return;
    const next = new VideoCall(connection, room.iceServers, rerender);
    signals.current = next.onSignal;
    setCall(next);
    return () => {
      signals.current = null;
      next.destroy();
    };
  }, [connection, room.iceServers, signals]);

  useEffect(() => {
    if (disabled && call?.joined) call.stop();
  }, [disabled, call]);

  const join = async () => {
    if (!call) return;
    setBusy(true);
    setError(null);
    try {
      await call.start();
    } catch (err) {
      setError(mediaError(err));
    } finally {
      setBusy(false);
    }
  };

  const local = call?.localStream ?? null;
  const micOn = local?.getAudioTracks()[0]?.enabled ?? false;
  const camOn = local?.getVideoTracks()[0]?.enabled ?? false;
  return (
    <section className="card iv-video" aria-labelledby="iv-video-title">
      <h2 id="iv-video-title" className="iv-subtitle">
        Video
      </h2>
      {!call?.joined ? (
        <>
          <p className="muted">Camera and microphone are optional; the browser asks only when you join.</p>
          <button type="button" className="btn" onClick={join} disabled={!call || busy || disabled}>
            {busy ? 'Starting camera…' : 'Join with video'}
          </button>
        </>
      ) : (
        <div className="iv-video-controls">
          <button type="button" className="btn" aria-pressed={!micOn} onClick={() => call.toggle('audio')}>
            {micOn ? 'Mute microphone' : 'Unmute microphone'}
          </button>
          <button type="button" className="btn" aria-pressed={!camOn} onClick={() => call.toggle('video')}>
            {camOn ? 'Turn camera off' : 'Turn camera on'}
          </button>
          <button type="button" className="btn" onClick={() => call.stop()}>
            Leave video
          </button>
        </div>
      )}
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
      {call?.joined && (
        <div className="iv-tiles">
          <VideoTile stream={local} label={`${room.name} (you)`} muted />
          {call.remotes.map((r) => (
            <div key={r.clientId} data-peer-state={r.state}>
              <VideoTile stream={r.stream} label={r.name} />
              {r.state !== 'connected' && <p className="muted">Connecting to {r.name}…</p>}
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
