/**
 * What one room message may cost (issue 42): an update must not depend on edits the server never received (Yjs
 * would park it outside the document's 'update' event, uncounted), and bytes are budgeted per socket and per room.
 */
import * as Y from 'yjs';

/** Bytes a socket may send in a burst, and per second after it; a room as a whole gets twice that. */
export const BYTE_BURST = 1024 * 1024;
export const BYTES_PER_SECOND = 64 * 1024;

/** True when the update starts some client's edits past what the document has (their start is missing). */
export function hasClockGap(doc: Y.Doc, update: Uint8Array): boolean {
  const have = Y.encodeStateVector(doc);
  const sv = Y.decodeStateVector(have);
  const { from } = Y.parseUpdateMeta(update);
  for (const [client, clock] of from) if (clock > (sv.get(client) ?? 0)) return true;
  return false;
}

/** A byte budget: tokens left and when they were last refilled (ms, from the room's clock). */
export interface ByteBudget {
  byteTokens: number;
  bytesAt: number;
}

/** The budget's tokens at `now` (refilled at BYTES_PER_SECOND per BYTE_BURST, scaled to `burst`), not stored. */
export function tokensAt(budget: ByteBudget, burst: number, now: number): number {
  const rate = (BYTES_PER_SECOND * burst) / BYTE_BURST;
  // A clock set back (tests move it) refills nothing rather than taking tokens away.
  return Math.min(burst, budget.byteTokens + (Math.max(0, now - budget.bytesAt) / 1000) * rate);
}

/** Takes `n` bytes from a budget of `burst` bytes at `now`; false (nothing taken) when it holds fewer. */
export function takeBytes(budget: ByteBudget, burst: number, n: number, now: number): boolean {
  budget.byteTokens = tokensAt(budget, burst, now);
  budget.bytesAt = Math.max(budget.bytesAt, now);
  if (budget.byteTokens < n) return false;
  budget.byteTokens -= n;
  return true;
}

/**
 * The socket that has used the most of its own byte budget lately (the fewest tokens once refilled; every socket
 * starts with a full BYTE_BURST). When a room's budget runs out, that socket is closed, not whoever happens to send
 * next: guests flooding with the link must not get the interviewer or the candidate disconnected (issue 42).
 */
export function heaviestSender<C extends ByteBudget>(conns: Iterable<C>, now: number): C | null {
  let worst: C | null = null;
  let least = Number.POSITIVE_INFINITY;
  for (const c of conns) {
    const tokens = tokensAt(c, BYTE_BURST, now);
    if (tokens < least) {
      least = tokens;
      worst = c;
    }
  }
  return worst;
}
