/**
 * Authorship follow-ups built by rules (issue 44), for a server without a provider or when the provider fails:
 * pure functions from the submitted code (and the recording's last pasted block) to at most three questions
 * about the candidate's own code.
 */
import type { TEditEvent } from '@assessly/shared';

const FUNCTION_PATTERNS = [
  /^\s*(?:async\s+)?def\s+([A-Za-z_]\w*)\s*\(/, // python
  /^\s*(?:export\s+)?(?:async\s+)?function\s+([A-Za-z_$][\w$]*)\s*\(/, // javascript / typescript
  /^\s*(?:public|private|protected|static|\s)*[\w<>[\],\s]+?\s+([A-Za-z_]\w*)\s*\([^;]*\)\s*\{?\s*$/, // java, c, c++, c#
  /^\s*func\s+([A-Za-z_]\w*)\s*\(/, // go
  /^\s*fn\s+([A-Za-z_]\w*)\s*\(/, // rust
];
const NOT_FUNCTIONS = new Set(['if', 'for', 'while', 'switch', 'catch', 'return', 'else']);
const LOOP = /^\s*(for|while)\b/;

/** The largest function of the code by its lines: its name and line count (indentation or braces end it). */
export function largestFunction(code: string): { name: string; lines: number } | null {
  const lines = code.split('\n');
  let best: { name: string; lines: number } | null = null;
  for (const [i, line] of lines.entries()) {
    const name = FUNCTION_PATTERNS.map((re) => re.exec(line)?.[1]).find((n) => n && !NOT_FUNCTIONS.has(n));
    if (!name) continue;
    const indent = line.length - line.trimStart().length;
    let end = i + 1;
    while (end < lines.length) {
      const l = lines[end]!;
      if (l.trim() && l.length - l.trimStart().length <= indent && !/^\s*[})\]]/.test(l)) break;
      end++;
    }
    while (end > i + 1 && !lines[end - 1]!.trim()) end--;
    const size = end - i;
    if (!best || size > best.lines) best = { name, lines: size };
  }
  return best;
}

/** The last paste (or assistant insertion) of 20+ characters whose text is still in the code. */
export function lastPastedBlock(code: string, events: readonly TEditEvent[]): string | null {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]!;
    if ((e.kind === 'paste' || e.kind === 'drop' || e.kind === 'assistant') && e.insert.trim().length >= 20) {
      if (code.includes(e.insert.trim())) return e.insert.trim();
    }
  }
  return null;
}

export function ruleFollowUps(code: string, events: readonly TEditEvent[]): string[] {
  const questions: string[] = [];
  const fn = largestFunction(code);
  if (fn) {
    questions.push(
      `What does your function \`${fn.name}\` return, and why, for a small input of your choice? Name the input.`,
    );
  }
  const pasted = lastPastedBlock(code, events);
  if (pasted) {
    const shown = pasted.split('\n').slice(0, 8).join('\n');
    questions.push(`Explain, line by line, what these lines of your code do:\n\n${shown}`);
  }
  const lines = code.split('\n');
  const loopAt = lines.findIndex((l) => LOOP.test(l));
  if (loopAt >= 0) {
    questions.push(
      `Line ${loopAt + 1} is \`${lines[loopAt]!.trim()}\`. Why does this loop stop where it does, and what would break if its bound were one more or one less?`,
    );
  }
  if (questions.length < 3) {
    const longest = lines
      .map((l, i) => ({ l: l.trim(), i }))
      .filter((x) => x.l.length > 0 && !x.l.startsWith('#') && !x.l.startsWith('//'))
      .sort((a, b) => b.l.length - a.l.length)[0];
    if (longest) {
      questions.push(
        `What would change in your program's output if line ${longest.i + 1} (\`${longest.l.slice(0, 120)}\`) were removed?`,
      );
    }
  }
  return questions.slice(0, 3);
}
