/**
 * Code similarity in the manner of MOSS (Schleimer, Wilkerson, Aiken: "Winnowing", SIGMOD 2003):
 * code → normalised token stream (comments and layout gone, user identifiers → V, literals → their class)
 * → hashes of every k-gram of tokens → winnowing keeps the minimum hash of each window of w hashes
 * → the fingerprint sets of two programs are compared. Renaming variables, reformatting, editing comments
 * or reordering functions leaves most fingerprints intact; independent solutions share few.
 * A high score is evidence for a human reviewer, never a verdict.
 */

export const K_GRAM = 5;
export const WINDOW = 4;
/** Pairs at or above this share of common fingerprints (Jaccard, percent) are flagged. */
export const FLAG_THRESHOLD = 50;
/** ...or when this share of the smaller program's fingerprints is in the other (a copy padded with extra code). */
export const CONTAINMENT_THRESHOLD = 75;
/** Programs shorter than this many tokens are too small to judge. */
export const MIN_TOKENS = 25;

export interface Token {
  text: string;
  line: number;
}

export interface Fingerprint {
  hash: number;
  /** Lines of the first and last token of the k-gram, for highlighting. */
  line: number;
  endLine: number;
}

export type LanguageFamily = 'python' | 'c' | 'sql' | 'other';

const C_KEYWORDS = new Set(
  (
    'auto break case catch char class const continue default delete do double else enum extern false final float for friend goto if ' +
    'inline int long namespace new nullptr operator private protected public return short signed sizeof static struct switch ' +
    'template this throw true try typedef typename union unsigned using virtual void volatile while bool string boolean import ' +
    'package extends implements interface instanceof let var function of in null undefined throws super'
  ).split(' '),
);
const PY_KEYWORDS = new Set(
  (
    'False None True and as assert async await break class continue def del elif else except finally for from global if import ' +
    'in is lambda nonlocal not or pass raise return try while with yield self'
  ).split(' '),
);
// SQL (issue 25): keywords and the usual functions are kept in any case; table, column and alias names become V
const SQL_KEYWORDS = new Set(
  (
    'select from where group by having order asc desc limit offset join inner left right full outer cross on using as ' +
    'distinct all union intersect except with recursive case when then else end and or not in is null like glob between ' +
    'exists insert into values update set delete create table view index drop alter primary key foreign references ' +
    'count sum avg min max total group_concat coalesce ifnull nullif cast round abs length lower upper substr trim ' +
    'replace instr date time datetime julianday strftime over partition row_number rank dense_rank lag lead ntile ' +
    'first_value last_value integer text real numeric blob collate nocase filter window rows range preceding following ' +
    'current row unbounded iif printf'
  ).split(' '),
);

// Library names are kept: a renamed copy keeps them, and they tell independent solutions apart.
const LIBRARY_NAMES = new Set(
  (
    'print input range len int str float list dict set tuple sorted sum min max map filter zip enumerate abs open split strip ' +
    'append extend pop insert sort reverse join readline readlines stdin stdout sys math collections deque defaultdict Counter ' +
    'heapq heappush heappop bisect itertools format isdigit lower upper keys values items get any all ' +
    'std cin cout cerr endl vector map unordered_map set unordered_set pair make_pair queue priority_queue stack deque string ' +
    'push_back emplace_back pop_back size begin end first second front back top push empty insert erase find count sort ' +
    'reverse min max swap abs printf scanf getline main memset sqrt pow iostream bits stdc algorithm auto accumulate ' +
    'Scanner System out println nextInt nextLine parseInt Integer ArrayList HashMap Math console log readFileSync require ' +
    'process toString parseFloat Number String Array length push slice'
  ).split(' '),
);

export function languageFamily(language: string): LanguageFamily {
  const l = language.toLowerCase();
  // Ruby shares Python's # comments and string forms; PHP's // and /* */ comments are C's
  if (l.startsWith('py') || l === 'ruby') return 'python';
  if (l === 'sql' || l === 'sqlite') return 'sql';
  if (/^(c|cpp|c\+\+|java|javascript|js|typescript|ts|csharp|c#|go|rust|kotlin|php)/.test(l)) return 'c';
  return 'other';
}

const TOKEN_RE =
  /("""[\s\S]*?"""|'''[\s\S]*?'''|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|`(?:\\.|[^`\\])*`)|(\d[\w.]*)|([A-Za-z_$][\w$]*)|(<<=|>>=|\*\*=|\/\/=|->|::|\+\+|--|<<|>>|<=|>=|==|!=|&&|\|\||\+=|-=|\*=|\/=|%=|&=|\|=|\^=|\*\*|\/\/|[^\s\w])/g;

/** Removes comments (and C preprocessor lines, which every solution shares) while keeping line breaks. */
function stripComments(code: string, family: LanguageFamily): string {
  const keepLines = (s: string) => s.replace(/[^\n]/g, ' ');
  if (family === 'sql')
    return code.replace(/('(?:[^']|'')*')|--[^\n]*|\/\*[\s\S]*?\*\//g, (m, str) => (str ? m : keepLines(m)));
  if (family === 'python') {
    // Strings are matched first so a # inside a string is not taken for a comment.
    return code.replace(/("""[\s\S]*?"""|'''[\s\S]*?'''|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*')|#[^\n]*/g, (m, str) =>
      str ? m : keepLines(m),
    );
  }
  return code.replace(
    /("(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*')|\/\/[^\n]*|\/\*[\s\S]*?\*\/|^[ \t]*#[^\n]*/gm,
    (m, str) => (str ? m : keepLines(m)),
  );
}

/** The normalised token stream: keywords, operators and library names as written, other names V, strings S, numbers N. */
export function tokenize(code: string, language: string): Token[] {
  const family = languageFamily(language);
  const keywords = family === 'python' ? PY_KEYWORDS : C_KEYWORDS;
  const clean = stripComments(code.replace(/\r\n?/g, '\n'), family);
  const out: Token[] = [];
  let line = 1;
  let last = 0;
  for (const m of clean.matchAll(TOKEN_RE)) {
    const idx = m.index ?? 0;
    for (let i = last; i < idx; i++) if (clean.charCodeAt(i) === 10) line++;
    last = idx;
    const [whole, str, num, ident, op] = m;
    let text: string;
    if (str) {
      // A Python docstring is documentation, not code.
      if (family === 'python' && /^("""|''')/.test(str) && isStatementStart(clean, idx)) text = '';
      else text = 'S';
    } else if (num) text = 'N';
    else if (ident && family === 'sql') text = SQL_KEYWORDS.has(ident.toLowerCase()) ? ident.toUpperCase() : 'V';
    else if (ident) text = keywords.has(ident) || LIBRARY_NAMES.has(ident) ? ident : 'V';
    else text = op ?? whole;
    if (text) out.push({ text, line });
  }
  return out;
}

function isStatementStart(src: string, idx: number): boolean {
  const lineStart = src.lastIndexOf('\n', idx - 1) + 1;
  return src.slice(lineStart, idx).trim() === '';
}

/** 32-bit FNV-1a over the k-gram's token texts. */
function hashGram(tokens: Token[], start: number, k: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < start + k; i++) {
    const t = tokens[i]!.text;
    for (let j = 0; j < t.length; j++) {
      h ^= t.charCodeAt(j);
      h = Math.imul(h, 0x01000193);
    }
    h ^= 0x1f; // token separator
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Winnowing: in every window of w consecutive k-gram hashes keep the rightmost minimum. */
export function fingerprint(tokens: Token[], k = K_GRAM, w = WINDOW): Fingerprint[] {
  const n = tokens.length - k + 1;
  if (n <= 0) return [];
  const hashes = Array.from({ length: n }, (_, i) => hashGram(tokens, i, k));
  const out: Fingerprint[] = [];
  let lastPicked = -1;
  if (n <= w) {
    let min = 0;
    for (let i = 1; i < n; i++) if (hashes[i]! <= hashes[min]!) min = i;
    return [{ hash: hashes[min]!, line: tokens[min]!.line, endLine: tokens[min + k - 1]!.line }];
  }
  for (let start = 0; start + w <= n; start++) {
    let min = start;
    for (let i = start + 1; i < start + w; i++) if (hashes[i]! <= hashes[min]!) min = i;
    if (min !== lastPicked) {
      out.push({ hash: hashes[min]!, line: tokens[min]!.line, endLine: tokens[min + k - 1]!.line });
      lastPicked = min;
    }
  }
  return out;
}

export interface Fingerprinted {
  hashes: Set<number>;
  prints: Fingerprint[];
  tokenCount: number;
}

/** Fingerprints of one program, minus those of the problem's starter code (MOSS's "base file"). */
export function fingerprintCode(code: string, language: string, base?: string | null): Fingerprinted {
  const tokens = tokenize(code, language);
  let prints = fingerprint(tokens);
  if (base) {
    const baseHashes = new Set(fingerprint(tokenize(base, language)).map((p) => p.hash));
    prints = prints.filter((p) => !baseHashes.has(p.hash));
  }
  return { hashes: new Set(prints.map((p) => p.hash)), prints, tokenCount: tokens.length };
}

export interface Comparison {
  /** |A ∩ B| / |A ∪ B| as a percent (0..100, one decimal). */
  score: number;
  /** Share of the smaller program found in the other, percent. */
  containment: number;
  shared: number;
  linesA: number[];
  linesB: number[];
}

export function compareFingerprints(a: Fingerprinted, b: Fingerprinted): Comparison {
  let shared = 0;
  for (const h of a.hashes) if (b.hashes.has(h)) shared++;
  const union = a.hashes.size + b.hashes.size - shared;
  const lines = (x: Fingerprinted, other: Fingerprinted) => {
    const set = new Set<number>();
    for (const p of x.prints) if (other.hashes.has(p.hash)) for (let l = p.line; l <= p.endLine; l++) set.add(l);
    return [...set].sort((p, q) => p - q);
  };
  const smaller = Math.min(a.hashes.size, b.hashes.size);
  return {
    score: union === 0 ? 0 : Math.round((shared / union) * 1000) / 10,
    containment: smaller === 0 ? 0 : Math.round((shared / smaller) * 1000) / 10,
    shared,
    linesA: lines(a, b),
    linesB: lines(b, a),
  };
}

/**
 * Removes the fingerprints that most programs of a group share (MOSS's "-m": passages in more than half of the
 * submissions are boilerplate everybody wrote — the input-reading line — not evidence). Groups of fewer than
 * three cannot tell boilerplate from copying and are left alone.
 */
export function withoutCommonFingerprints(group: Fingerprinted[]): Fingerprinted[] {
  if (group.length < 3) return group;
  const df = new Map<number, number>();
  for (const g of group) for (const h of g.hashes) df.set(h, (df.get(h) ?? 0) + 1);
  // More than half, and never a pair alone: what two programs share is exactly what a copy looks like.
  const limit = Math.max(2, group.length / 2);
  return group.map((g) => {
    const prints = g.prints.filter((p) => (df.get(p.hash) ?? 0) <= limit);
    return { hashes: new Set(prints.map((p) => p.hash)), prints, tokenCount: g.tokenCount };
  });
}

/** Whether a pair is suspicious enough to show a reviewer. */
export function isFlagged(c: Comparison, a: Fingerprinted, b: Fingerprinted): boolean {
  if (a.tokenCount < MIN_TOKENS || b.tokenCount < MIN_TOKENS) return false;
  return c.score >= FLAG_THRESHOLD || c.containment >= CONTAINMENT_THRESHOLD;
}
