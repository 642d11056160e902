/**
 * Editor markers from a compiler's message (issue 26): the line and column each compiler names, with its
 * message, so a compile error is underlined where it is. One pattern per message shape, not per language:
 * gcc, g++, go, kotlinc, javac and ruby write `file:line[:col]: message`; csc and tsc `file(line,col): message`;
 * rustc `--> file:line:col` under its `error[...]` line; python `File "main.py", line N` above the error;
 * php `... in file on line N`; sucrase (TypeScript) `message (line:col)`.
 */
import type { TCandidateResult } from '@assessly/shared';

export interface CompileMarker {
  line: number;
  column: number;
  message: string;
  severity: 'error' | 'warning';
}

const SOURCE = String.raw`[\w./\\-]*?[\w-]+\.(?:c|cc|cpp|cxx|h|hpp|go|rs|kt|kts|java|rb|php|ts|js|py|cs)`;
const COLON = new RegExp(String.raw`^\s*(?:${SOURCE}):(\d+):(?:(\d+):)?\s*(.*)$`);
const PAREN = new RegExp(String.raw`^\s*(?:${SOURCE})\((\d+),(\d+)\):\s*(.*)$`);
const RUST_AT = new RegExp(String.raw`^\s*-->\s*(?:${SOURCE}):(\d+):(\d+)`);
const PY_AT = /^\s*File "[^"]*", line (\d+)/;
const PY_ERROR = /^(\w*(?:Error|Exception)):?\s*(.*)$/;
const PHP_AT = /^(?:PHP )?(.*?) in \S+ on line (\d+)/;
const SUCRASE_AT = /^(.*\S)\s+\((\d+):(\d+)\)\s*$/;

const severityOf = (text: string): 'error' | 'warning' => (/^\s*warning\b/i.test(text) ? 'warning' : 'error');
const clean = (text: string) => text.replace(/^\s*(?:fatal )?(?:error|warning)(?:\[\w+\])?\s*:?\s*/i, '').trim();

/** Every position a compiler's message names, in order, at most 50, each line and message once. */
export function compileMarkers(text: string): CompileMarker[] {
  const lines = text.split(/\r?\n/);
  const out: CompileMarker[] = [];
  const add = (line: number, column: number, raw: string) => {
    if (!(line >= 1)) return;
    const message = clean(raw) || raw.trim() || 'Compilation error';
    if (out.some((m) => m.line === line && m.message === message)) return;
    out.push({ line, column: Math.max(1, column || 1), message, severity: severityOf(raw) });
  };
  for (const [i, l] of lines.entries()) {
    let m = RUST_AT.exec(l);
    if (m) {
      // rustc: the message is the nearest `error...` line above the arrow.
      const head = lines
        .slice(0, i)
        .reverse()
        .find((h) => /^(error|warning)/.test(h));
      add(Number(m[1]), Number(m[2]), head ?? 'error');
      continue;
    }
    m = PAREN.exec(l) ?? COLON.exec(l);
    if (m) {
      add(Number(m[1]), Number(m[2]), m[3] ?? '');
      continue;
    }
    m = PY_AT.exec(l);
    if (m) {
      const error = lines.slice(i + 1).find((x) => PY_ERROR.test(x));
      add(Number(m[1]), 1, error ?? 'SyntaxError');
      continue;
    }
    m = PHP_AT.exec(l);
    if (m) {
      add(Number(m[2]), 1, m[1] ?? '');
      continue;
    }
    m = SUCRASE_AT.exec(l);
    if (m && out.length === 0) add(Number(m[2]), Number(m[3]) + 1, m[1] ?? '');
  }
  return out.slice(0, 50);
}

/** The markers of a run's results: from the first compile error (every case shares it), else none. */
export function markersOfResults(results: readonly TCandidateResult[] | null): CompileMarker[] {
  const failed = results?.find((r) => r.verdict === 'Compilation Error');
  if (!failed) return [];
  return compileMarkers(failed.message || failed.output || failed.actualOutput || '');
}
