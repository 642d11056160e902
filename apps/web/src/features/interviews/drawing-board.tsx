/**
 * The drawing board for system-design questions: a canvas shared through the room's Yjs document (board-strokes.ts),
 * so it syncs, persists, replays and turns read-only with the code. A stroke reaches the others when it is
 * finished. Drawing is by pointer (mouse, pen, touch); the board says how many strokes it holds for screen readers.
 */
import { useEffect, useRef, useState } from 'react';
import type * as Y from 'yjs';
import { addStroke, BOARD_COLORS, BOARD_SIZE, boardOf, clearBoard, type Stroke, strokesOf } from './board-strokes';

const COLOR_NAMES: Record<(typeof BOARD_COLORS)[number], string> = {
  '#111827': 'Black',
  '#2563eb': 'Blue',
  '#dc2626': 'Red',
  '#047857': 'Green',
};

function draw(ctx: CanvasRenderingContext2D, strokes: Stroke[]) {
  const sx = ctx.canvas.width / BOARD_SIZE;
  const sy = ctx.canvas.height / BOARD_SIZE;
  ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height);
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  for (const s of strokes) {
    ctx.strokeStyle = s.color;
    ctx.lineWidth = s.width * sx;
    ctx.beginPath();
    ctx.moveTo(s.points[0]! * sx, s.points[1]! * sy);
    for (let i = 2; i < s.points.length; i += 2) ctx.lineTo(s.points[i]! * sx, s.points[i + 1]! * sy);
    if (s.points.length === 2) ctx.lineTo(s.points[0]! * sx + 0.1, s.points[1]! * sy);
    ctx.stroke();
  }
}

export function DrawingBoard({ doc, readOnly }: { doc: Y.Doc; readOnly: boolean }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const current = useRef<Stroke | null>(null);
  const [count, setCount] = useState(0);
  const [color, setColor] = useState<(typeof BOARD_COLORS)[number]>(BOARD_COLORS[0]);

  useEffect(() => {
    const board = boardOf(doc);
    const render = () => {
      const strokes = strokesOf(board);
      setCount(strokes.length);
      const ctx = canvas.current?.getContext('2d');
      if (!ctx) return;
      draw(ctx, current.current ? [...strokes, current.current] : strokes);
    };
    render();
    board.observe(render);
    return () => board.unobserve(render);
  }, [doc]);

  const toBoard = (e: React.PointerEvent<HTMLCanvasElement>): [number, number] => {
    const r = e.currentTarget.getBoundingClientRect();
    const clamp = (v: number) => Math.min(BOARD_SIZE, Math.max(0, v));
    return [clamp(((e.clientX - r.left) / r.width) * BOARD_SIZE), clamp(((e.clientY - r.top) / r.height) * BOARD_SIZE)];
  };
  const redrawWithCurrent = () => {
    const ctx = canvas.current?.getContext('2d');
    if (ctx) draw(ctx, current.current ? [...strokesOf(boardOf(doc)), current.current] : strokesOf(boardOf(doc)));
  };
  const down = (e: React.PointerEvent<HTMLCanvasElement>) => {
    if (readOnly) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    current.current = { color, width: 3, points: toBoard(e) };
    redrawWithCurrent();
  };
  const move = (e: React.PointerEvent<HTMLCanvasElement>) => {
    if (!current.current) return;
    current.current.points.push(...toBoard(e));
    redrawWithCurrent();
  };
  const up = () => {
    const stroke = current.current;
    current.current = null;
    if (stroke) addStroke(boardOf(doc), stroke);
  };

  return (
    <section className="card iv-board" aria-labelledby="iv-board-title">
      <h2 id="iv-board-title" className="iv-subtitle">
        Drawing board
      </h2>
      {!readOnly && (
        <div className="iv-board-tools">
          <fieldset className="iv-board-colors">
            <legend className="sr-only">Pen colour</legend>
            {BOARD_COLORS.map((c) => (
              <label key={c} className="iv-check">
                <input type="radio" name="iv-pen" checked={color === c} onChange={() => setColor(c)} />
                <span className="iv-dot" style={{ background: c }} aria-hidden="true" />
                {COLOR_NAMES[c]}
              </label>
            ))}
          </fieldset>
          <button type="button" className="btn" onClick={() => clearBoard(boardOf(doc))} disabled={count === 0}>
            Clear board
          </button>
        </div>
      )}
      <canvas
        ref={canvas}
        width={800}
        height={500}
        className="iv-canvas"
        role="img"
        aria-label={`Shared drawing board, ${count} ${count === 1 ? 'stroke' : 'strokes'}`}
        data-strokes={count}
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
      />
    </section>
  );
}
