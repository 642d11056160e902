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
  env: Record<string, string>;
}

const PYTHON = '/usr/bin/python3';

const pythonPytest: StackDef = {
  id: 'python-pytest',
  name: 'Python 3 with pytest',
  runner: 'pytest',
  protectedNames: ['conftest.py'],
  config: '[pytest]\npythonpath = .\njunit_family = xunit1\njunit_logging = all\n',
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

export const STACKS: Record<ProjectStack, StackDef> = { 'python-pytest': pythonPytest };

/** The arguments of a test command ("pytest -q tests" → ["-q", "tests"]), or why it is refused. */
export function parseTestCommand(stack: StackDef, command: string): { args: string[] } | { error: string } {
  const words = command.trim().split(/\s+/).filter(Boolean);
  if (words[0] !== stack.runner) return { error: `The test command must start with ${stack.runner}` };
  const args = words.slice(1);
  const bad = args.find((a) => /^--?(junit|rootdir|p$|c$|confcutdir|override-ini|o$)/.test(a) || a.includes('\0'));
  if (bad) return { error: `The test command may not set ${bad}: the judge sets the runner's report and root` };
  if (args.length > 32) return { error: 'The test command has too many arguments' };
  return { args };
}
