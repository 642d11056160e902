/**
 * The code player (issue 29): the code of one stream at any moment, a scrubber, play at 1×–16×, skip idle
 * gaps, the latest paste highlighted, and markers (pastes, page events, submissions) on the same timeline.
 * Reusable: it takes `{ initial, events }` and markers, so an interview room's history plays the same way.
 * Keyboard: the scrubber is a range input (arrows, Page Up/Down, Home/End); buttons step between edits.
 */
import type { TEditEvent } from '@assessly/shared';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { buildIndex, countAt, pasteRange, textAfter } from './replay';
import './playback.css';

export interface TimelineMarker {
  at: number;
  kind: 'paste' | 'page' | 'run' | 'submit' | 'signal' | 'assistant' | 'ai';
  label: string;
}

export interface PlaybackPlayerProps {
  initial: string;
  events: readonly TEditEvent[];
  markers: TimelineMarker[];
  /** What this stream is ("Problem 1 (python)"). */
  label: string;
  /** A moment to jump to (e.g. a signal chosen outside the player). */
  seekTo?: { at: number; nonce: number } | null;
  /** What to show under the code for the moment shown (an interview room's runs and their output). */
  footer?: (at: number) => ReactNode;
}

const SPEEDS = [1, 2, 4, 8, 16] as const;
/** With "skip idle gaps", a pause longer than this jumps to just before the next edit. */
const IDLE_MS = 3000;

export function formatClock(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

const SCRUB_STEP = 100;

export function PlaybackPlayer({ initial, events, markers, label, seekTo, footer }: PlaybackPlayerProps) {
  const index = useMemo(() => buildIndex(initial, events), [initial, events]);
  // The scrubber moves in steps of SCRUB_STEP ms from 0: its end is rounded up to a whole step, or the last step
  // it can reach would stop short of a moment in the final fraction of a step (the last Run left out at the end).
  const last = Math.max(events.at(-1)?.at ?? 0, ...markers.map((m) => m.at), 0);
  const end = Math.ceil(last / SCRUB_STEP) * SCRUB_STEP;
  const [at, setAt] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<(typeof SPEEDS)[number]>(4);
  const [skipIdle, setSkipIdle] = useState(true);
  const atRef = useRef(at);
  atRef.current = at;

  useEffect(() => {
    if (seekTo) {
      setPlaying(false);
      setAt(seekTo.at);
    }
  }, [seekTo]);

  useEffect(() => {
    if (!playing) return;
    let last = performance.now();
    let frame = requestAnimationFrame(function tick(now) {
      let next = atRef.current + (now - last) * speed;
      last = now;
      const n = countAt(index, atRef.current);
      const upcoming = index.times[n];
      if (skipIdle && upcoming !== undefined && upcoming - atRef.current > IDLE_MS) next = upcoming - 500;
      if (next >= end) {
        setAt(end);
        setPlaying(false);
        return;
      }
      setAt(next);
      frame = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(frame);
  }, [playing, speed, skipIdle, index, end]);

  // The markers do not change while scrubbing: one list, not re-rendered on every move of the scrubber.
  const markerList = useMemo(
    () => (
      <ol className="pb-markers" aria-label="Moments on the timeline">
        {markers.map((m) => (
          <li
            key={`${m.kind}-${m.at}-${m.label}`}
            className={`pb-marker pb-marker-${m.kind}`}
            style={{ left: `${end > 0 ? (m.at / end) * 100 : 0}%` }}
          >
            <button
              type="button"
              title={`${formatClock(m.at)} ${m.label}`}
              aria-label={`${formatClock(m.at)} ${m.label}`}
              onClick={() => {
                setPlaying(false);
                setAt(m.at);
              }}
            />
          </li>
        ))}
      </ol>
    ),
    [markers, end],
  );

  const n = countAt(index, at);
  // Between two edits (playing, or a scrub that lands in the same gap) nothing is recomputed.
  const text = useMemo(() => textAfter(index, n), [index, n]);
  const range = useMemo(() => pasteRange(index, n), [index, n]);
  const step = (dir: 1 | -1) => {
    setPlaying(false);
    const target = dir === 1 ? index.times[n] : index.times[n - 2];
    setAt(target ?? (dir === 1 ? end : 0));
  };

  return (
    <section className="pb-player" aria-label={`Code playback: ${label}`}>
      <div className="pb-controls">
        <button type="button" className="btn btn-primary" onClick={() => setPlaying((p) => !p)} disabled={end === 0}>
          {playing ? 'Pause' : 'Play'}
        </button>
        <button type="button" className="btn" onClick={() => step(-1)} disabled={n === 0}>
          Previous edit
        </button>
        <button type="button" className="btn" onClick={() => step(1)} disabled={n >= events.length}>
          Next edit
        </button>
        <label className="pb-inline">
          Speed{' '}
          <select
            className="input"
            value={speed}
            onChange={(e) => setSpeed(Number(e.target.value) as (typeof SPEEDS)[number])}
          >
            {SPEEDS.map((s) => (
              <option key={s} value={s}>
                {s}×
              </option>
            ))}
          </select>
        </label>
        <label className="pb-inline">
          <input type="checkbox" checked={skipIdle} onChange={(e) => setSkipIdle(e.target.checked)} /> Skip idle gaps
        </label>
        <span className="pb-clock" aria-live="off">
          {formatClock(at)} / {formatClock(end)} · edit {n} of {events.length}
        </span>
      </div>
      <div className="pb-timeline">
        {markerList}
        <input
          type="range"
          className="pb-scrubber"
          min={0}
          max={end}
          step={SCRUB_STEP}
          value={Math.min(at, end)}
          onChange={(e) => {
            setPlaying(false);
            setAt(Number(e.target.value));
          }}
          aria-label="Position in the recording"
          aria-valuetext={`${formatClock(at)}, edit ${n} of ${events.length}`}
        />
      </div>
      {range && (
        <p className="pb-legend">
          <mark className="pb-paste">Highlighted</mark>: the latest paste ({range.to - range.from} characters still in
          place).
        </p>
      )}
      <section className="pb-code-box" aria-label={`Code at ${formatClock(at)}`}>
        <pre className="pb-code">
          <code>
            {range ? (
              <>
                {text.slice(0, range.from)}
                <mark className="pb-paste" data-testid="paste-highlight">
                  {text.slice(range.from, range.to)}
                </mark>
                {text.slice(range.to)}
              </>
            ) : (
              text
            )}
          </code>
        </pre>
      </section>
      {footer?.(at)}
    </section>
  );
}
