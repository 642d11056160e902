/**
 * An assistant's answer as text (issue 44): fenced code blocks as <pre> with an Insert button, inline `code` as
 * <code>, everything else as text with its line breaks. React elements only, never HTML from the answer.
 */
import type { ReactNode } from 'react';

export type Part = { kind: 'text'; text: string } | { kind: 'code'; lang: string; code: string; open: boolean };

/** Splits a (possibly still streaming) markdown answer into text and fenced code; an unclosed fence is `open`. */
export function splitAnswer(markdown: string): Part[] {
  const parts: Part[] = [];
  const re = /```([^\n`]*)\n([\s\S]*?)(```|$)/g;
  let last = 0;
  for (let m = re.exec(markdown); m; m = re.exec(markdown)) {
    if (m.index > last) parts.push({ kind: 'text', text: markdown.slice(last, m.index) });
    parts.push({ kind: 'code', lang: m[1]!.trim(), code: m[2]!.replace(/\n$/, ''), open: m[3] !== '```' });
    last = m.index + m[0].length;
    if (m[0].length === 0) break;
  }
  if (last < markdown.length) parts.push({ kind: 'text', text: markdown.slice(last) });
  return parts;
}

function inline(text: string): ReactNode[] {
  // pieces of one immutable string, in order: their offset is a stable key
  let offset = 0;
  return text.split(/(`[^`\n]+`)/g).map((piece) => {
    const key = offset;
    offset += piece.length;
    return piece.startsWith('`') && piece.endsWith('`') && piece.length > 2 ? (
      <code key={key}>{piece.slice(1, -1)}</code>
    ) : (
      piece
    );
  });
}

export function AnswerText({
  markdown,
  insertLabel,
  onInsert,
  canInsert,
}: {
  markdown: string;
  insertLabel: string;
  onInsert: (code: string) => void;
  canInsert: boolean;
}) {
  return (
    <div className="ai-answer">
      {splitAnswer(markdown).map((p, i) =>
        p.kind === 'text' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the answer's parts, in order
          <p key={i} className="ai-answer-text">
            {inline(p.text.replace(/^\n+|\n+$/g, ''))}
          </p>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the answer's parts, in order
          <div key={i} className="ai-code">
            {/* a long line scrolls: the block takes the focus so the keyboard can scroll it too */}
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
            <pre tabIndex={0}>
              <code>{p.code}</code>
            </pre>
            {!p.open && (
              <button
                type="button"
                className="btn btn-outline btn-sm"
                disabled={!canInsert}
                onClick={() => onInsert(p.code)}
              >
                {insertLabel}
              </button>
            )}
          </div>
        ),
      )}
    </div>
  );
}
