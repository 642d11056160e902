/**
 * Kattis / ICPC problem package format (problemarchive.org) ⇄ Assessly coding problem.
 * Read: problem.yaml (name; limits.time_limit in seconds, limits.memory in MiB, or a .timelimit file;
 * validator_flags "float_tolerance 1e-6" and its absolute/relative variants), problem_statement/ (Markdown,
 * where a "## Constraints" bullet list becomes the constraints; or LaTeX, rendered to HTML with MathML math by
 * latex-statement.ts, constraints from its Constraints section or Input bounds), data/sample/*.in|.ans → examples,
 * data/secret/**\/*.in|.ans → hidden test cases. Written: the same layout, which this reader reads back.
 * The model solution travels as submissions/accepted/solution.<ext> (its language from the extension, any of the
 * twelve: .c .cpp .cs .go .java .js .kt .php .py .rb .rs .ts); starter code is not part of the package.
 */
import path from 'node:path';
import { LANGUAGE_META, languageForExtension, type TCodingProblem, type TCodingProblemInput } from '@assessly/shared';
import { latexStatement } from './latex-statement';

export class PackageError extends Error {}

type Yaml = { [key: string]: YamlValue };
type YamlValue = string | number | boolean | null | Yaml;

function scalar(raw: string): YamlValue {
  const v = raw.trim();
  if (v === '' || v === '~' || v === 'null') return null;
  if (v.startsWith('"')) {
    try {
      return JSON.parse(v) as string;
    } catch {
      throw new PackageError('problem.yaml has a malformed quoted string');
    }
  }
  if (v.startsWith("'") && v.endsWith("'")) return v.slice(1, -1).replace(/''/g, "'");
  if (v === 'true' || v === 'false') return v === 'true';
  if (/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(v)) return Number(v);
  if (v.startsWith('{') && v.endsWith('}')) {
    const out: Yaml = {};
    for (const part of v.slice(1, -1).split(',')) {
      const i = part.indexOf(':');
      if (i > 0) out[part.slice(0, i).trim()] = scalar(part.slice(i + 1));
    }
    return out;
  }
  return v;
}

function stripComment(line: string): string {
  let quote: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '#' && (i === 0 || /\s/.test(line[i - 1]!))) return line.slice(0, i);
  }
  return line;
}

/** The subset of YAML problem.yaml uses: nested maps by indentation, scalars, flow maps; lists are skipped. */
export function parseYamlSubset(text: string): Yaml {
  const root: Yaml = {};
  const stack: { indent: number; map: Yaml }[] = [{ indent: -1, map: root }];
  for (const rawLine of text.split(/\r?\n/)) {
    const line = stripComment(rawLine).replace(/\s+$/, '');
    if (!line.trim() || line.trim() === '---' || line.trim().startsWith('- ')) continue;
    const indent = line.length - line.trimStart().length;
    const m = /^([A-Za-z0-9_.-]+)\s*:(.*)$/.exec(line.trim());
    if (!m) continue;
    while (stack.length > 1 && stack[stack.length - 1]!.indent >= indent) stack.pop();
    const parent = stack[stack.length - 1]!.map;
    const value = m[2]!.trim();
    if (value === '') {
      const child: Yaml = {};
      parent[m[1]!] = child;
      stack.push({ indent, map: child });
    } else parent[m[1]!] = scalar(value);
  }
  return root;
}

const text = (b: Buffer | undefined) => (b ? b.toString('utf8').replace(/^\uFEFF/, '') : '');

function pairs(files: Map<string, Buffer>, dir: string, recursive: boolean): { input: string; output: string }[] {
  const ins = [...files.keys()]
    .filter((n) => n.startsWith(dir) && n.endsWith('.in') && (recursive || !n.slice(dir.length).includes('/')))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  return ins
    .filter((n) => files.has(`${n.slice(0, -3)}.ans`))
    .map((n) => ({ input: text(files.get(n)), output: text(files.get(`${n.slice(0, -3)}.ans`)) }));
}

function statementOf(files: Map<string, Buffer>, root: string): { body: string; tex: boolean } {
  const dir = `${root}problem_statement/`;
  const preferred = ['problem.en.md', 'problem.md', 'problem.en.tex', 'problem.tex'].map((f) => dir + f);
  const name =
    preferred.find((f) => files.has(f)) ??
    [...files.keys()].find((f) => f.startsWith(dir) && /\.(md|tex)$/.test(f) && !f.slice(dir.length).includes('/'));
  if (!name) throw new PackageError('problem_statement/ has no problem.md or problem.tex');
  return { body: text(files.get(name)), tex: name.endsWith('.tex') };
}

/** Splits a trailing "## Constraints" list off the statement. */
function splitConstraints(body: string): { description: string; constraints: string[] } {
  const m = /\n#{1,3}\s*Constraints\s*\n([\s\S]*)$/i.exec(`\n${body}`);
  if (!m) return { description: body.trim(), constraints: [] };
  const constraints = m[1]!
    .split('\n')
    .map((l) => l.replace(/^\s*[-*]\s+/, '').trim())
    .filter(Boolean);
  return { description: `\n${body}`.slice(0, m.index).trim(), constraints };
}

const TOLERANCE = /float_(?:absolute_|relative_)?tolerance\s+([-+]?[0-9.]+(?:[eE][-+]?\d+)?)/;

/** The problem a package describes (validated afterwards with the same schema as the editor's input). */
export function fromKattis(files: Map<string, Buffer>): TCodingProblemInput {
  const yamlPath = [...files.keys()]
    .filter((n) => n === 'problem.yaml' || n.endsWith('/problem.yaml'))
    .sort((a, b) => a.split('/').length - b.split('/').length)[0];
  if (!yamlPath) throw new PackageError('The package has no problem.yaml');
  const root = yamlPath.slice(0, -'problem.yaml'.length);
  const yaml = parseYamlSubset(text(files.get(yamlPath)));

  const nameField = yaml.name;
  let title =
    typeof nameField === 'string'
      ? nameField
      : nameField && typeof nameField === 'object'
        ? String(nameField.en ?? Object.values(nameField)[0] ?? '')
        : '';
  let { body, tex } = statementOf(files, root);
  let latex: { html: string; constraints: string[] } | null = null;
  if (tex) {
    const pn = /\\problemname\{([^}]*)\}/.exec(body);
    if (pn && !title) title = pn[1]!;
    // LaTeX becomes HTML with MathML math (issue 26): candidates never see \section*{Input} or $1$.
    latex = latexStatement(body);
  } else {
    const h = /^#\s+(.+)\n/.exec(body);
    if (h) {
      if (!title) title = h[1]!.trim();
      body = body.slice(h[0].length);
    }
  }
  const { description, constraints } = latex
    ? { description: latex.html, constraints: latex.constraints }
    : splitConstraints(body);

  const limits = yaml.limits && typeof yaml.limits === 'object' ? yaml.limits : {};
  const seconds =
    typeof limits.time_limit === 'number'
      ? limits.time_limit
      : Number.parseFloat(text(files.get(`${root}.timelimit`))) || null;
  const memory = typeof limits.memory === 'number' ? limits.memory : null;
  const flags = typeof yaml.validator_flags === 'string' ? yaml.validator_flags : '';
  const tol = TOLERANCE.exec(flags);

  // the first accepted submission in a language we know becomes the model solution
  const accepted = [...files.keys()]
    .filter((n) => n.startsWith(`${root}submissions/accepted/`) && !n.endsWith('/'))
    .sort()
    .map((n) => ({ name: n, language: languageForExtension(path.extname(n)) }))
    .find((f) => f.language !== null);

  const examples = pairs(files, `${root}data/sample/`, false);
  const testCases = pairs(files, `${root}data/secret/`, true);
  if (examples.length === 0) throw new PackageError('data/sample/ has no .in/.ans pairs (they become the examples)');
  if (testCases.length === 0)
    throw new PackageError('data/secret/ has no .in/.ans pairs (they become the hidden cases)');
  return {
    title: title || root.replace(/\/$/, '') || 'Imported problem',
    description: description || title,
    examples,
    testCases,
    constraints: constraints.length > 0 ? constraints : ['See the problem statement'],
    ...(seconds != null ? { timeLimitMs: Math.round(seconds * 1000) } : {}),
    ...(memory != null ? { memoryLimitMb: Math.round(memory) } : {}),
    ...(tol ? { floatTolerance: Number(tol[1]) } : {}),
    ...(accepted ? { solution: text(files.get(accepted.name)), solutionLanguage: accepted.language } : {}),
  };
}

/** The files of a package for one problem (the hidden cases included: only managing employers export). */
export function toKattis(p: TCodingProblem): { name: string; data: Buffer }[] {
  const yaml = [
    '# Exported by Assessly',
    `name: ${JSON.stringify(p.title)}`,
    'limits:',
    `  time_limit: ${p.timeLimitMs / 1000}`,
    `  memory: ${p.memoryLimitMb}`,
    ...(p.floatTolerance != null ? [`validator_flags: float_tolerance ${p.floatTolerance}`] : []),
    '',
  ].join('\n');
  const statement = `# ${p.title}\n\n${p.description.trim()}\n\n## Constraints\n\n${p.constraints.map((c) => `- ${c}`).join('\n')}\n`;
  const num = (i: number) => String(i + 1).padStart(2, '0');
  const files = [
    { name: 'problem.yaml', data: Buffer.from(yaml) },
    { name: 'problem_statement/problem.en.md', data: Buffer.from(statement) },
  ];
  p.examples.forEach((e, i) => {
    files.push({ name: `data/sample/${num(i)}.in`, data: Buffer.from(e.input) });
    files.push({ name: `data/sample/${num(i)}.ans`, data: Buffer.from(e.output) });
  });
  p.testCases.forEach((c, i) => {
    files.push({ name: `data/secret/${num(i)}.in`, data: Buffer.from(c.input) });
    files.push({ name: `data/secret/${num(i)}.ans`, data: Buffer.from(c.output) });
  });
  if (p.solutionLanguage && p.solutionLanguage !== 'sql' && p.solution.trim()) {
    const ext = LANGUAGE_META[p.solutionLanguage].extension;
    files.push({ name: `submissions/accepted/solution.${ext}`, data: Buffer.from(p.solution) });
  }
  return files;
}
