/**
 * A Kattis LaTeX statement (problem.en.tex) as the HTML candidates read (issue 26): sections as headings,
 * paragraphs, itemize/enumerate lists, verbatim blocks, bold/italic/monospace, and math through KaTeX as MathML
 * (browsers render MathML natively, so the page loads no fonts or scripts for it). Constraints come from a
 * "Constraints" section when there is one, else from the bounds written in the Input section
 * ($1 \le n \le 10^5$), as plain text.
 */
import katex from 'katex';

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** MathML only, without the TeX annotation (it doubles the size and no browser shows it). */
function math(tex: string, displayMode: boolean): string {
  const html = katex.renderToString(tex, { output: 'mathml', displayMode, throwOnError: false, strict: 'ignore' });
  return html.replace(/<annotation[\s\S]*?<\/annotation>/g, '');
}

/** Drops % comments (not \%), keeping line structure. */
function stripComments(tex: string): string {
  return tex.replace(/(^|[^\\])%.*$/gm, '$1');
}

/** Inline text: math, formatting commands, escapes and quotes; everything else HTML-escaped. */
function inline(text: string): string {
  const parts: string[] = [];
  const re = /\$\$([\s\S]+?)\$\$|\\\[([\s\S]+?)\\\]|\$((?:\\\$|[^$])+?)\$|\\\(([\s\S]+?)\\\)/g;
  let at = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    parts.push(words(text.slice(at, m.index)));
    const display = m[1] ?? m[2];
    parts.push(display !== undefined ? math(display, true) : math(m[3] ?? m[4] ?? '', false));
    at = m.index + m[0].length;
  }
  parts.push(words(text.slice(at)));
  return parts.join('');
}

const WRAPS: [RegExp, string][] = [
  [/\\(?:textbf|bf)\{([^{}]*)\}/g, '<strong>$1</strong>'],
  [/\\(?:emph|textit|it)\{([^{}]*)\}/g, '<em>$1</em>'],
  [/\\(?:texttt|verb\|)\{([^{}]*)\}/g, '<code>$1</code>'],
];

function words(text: string): string {
  let s = escapeHtml(text)
    .replace(/\\(?:illustration|includegraphics)(?:\[[^\]]*\])?(?:\{[^{}]*\})+/g, '')
    .replace(/\\verb\|([^|]*)\|/g, '<code>$1</code>')
    .replace(/``/g, '“')
    .replace(/''/g, '”')
    .replace(/---/g, '—')
    .replace(/--/g, '–')
    .replace(/~/g, '\u00a0')
    .replace(/\\(?:ldots|dots)\b/g, '…')
    .replace(/\\\\/g, '<br>')
    .replace(/\\([%&_#${}])/g, '$1');
  for (let i = 0; i < 3; i++) for (const [re, to] of WRAPS) s = s.replace(re, to);
  // Any other command keeps its argument's text (\url{x} → x) or goes (\noindent).
  return s.replace(/\\[a-zA-Z]+\*?(?:\[[^\]]*\])?\{([^{}]*)\}/g, '$1').replace(/\\[a-zA-Z]+\*?/g, '');
}

interface Block {
  kind: 'h2' | 'h3' | 'p' | 'ul' | 'ol' | 'pre' | 'math';
  text: string;
  items?: string[];
}

function blocks(tex: string): Block[] {
  const out: Block[] = [];
  const re =
    /\\(sub)?section\*?\{([^}]*)\}|\\begin\{(itemize|enumerate)\}([\s\S]*?)\\end\{\3\}|\\begin\{verbatim\}([\s\S]*?)\\end\{verbatim\}|\\begin\{(?:figure|center)\}[\s\S]*?\\end\{(?:figure|center)\}|\\begin\{(?:equation|displaymath)\*?\}([\s\S]*?)\\end\{(?:equation|displaymath)\*?\}/g;
  let at = 0;
  const paragraphs = (text: string) => {
    for (const p of text.split(/\n\s*\n/)) if (p.trim()) out.push({ kind: 'p', text: p.trim() });
  };
  for (let m = re.exec(tex); m; m = re.exec(tex)) {
    paragraphs(tex.slice(at, m.index));
    at = m.index + m[0].length;
    if (m[2] !== undefined) out.push({ kind: m[1] ? 'h3' : 'h2', text: m[2].trim() });
    else if (m[3]) {
      const items = m[4]!
        .split(/\\item\b/)
        .slice(1)
        .map((i) => i.trim())
        .filter(Boolean);
      out.push({ kind: m[3] === 'itemize' ? 'ul' : 'ol', text: '', items });
    } else if (m[5] !== undefined) out.push({ kind: 'pre', text: m[5].replace(/^\n/, '') });
    else if (m[6] !== undefined) out.push({ kind: 'math', text: m[6] });
  }
  paragraphs(tex.slice(at));
  return out;
}

function render(b: Block): string {
  switch (b.kind) {
    case 'h2':
    case 'h3':
      return `<${b.kind}>${inline(b.text)}</${b.kind}>`;
    case 'ul':
    case 'ol':
      return `<${b.kind}>${(b.items ?? []).map((i) => `<li>${inline(i)}</li>`).join('')}</${b.kind}>`;
    case 'pre':
      return `<pre>${escapeHtml(b.text)}</pre>`;
    case 'math':
      return `<p>${math(b.text, true)}</p>`;
    default:
      return `<p>${inline(b.text)}</p>`;
  }
}

/** LaTeX math as readable text for a constraint line: 1 ≤ n ≤ 10^5. */
export function mathToText(tex: string): string {
  return tex
    .replace(/\\(?:leq?|leqslant)\b/g, '≤')
    .replace(/\\(?:geq?|geqslant)\b/g, '≥')
    .replace(/\\(?:neq?)\b/g, '≠')
    .replace(/\\(?:cdot)\b/g, '·')
    .replace(/\\times\b/g, '×')
    .replace(/\\(?:ldots|dots|cdots)\b/g, '…')
    .replace(/\\,|\\;|\\!|\\ /g, ' ')
    .replace(/\\(?:text|mathrm|mathit|texttt|operatorname)\{([^{}]*)\}/g, '$1')
    .replace(/\^\{([^{}]*)\}/g, '^$1')
    .replace(/_\{([^{}]*)\}/g, '_$1')
    .replace(/\\([a-zA-Z]+)/g, '$1')
    .replace(/[{}]/g, '')
    .replace(/\s*([≤≥<>=≠])\s*/g, ' $1 ')
    .replace(/\s+/g, ' ')
    .trim();
}

const BOUND = /(?:\\le|\\leq|\\ge|\\geq|<|>)/;

/** Bounds written as math in the Input section: each $…$ with a comparison and a digit. */
function boundsOf(inputSection: string): string[] {
  const found: string[] = [];
  for (const m of inputSection.matchAll(/\$((?:\\\$|[^$])+?)\$/g)) {
    const tex = m[1]!;
    if (BOUND.test(tex) && /\d/.test(tex)) {
      const text = mathToText(tex);
      if (!found.includes(text)) found.push(text);
    }
  }
  return found.slice(0, 20);
}

/** The statement as HTML and its constraints (see the file comment). */
export function latexStatement(tex: string): { html: string; constraints: string[] } {
  const body = stripComments(tex)
    .replace(/\\problemname\{[^}]*\}\s*/, '')
    .replace(
      /\\begin\{document\}|\\end\{document\}|\\documentclass(?:\[[^\]]*\])?\{[^}]*\}|\\usepackage(?:\[[^\]]*\])?\{[^}]*\}/g,
      '',
    );
  const all = blocks(body);
  let constraints: string[] = [];
  const headingAt = (name: RegExp) => all.findIndex((b) => (b.kind === 'h2' || b.kind === 'h3') && name.test(b.text));
  const c = headingAt(/^constraints?$/i);
  let shown = all;
  if (c >= 0) {
    const end = all.findIndex((b, i) => i > c && (b.kind === 'h2' || b.kind === 'h3'));
    const section = all.slice(c + 1, end < 0 ? undefined : end);
    constraints = section.flatMap((b) =>
      b.items ? b.items.map((i) => mathToText(i.replace(/\$/g, ''))) : [mathToText(b.text.replace(/\$/g, ''))],
    );
    shown = [...all.slice(0, c), ...(end < 0 ? [] : all.slice(end))];
  } else {
    const i = headingAt(/^input$/i);
    if (i >= 0) {
      const end = all.findIndex((b, j) => j > i && (b.kind === 'h2' || b.kind === 'h3'));
      const section = all.slice(i + 1, end < 0 ? undefined : end);
      constraints = boundsOf(section.map((b) => [b.text, ...(b.items ?? [])].join('\n')).join('\n'));
    }
  }
  return { html: shown.map(render).join('\n'), constraints: constraints.filter(Boolean) };
}
