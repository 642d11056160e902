/**
 * A small reader of JUnit XML as pytest writes it (junit_family=xunit1): testcase elements with classname, name,
 * file and time, and failure / error / skipped / system-out / system-err children. Only what the judge needs; the
 * document comes from the sandbox, so nothing in it is trusted (sizes capped, unknown markup skipped).
 */
import type { ProjectCase, ProjectOutcome } from './types';

const CASE_OUTPUT = 8 << 10;

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|lt|gt|amp|quot|apos);/g, (_, e: string) => {
    if (e === 'lt') return '<';
    if (e === 'gt') return '>';
    if (e === 'amp') return '&';
    if (e === 'quot') return '"';
    if (e === 'apos') return "'";
    const code = e.startsWith('#x') ? Number.parseInt(e.slice(2), 16) : Number.parseInt(e.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
}

function attributes(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of tag.matchAll(/([A-Za-z_:][\w.:-]*)\s*=\s*("([^"]*)"|'([^']*)')/g))
    out[m[1] as string] = decode(m[3] ?? m[4] ?? '');
  return out;
}

/** "tests/test_cart.py" + classname "tests.test_cart.TestCart" + name "test_a" → "tests/test_cart.py::TestCart::test_a". */
function caseName(a: Record<string, string>): string {
  const name = a.name ?? '';
  const file = a.file ?? '';
  const cls = a.classname ?? '';
  if (!file) return cls ? `${cls}::${name}` : name;
  const module = file.replace(/\.py$/, '').replace(/\//g, '.');
  const rest = cls.startsWith(`${module}.`) ? cls.slice(module.length + 1).replace(/\./g, '::') : '';
  return rest ? `${file}::${rest}::${name}` : `${file}::${name}`;
}

/** pytest's "---- Captured Out ----" headers, kept only above something captured. */
function dropEmptySections(text: string): string {
  return text.replace(/-+ Captured (Log|Out|Err) -+\n*(?=-+ Captured |$)/g, '').trim();
}

function trim(text: string): string {
  return text.length <= CASE_OUTPUT ? text : `${text.slice(0, CASE_OUTPUT)}\n… (truncated)`;
}

/** Every testcase of the report, in document order. */
export function parseJunit(xml: string): ProjectCase[] {
  const cases: ProjectCase[] = [];
  const re = /<testcase\b([^>]*?)(\/>|>([\s\S]*?)<\/testcase>)/g;
  for (const m of xml.matchAll(re)) {
    const a = attributes(m[1] ?? '');
    const body = m[3] ?? '';
    let outcome: ProjectOutcome = 'passed';
    if (/<error\b/.test(body)) outcome = 'error';
    else if (/<failure\b/.test(body)) outcome = 'failed';
    else if (/<skipped\b/.test(body)) outcome = 'skipped';
    const parts: string[] = [];
    for (const child of body.matchAll(
      /<(failure|error|skipped|system-out|system-err)\b([^>]*?)(\/>|>([\s\S]*?)<\/\1>)/g,
    )) {
      const message = attributes(child[2] ?? '').message;
      const text = decode(child[4] ?? '').trim();
      if (child[1] !== 'system-out' && child[1] !== 'system-err' && message && !text.includes(message))
        parts.push(message);
      if (text) parts.push(text);
    }
    const seconds = Number.parseFloat(a.time ?? '0');
    cases.push({
      name: caseName(a),
      file: a.file ?? null,
      outcome,
      passed: outcome === 'passed',
      timeMs: Number.isFinite(seconds) ? Math.max(0, Math.round(seconds * 1000)) : 0,
      output: trim(dropEmptySections(parts.join('\n'))),
    });
  }
  return cases;
}
