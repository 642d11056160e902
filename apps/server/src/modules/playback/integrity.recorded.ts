/**
 * Recording coverage (issue 42): the recording is what the candidate's page sent, so its absence or its
 * disagreement with a submission is a fact for the reviewer. A submitted answer whose code the recording of its
 * problem and language never held (at any edit, whitespace aside at the end) was not written in the editor as
 * recorded; a submitted problem with no recording at all was not recorded in the editor.
 */
import { applyEdit, type TPlaybackStream } from '@assessly/shared';
import { normalizeCode, type Signal } from './integrity.rules';

export interface OwnSubmission {
  questionId: string;
  language: string;
  code: string;
}

/** Every text the stream held, one edit after another (exact), and its final text. */
function heldTexts(stream: TPlaybackStream): { held: Set<string>; final: string } {
  const held = new Set<string>([stream.initial]);
  let text = stream.initial;
  for (const e of stream.events) {
    text = applyEdit(text, e) ?? text;
    held.add(text);
  }
  return { held, final: text };
}

export function recordingSignals(
  streams: readonly TPlaybackStream[],
  submitted: readonly OwnSubmission[],
  problemLabel: (questionId: string) => string,
): Signal[] {
  const signals: Signal[] = [];
  const replays = new Map(streams.map((s) => [`${s.questionId}:${s.language}`, { s, ...heldTexts(s) }]));
  const missing = new Set<string>();
  for (const sub of submitted) {
    const where = problemLabel(sub.questionId);
    if (!streams.some((s) => s.questionId === sub.questionId)) {
      if (missing.has(sub.questionId)) continue;
      missing.add(sub.questionId);
      signals.push({
        id: `no_recording:${sub.questionId}:${sub.language}:0`,
        kind: 'no_recording',
        at: 0,
        rule: "A submitted problem with no recording from the candidate's page: not recorded in the editor",
        evidence: `${where} was submitted in ${sub.language} and the page sent no edits for it`,
      });
      continue;
    }
    const replay = replays.get(`${sub.questionId}:${sub.language}`);
    const matches = replay && (replay.held.has(sub.code) || normalizeCode(replay.final) === normalizeCode(sub.code));
    if (matches) continue;
    const at = replay?.s.events.at(-1)?.at ?? 0;
    signals.push({
      id: `submitted_not_recorded:${sub.questionId}:${sub.language}:${at}`,
      kind: 'submitted_not_recorded',
      at,
      rule: "Submitted code that the recording sent by the candidate's page never held",
      evidence: `${where}: ${sub.code.length} characters submitted in ${sub.language} that the replay of its recording does not rebuild`,
    });
  }
  // one signal per distinct id (the same code submitted twice is one fact)
  return [...new Map(signals.map((s) => [s.id, s])).values()];
}

/** How much longer than the time between its arrivals a batch's edits may claim to span (the page's queue). */
export const BATCH_SPAN_TOLERANCE_MS = 10_000;

export interface BatchTiming {
  questionId: string;
  language: string;
  /** ms since the attempt started, by the server's clock */
  receivedAt: number;
  firstAt: number;
  lastAt: number;
}

/**
 * The page stamps its edits; the server stamps each batch when it arrives. Edits typed between two batches
 * cannot span more than the time between their arrivals (nor, for a stream's first batch, more than the time
 * since the attempt started): a batch that claims minutes of typing but arrives a second after the last one
 * was written by something other than the editor's clock. Batches come in seq order per stream.
 */
export function batchTimingSignals(batches: readonly BatchTiming[], problemLabel: (q: string) => string): Signal[] {
  const signals: Signal[] = [];
  const previous = new Map<string, number>();
  for (const b of batches) {
    const key = `${b.questionId}:${b.language}`;
    const since = previous.get(key) ?? 0;
    previous.set(key, b.receivedAt);
    const claimed = b.lastAt - b.firstAt;
    const real = b.receivedAt - since;
    if (claimed <= real + BATCH_SPAN_TOLERANCE_MS) continue;
    const s = (ms: number) => `${Math.round(ms / 100) / 10} s`;
    signals.push({
      id: `implausible_timing:${key}:${b.firstAt}`,
      kind: 'implausible_timing',
      at: b.firstAt,
      rule: "Edits whose times, as the candidate's page stamped them, span more than the time between their batches' arrivals at the server",
      evidence: `${problemLabel(b.questionId)}: a batch whose edits claim ${s(claimed)} arrived ${s(real)} after ${since ? 'the previous batch' : 'the attempt started'}`,
    });
  }
  return signals;
}
