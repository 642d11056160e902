/**
 * The integrity rules (issue 29): pure functions from an attempt's recorded streams, its page events and the
 * code it can be compared with, to signals. Each signal is a fact with the rule it meets, stated with its
 * numbers, and a moment in the replay; there is no score. Copy, cut and paste within the attempt's own editors
 * are never signals: a paste counts as "from outside" only when its text was not in any of the attempt's
 * editors before (their text at that moment, or text cut or deleted from them earlier).
 */
import { createHash } from 'node:crypto';
import type { TEditEvent, TIntegritySignal, TPlaybackStream } from '@assessly/shared';

export const RULES = {
  pasteChars: 200,
  afterFocusLossMs: 30_000,
  /** Page events carry the device's time, edits the server-corrected one: they may disagree by a little. */
  clockToleranceMs: 2_000,
  afterFocusLossChars: 20,
  largeInsertChars: 80,
  largeInsertsMax: 3,
  largeShare: 0.7,
  finalMinChars: 200,
  typingWindowMs: 10_000,
  typingMaxChars: 200,
  identicalMinChars: 50,
  patternChunks: 3,
  patternChunkChars: 30,
} as const;

export interface PageEvent {
  kind: string;
  /** ms since the attempt started */
  at: number;
}

export interface IntegrityInput {
  streams: TPlaybackStream[];
  pageEvents: PageEvent[];
  /** Label of each problem for evidence ("problem 2"). */
  problemLabel: (questionId: string) => string;
  /** Per problem: other candidates' submitted code (`who` tells candidates apart), not this candidate's. */
  othersCode: Map<string, { who: string; code: string }[]>;
  /** Per problem: the model solution, if any. */
  solutions: Map<string, string>;
  /** Per problem: other attempts' edit-pattern fingerprints (`patternOf`), stored once per stream. */
  othersPatterns: Map<string, string[]>;
  /** The test allows pastes from outside (paste policy 'allow'): they are not signals. */
  pastesAllowed?: boolean;
  /** Per problem: this candidate's submitted code (compared as well as the final draft). */
  ownSubmitted: Map<string, string[]>;
}

export type Signal = TIntegritySignal & { id: string };

const FOCUS_LOSS = new Set(['tab_hidden', 'window_blur']);
const INSERTS = new Set(['type', 'paste', 'drop']);

/** Whitespace does not make code different. */
export const normalizeCode = (code: string) => code.replace(/\s+/g, ' ').trim();

interface Tagged extends TEditEvent {
  stream: number;
  outside: boolean;
}

/** Replays all streams together in time order and marks which pastes and drops came from outside. */
export function tagOutsidePastes(streams: readonly TPlaybackStream[]): Tagged[] {
  const order = streams
    .flatMap((s, stream) => s.events.map((e, i) => ({ e, stream, i })))
    .sort((a, b) => a.e.at - b.e.at || a.stream - b.stream || a.i - b.i);
  const texts = streams.map((s) => s.initial);
  const removed: string[] = [];
  return order.map(({ e, stream }) => {
    const before = texts[stream] ?? '';
    let outside = false;
    if (e.kind === 'paste' || e.kind === 'drop') {
      const seen = (t: string) => e.insert.length === 0 || t.includes(e.insert);
      outside = !texts.some(seen) && !removed.some(seen);
    }
    if (e.to > e.from && e.kind !== 'reset') removed.push(before.slice(e.from, e.to));
    texts[stream] = before.slice(0, e.from) + e.insert + before.slice(Math.min(e.to, before.length));
    return { ...e, stream, outside };
  });
}

function label(input: IntegrityInput, s: TPlaybackStream) {
  return `${input.problemLabel(s.questionId)} (${s.language})`;
}

/** Every signal of one attempt, in time order. */
export function findSignals(input: IntegrityInput): Signal[] {
  const signals: Signal[] = [];
  const add = (kind: Signal['kind'], at: number, s: TPlaybackStream, rule: string, evidence: string) =>
    signals.push({ id: `${kind}:${s.questionId}:${s.language}:${at}`, kind, at, rule, evidence });
  const tagged = tagOutsidePastes(input.streams);
  const losses = input.pageEvents.filter((e) => FOCUS_LOSS.has(e.kind)).map((e) => e.at);

  for (const e of tagged) {
    if (!e.outside || input.pastesAllowed) continue;
    const s = input.streams[e.stream]!;
    const n = e.insert.length;
    if (n >= RULES.pasteChars) {
      add(
        'large_paste',
        e.at,
        s,
        `A paste of ${RULES.pasteChars} or more characters that were not in the candidate's own editor`,
        `${n} characters ${e.kind === 'drop' ? 'dropped' : 'pasted'} into ${label(input, s)}`,
      );
    }
    const loss = losses.filter((t) => t <= e.at + RULES.clockToleranceMs && e.at - t <= RULES.afterFocusLossMs).pop();
    if (loss !== undefined && n >= RULES.afterFocusLossChars) {
      add(
        'paste_after_focus_loss',
        e.at,
        s,
        `A paste of ${RULES.afterFocusLossChars}+ characters from outside within ${RULES.afterFocusLossMs / 1000} s after the page lost focus (±${RULES.clockToleranceMs / 1000} s for clock differences)`,
        `${n} characters pasted into ${label(input, s)} ${Math.max(0, Math.round((e.at - loss) / 1000))} s after the page lost focus`,
      );
    }
  }

  input.streams.forEach((s, index) => {
    const mine = tagged.filter((e) => e.stream === index);
    const final = mine.reduce((t, e) => t.slice(0, e.from) + e.insert + t.slice(e.to), s.initial);
    const finalChars = final.replace(/\s/g, '').length;
    // Most of the final code in a few large insertions (the starting code and own pastes do not count).
    const large = mine.filter(
      (e) => INSERTS.has(e.kind) && !(e.kind !== 'type' && !e.outside) && e.insert.length >= RULES.largeInsertChars,
    );
    const largeChars = large.reduce((n, e) => n + e.insert.replace(/\s/g, '').length, 0);
    if (
      finalChars >= RULES.finalMinChars &&
      large.length > 0 &&
      large.length <= RULES.largeInsertsMax &&
      largeChars >= RULES.largeShare * finalChars
    ) {
      add(
        'few_large_insertions',
        large[0]!.at,
        s,
        `At least ${RULES.largeShare * 100}% of the final code (of ${RULES.finalMinChars}+ non-blank characters) arrived in ${RULES.largeInsertsMax} or fewer insertions of ${RULES.largeInsertChars}+ characters`,
        `${large.length} insertion${large.length === 1 ? '' : 's'} brought ${Math.min(largeChars, finalChars)} of the ${finalChars} non-blank characters of ${label(input, s)}`,
      );
    }
    // Typing faster than a human ceiling, over a sliding window of typed (not pasted) characters.
    const typed = mine.filter((e) => e.kind === 'type');
    let start = 0;
    let chars = 0;
    for (const e of typed) {
      chars += e.insert.length;
      while (e.at - typed[start]!.at > RULES.typingWindowMs) chars -= typed[start++]!.insert.length;
      if (chars > RULES.typingMaxChars) {
        add(
          'fast_typing',
          typed[start]!.at,
          s,
          `More than ${RULES.typingMaxChars} characters typed within ${RULES.typingWindowMs / 1000} s (${RULES.typingMaxChars / (RULES.typingWindowMs / 1000)} a second; fast human typing of code stays well below)`,
          `${chars} characters typed into ${label(input, s)} within ${Math.round((e.at - typed[start]!.at) / 100) / 10} s`,
        );
        break;
      }
    }
    // Help from the test's own assistant (issue 44): stated apart from pastes, never counted as one.
    const fromAssistant = mine.filter((e) => e.kind === 'assistant' && e.insert.length > 0);
    if (fromAssistant.length > 0) {
      const aiChars = fromAssistant.reduce((n, e) => n + e.insert.replace(/\s/g, '').length, 0);
      add(
        'assistant_insertions',
        fromAssistant[0]!.at,
        s,
        "Code inserted from the test's AI assistant (allowed by the test; the exchanges are in the AI use section)",
        `${fromAssistant.length} insertion${fromAssistant.length === 1 ? '' : 's'} from the assistant brought ${aiChars} non-blank characters into ${label(input, s)}`,
      );
    }
    const lastAt = mine.at(-1)?.at ?? 0;
    const ownCodes = [final, ...(input.ownSubmitted.get(s.questionId) ?? [])].map(normalizeCode);
    const sameAs = (code: string) => {
      const n = normalizeCode(code);
      return n.length >= RULES.identicalMinChars && ownCodes.includes(n);
    };
    const copies = new Set((input.othersCode.get(s.questionId) ?? []).filter((o) => sameAs(o.code)).map((o) => o.who))
      .size;
    if (copies > 0) {
      add(
        'identical_to_candidate',
        lastAt,
        s,
        `Code identical (ignoring whitespace, ${RULES.identicalMinChars}+ characters) to another candidate's submission`,
        `The code of ${label(input, s)} is identical to the submission of ${copies} other candidate${copies === 1 ? '' : 's'}`,
      );
    }
    const solution = input.solutions.get(s.questionId);
    if (solution && sameAs(solution)) {
      add(
        'identical_to_solution',
        lastAt,
        s,
        `Code identical (ignoring whitespace, ${RULES.identicalMinChars}+ characters) to the problem's model solution`,
        `The code of ${label(input, s)} is identical to the model solution`,
      );
    }
    const pattern = patternOf(s.events);
    if (pattern.count >= RULES.patternChunks) {
      const matches = (input.othersPatterns.get(s.questionId) ?? []).filter((o) => o === pattern.hash);
      if (matches.length > 0) {
        add(
          'pattern_match',
          lastAt,
          s,
          `The same ${RULES.patternChunks}+ insertions of ${RULES.patternChunkChars}+ characters, in the same order, as in another attempt`,
          `${pattern.count} insertions into ${label(input, s)} match another attempt's, in order`,
        );
      }
    }
  });
  return signals.sort((a, b) => a.at - b.at);
}

/**
 * A stream's edit pattern is its large insertions, in order; its fingerprint chains a SHA-256 over them, so
 * the recorder keeps it up to date batch by batch (edit_streams.pattern_hash) and equal patterns have equal
 * fingerprints.
 */
export function patternStep(
  pattern: { hash: string; count: number },
  events: readonly TEditEvent[],
): { hash: string; count: number } {
  let { hash, count } = pattern;
  for (const e of events) {
    if (!INSERTS.has(e.kind) || e.insert.trim().length < RULES.patternChunkChars) continue;
    hash = createHash('sha256')
      .update(`${hash}\u0000${normalizeCode(e.insert)}`)
      .digest('hex');
    count++;
  }
  return { hash, count };
}

export const patternOf = (events: readonly TEditEvent[]) => patternStep({ hash: '', count: 0 }, events);
