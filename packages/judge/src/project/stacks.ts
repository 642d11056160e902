/**
 * The project stacks as data (issue 43): how a stack is found on the host, the runner a test command may name,
 * the argv it becomes, and the file names that configure the runner (the author's alone: a candidate's
 * conftest.py or pytest.ini could deselect or rewrite the hidden tests). Dependencies come from the host's
 * /usr (Debian packages installed with the product, scripts/deps.mjs), bound read-only; nothing is fetched.
 */
import { existsSync } from 'node:fs';
import { version } from '../toolchain-kit';
import type { ProjectStack, StackInfo } from './types';

export type { StackInfo } from './types';

export interface StackDef {
  id: ProjectStack;
  name: string;
  /** The first word of a test command. */
  runner: string;
  /** File names (at any depth) that configure the runner: never the candidate's. */
  protectedNames: readonly string[];
  detect(): Promise<StackInfo>;
  /**
   * The sandbox argv for the test command's arguments, writing its JUnit report to `report` and reading the
   * judge's own runner configuration `config` (both /box paths of names the workspace cannot hold).
   */
  argv(args: string[], report: string, config: string): string[];
  /** The runner configuration the judge writes (the candidate's pytest.ini or pyproject.toml is not read). */
  config: string;
  /** The file extension of that configuration (.ini, .mjs). */
  configExt: string;
  /** Why an argument of the test command is refused, or null. */
  refuseArg(arg: string, index: number): string | null;
  env: Record<string, string>;
}

const PYTHON = '/usr/bin/python3';

const pythonPytest: StackDef = {
  id: 'python-pytest',
  name: 'Python 3 with pytest',
  runner: 'pytest',
  protectedNames: ['conftest.py'],
  config: '[pytest]\npythonpath = .\njunit_family = xunit1\njunit_logging = all\n',
  configExt: '.ini',
  refuseArg: (a) =>
    /^--?(junit|rootdir|p$|c$|confcutdir|override-ini|o$)/.test(a)
      ? `The test command may not set ${a}: the judge sets the runner's report and root`
      : null,
  async detect() {
    const base = { id: 'python-pytest' as const, name: this.name };
    if (!existsSync(PYTHON))
      return {
        ...base,
        version: null,
        available: false,
        message: 'python3 is not installed (apt-get install python3)',
      };
    // Debian's python3-pytest: the interpreter in /usr and the package in /usr/lib/python3/dist-packages, both
    // visible in the sandbox as they are
    const v = await version(PYTHON, ['-I', '-c', 'import pytest; print(pytest.__version__)'], (o) => o.trim() || null);
    if (!v)
      return {
        ...base,
        version: null,
        available: false,
        message: 'pytest is not installed for /usr/bin/python3 (apt-get install python3-pytest)',
      };
    return { ...base, version: v, available: true, message: null };
  },
  argv(args, report, config) {
    // -I: neither the workspace nor PYTHONPATH comes before the standard library and pytest itself (a
    // candidate's pytest.py or sitecustomize.py is never imported in their place); the workspace root is put
    // on sys.path by pytest's own pythonpath option (in the judge's config) once pytest is loaded.
    return [
      PYTHON,
      '-I',
      '-B',
      '-m',
      'pytest',
      ...args,
      '-c',
      config,
      '--rootdir=/box',
      '-p',
      'no:cacheprovider',
      `--junitxml=${report}`,
    ];
  },
  env: { PYTHONDONTWRITEBYTECODE: '1', PYTHONUNBUFFERED: '1' },
};

const NODE = '/usr/bin/node';

/**
 * Node's own test runner: its events, written as JUnit XML with each test's file by the judge's reporter (Node's
 * junit reporter names no file, and a test's file decides whether it is visible or hidden). The reporter runs in
 * the runner's process; the tests and the candidate's code run in child processes of it.
 */
const REPORTER = `import { writeFileSync } from 'node:fs';
import path from 'node:path';
const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
export default async function* reporter(source) {
  const names = [];
  const out = ['<testsuites>'];
  for await (const e of source) {
    if (e.type === 'test:start') names[e.data.nesting] = e.data.name;
    if (e.type !== 'test:pass' && e.type !== 'test:fail') continue;
    const d = e.data;
    if (d.details?.type === 'suite') continue;
    const name = [...names.slice(0, d.nesting), d.name].join(' > ');
    const file = d.file ? path.relative('/box', d.file) : '';
    const time = (d.details?.duration_ms ?? 0) / 1000;
    const skipped = d.skip !== undefined || d.todo !== undefined;
    out.push('<testcase name="' + esc(name) + '" file="' + esc(file) + '" time="' + time + '">');
    if (e.type === 'test:fail') {
      const err = d.details?.error;
      const text = err?.cause?.stack ?? err?.cause?.message ?? err?.stack ?? String(err);
      out.push('<failure message="' + esc(err?.cause?.message ?? err?.message ?? 'failed') + '">' + esc(text) + '</failure>');
    } else if (skipped) out.push('<skipped/>');
    out.push('</testcase>');
  }
  out.push('</testsuites>');
  writeFileSync(process.env.ASSESSLY_REPORT, out.join('\\n'));
  yield '';
}
`;

const javascriptNode: StackDef = {
  id: 'javascript-node',
  name: 'JavaScript with the Node.js test runner',
  runner: 'node',
  protectedNames: [],
  async detect() {
    const base = { id: 'javascript-node' as const, name: this.name };
    if (!existsSync(NODE))
      return {
        ...base,
        version: null,
        available: false,
        message: 'node is not installed in /usr/bin (apt-get install nodejs)',
      };
    const v = await version(NODE, ['--version'], (o) => o.trim().replace(/^v/, '') || null);
    const major = Number(v?.split('.')[0]);
    if (!v || !(major >= 20))
      return {
        ...base,
        version: v,
        available: false,
        message: `Node.js 20 or newer is required in /usr/bin, found ${v}`,
      };
    return { ...base, version: v, available: true, message: null };
  },
  argv(args, _report, config) {
    return [
      NODE,
      ...args,
      `--test-reporter=${config}`,
      '--test-reporter-destination=/dev/null',
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
    ];
  },
  config: REPORTER,
  configExt: '.mjs',
  refuseArg: (a, i) =>
    i === 0 && a !== '--test'
      ? 'The test command must be node --test followed by test files or folders'
      : i > 0 && a.startsWith('-')
        ? `The test command may not set ${a}: only test files or folders may follow node --test`
        : null,
  env: {},
};

export const STACKS: Record<ProjectStack, StackDef> = {
  'python-pytest': pythonPytest,
  'javascript-node': javascriptNode,
};

/** The arguments of a test command ("pytest -q tests" → ["-q", "tests"]), or why it is refused. */
export function parseTestCommand(stack: StackDef, command: string): { args: string[] } | { error: string } {
  const words = command.trim().split(/\s+/).filter(Boolean);
  if (words[0] !== stack.runner) return { error: `The test command must start with ${stack.runner}` };
  const args = words.slice(1);
  if (args.some((a) => a.includes('\0'))) return { error: 'The test command may not contain NUL characters' };
  for (const [i, a] of args.entries()) {
    const refused = stack.refuseArg(a, i);
    if (refused) return { error: refused };
  }
  if (stack.runner === 'node' && args[0] !== '--test')
    return { error: 'The test command must be node --test followed by test files or folders' };
  if (args.length > 32) return { error: 'The test command has too many arguments' };
  return { args };
}
