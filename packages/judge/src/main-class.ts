// Which top-level type holds a program's entry point, for the languages whose runtime must be told (Java,
// Kotlin). Works on source with comments and string literals blanked out, by brace depth: helpers of any kind
// (nested static classes, records, enums, interfaces) declared before the entry point never count.

/** Blanks comments, text blocks, strings and character literals (keeping offsets, so depths stay right). */
export function blankLiterals(code: string): string {
  return code.replace(/"""[\s\S]*?"""|\/\*[\s\S]*?\*\/|\/\/[^\n]*|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'/g, (m) =>
    m.replace(/[^\n]/g, ' '),
  );
}

/** Brace depth before each offset of `src` (depth[i] = open braces before src[i]). */
function depths(src: string): Int32Array {
  const d = new Int32Array(src.length + 1);
  let depth = 0;
  for (let i = 0; i < src.length; i++) {
    d[i] = depth;
    const c = src[i];
    if (c === '{') depth++;
    else if (c === '}') depth = Math.max(0, depth - 1);
  }
  d[src.length] = depth;
  return d;
}

/** Offset of the brace closing the block opened at `open` (or the end of the text). */
function closing(src: string, open: number): number {
  let depth = 0;
  for (let i = open; i < src.length; i++) {
    if (src[i] === '{') depth++;
    else if (src[i] === '}' && --depth === 0) return i;
  }
  return src.length;
}

export interface TopLevelType {
  name: string;
  /** Offsets of the body's braces. */
  open: number;
  close: number;
}

/** Type declarations at brace depth 0 matching `keyword name`, with their bodies. */
export function topLevelTypes(src: string, keywords: string, ident: string): TopLevelType[] {
  const d = depths(src);
  const found: TopLevelType[] = [];
  for (const m of src.matchAll(new RegExp(`(?<![\\p{L}\\p{N}_$])(?:${keywords})\\s+(${ident})`, 'gu'))) {
    const at = m.index ?? 0;
    if (d[at] !== 0) continue;
    const open = src.indexOf('{', at + m[0].length);
    if (open < 0) continue;
    found.push({ name: m[1] as string, open, close: closing(src, open) });
  }
  return found;
}

/**
 * The first top-level type whose own body (depth 1, not a nested type's) declares the entry point matched by
 * `entry`, or null.
 */
export function typeDeclaring(src: string, types: TopLevelType[], entry: RegExp): string | null {
  const d = depths(src);
  const global = new RegExp(entry.source, entry.flags.includes('g') ? entry.flags : `${entry.flags}g`);
  for (const m of src.matchAll(global)) {
    const at = m.index ?? 0;
    if (d[at] !== 1) continue;
    const owner = types.find((t) => t.open < at && at < t.close);
    if (owner) return owner.name;
  }
  return null;
}

/** Whether `entry` occurs at brace depth 0 (a top-level function, as Kotlin's `fun main`). */
export function declaredAtTopLevel(src: string, entry: RegExp): boolean {
  const d = depths(src);
  const global = new RegExp(entry.source, entry.flags.includes('g') ? entry.flags : `${entry.flags}g`);
  for (const m of src.matchAll(global)) if (d[m.index ?? 0] === 0) return true;
  return false;
}

/**
 * C#: the outermost class or struct whose own body declares `static … Main(`, qualified with its namespace
 * (block form), or null when there is none. Nested helpers with a Main of their own never win.
 */
export function csharpMainClass(code: string): string | null {
  const src = blankLiterals(code);
  const d = depths(src);
  let best: { name: string; depth: number; at: number } | null = null;
  for (const m of src.matchAll(/(?<![\p{L}\p{N}_])(?:class|struct)\s+([\p{L}_][\p{L}\p{N}_]*)/gu)) {
    const at = m.index ?? 0;
    const depth = d[at] ?? 0;
    if (best && best.depth <= depth) continue;
    const open = src.indexOf('{', at + m[0].length);
    if (open < 0) continue;
    const close = closing(src, open);
    const body = src.slice(open, close);
    for (const e of body.matchAll(/\bstatic\b[^;{}()=]*\bMain\s*\(/gu)) {
      if (d[open + (e.index ?? 0)] === depth + 1) {
        best = { name: m[1] as string, depth, at };
        break;
      }
    }
  }
  if (!best) return null;
  // the block namespaces around it, outermost first
  const spaces: string[] = [];
  for (const n of src.matchAll(/\bnamespace\s+([\p{L}_][\p{L}\p{N}_.]*)\s*\{/gu)) {
    const open = (n.index ?? 0) + n[0].length - 1;
    if (open < best.at && best.at < closing(src, open)) spaces.push(n[1] as string);
  }
  return [...spaces, best.name].join('.');
}
