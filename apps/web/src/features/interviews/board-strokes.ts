/**
 * The drawing board's data: a Y.Array named `board` in the room's code document, one entry per finished stroke
 * (`{ color, width, points: [x0, y0, x1, y1, …] }` in board units of 0..1000). Anyone in the room may write the
 * document, so what is read is checked: an entry that is not a stroke is skipped, never drawn or trusted.
 */
import type * as Y from 'yjs';

export const BOARD_SIZE = 1000;
/** Points kept per stroke (a long scribble is thinned, not refused). */
export const MAX_POINTS = 400;
export const BOARD_COLORS = ['#111827', '#2563eb', '#dc2626', '#047857'] as const;

export interface Stroke {
  color: string;
  width: number;
  points: number[];
}

export function boardOf(doc: Y.Doc): Y.Array<unknown> {
  return doc.getArray<unknown>('board');
}

/** The entry as a stroke, or null when it is not one. */
export function asStroke(entry: unknown): Stroke | null {
  if (!entry || typeof entry !== 'object') return null;
  const { color, width, points } = entry as Record<string, unknown>;
  if (typeof color !== 'string' || !/^#[0-9a-f]{6}$/i.test(color)) return null;
  if (typeof width !== 'number' || !(width >= 1 && width <= 20)) return null;
  if (!Array.isArray(points) || points.length < 2 || points.length % 2 !== 0 || points.length > MAX_POINTS * 2) {
    return null;
  }
  if (!points.every((p) => typeof p === 'number' && p >= 0 && p <= BOARD_SIZE)) return null;
  return { color, width, points: points as number[] };
}

/** Every drawable stroke on the board, in order. */
export function strokesOf(board: Y.Array<unknown>): Stroke[] {
  return board.toArray().flatMap((e) => asStroke(e) ?? []);
}

/** Points thinned to at most MAX_POINTS (every n-th, keeping the last) and rounded to whole board units. */
export function thin(points: number[]): number[] {
  const pairs = points.length / 2;
  const step = Math.ceil(pairs / MAX_POINTS);
  const out: number[] = [];
  for (let i = 0; i < pairs; i += step) out.push(Math.round(points[2 * i]!), Math.round(points[2 * i + 1]!));
  const lastX = Math.round(points[points.length - 2]!);
  const lastY = Math.round(points[points.length - 1]!);
  if (out[out.length - 2] !== lastX || out[out.length - 1] !== lastY) {
    if (out.length / 2 >= MAX_POINTS) out.splice(-2, 2);
    out.push(lastX, lastY);
  }
  return out;
}

/** Adds a finished stroke (one document update for the whole stroke). */
export function addStroke(board: Y.Array<unknown>, stroke: Stroke) {
  board.push([{ ...stroke, points: thin(stroke.points) }]);
}

/** Empties the board for everyone. */
export function clearBoard(board: Y.Array<unknown>) {
  if (board.length > 0) board.delete(0, board.length);
}
