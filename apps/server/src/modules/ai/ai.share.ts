/**
 * How much of a stream's final code came from the assistant (issue 44): the recording is replayed with each
 * character's origin (inserted by an `assistant` edit, or anything else), kept as runs so a long recording
 * costs its number of runs, not of characters. Undo/redo and later edits move or remove assistant text like
 * any other; an assistant block the candidate then retyped counts as theirs.
 */
import type { TPlaybackStream } from '@assessly/shared';

interface Run {
  len: number;
  ai: boolean;
  text: string;
}

export interface AssistantShare {
  finalChars: number;
  assistantChars: number;
  insertions: number;
}

export function assistantShare(stream: Pick<TPlaybackStream, 'initial' | 'events'>): AssistantShare {
  let runs: Run[] = stream.initial ? [{ len: stream.initial.length, ai: false, text: stream.initial }] : [];
  let insertions = 0;
  for (const e of stream.events) {
    if (e.kind === 'assistant') insertions++;
    const total = runs.reduce((n, r) => n + r.len, 0);
    const to = e.kind === 'reset' ? total : Math.min(e.to, total);
    runs = splice(
      runs,
      Math.min(e.from, to),
      to,
      e.insert ? { len: e.insert.length, ai: e.kind === 'assistant', text: e.insert } : null,
    );
  }
  const nonBlank = (s: string) => s.replace(/\s/g, '').length;
  return {
    finalChars: runs.reduce((n, r) => n + nonBlank(r.text), 0),
    assistantChars: runs.filter((r) => r.ai).reduce((n, r) => n + nonBlank(r.text), 0),
    insertions,
  };
}

function splice(runs: Run[], from: number, to: number, insert: Run | null): Run[] {
  const out: Run[] = [];
  let pos = 0;
  let placed = false;
  const place = () => {
    if (!placed && insert) out.push(insert);
    placed = true;
  };
  for (const r of runs) {
    const start = pos;
    const end = pos + r.len;
    pos = end;
    if (end <= from) {
      out.push(r);
      continue;
    }
    if (start >= to) {
      place();
      out.push(r);
      continue;
    }
    // the run overlaps [from, to): keep its parts outside the range
    if (start < from) out.push({ len: from - start, ai: r.ai, text: r.text.slice(0, from - start) });
    if (end > to) {
      place();
      out.push({ len: end - to, ai: r.ai, text: r.text.slice(to - start) });
    }
  }
  place();
  return out.filter((r) => r.len > 0);
}
