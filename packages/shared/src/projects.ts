/**
 * Project tasks (issue 43): a coding problem of kind `project` is a file tree — starter files the candidate
 * sees and edits, visible tests they may run, hidden tests only grading runs, a reference solution — with a test
 * command and marks per named test. The judge runs the stack's runner over a copy of the tree in its sandbox.
 */
import { z } from 'zod';

const utf8 = new TextEncoder();
/** Bytes of a text in UTF-8 (in the browser too: no Buffer here). */
export const byteLength = (text: string) => utf8.encode(text).length;

export const PROJECT_STACKS = ['python-pytest', 'javascript-node'] as const;
export type TProjectStack = (typeof PROJECT_STACKS)[number];
export const PROJECT_STACK_NAMES: Record<TProjectStack, string> = {
  'python-pytest': 'Python 3 with pytest',
  'javascript-node': 'JavaScript with the Node.js test runner',
};
/** What each stack's sandbox offers (the product's own packages; nothing is fetched at run time). */
export const PROJECT_STACK_PACKAGES: Record<TProjectStack, string> = {
  'python-pytest': 'The Python 3 standard library and pytest (Debian packages); no other packages',
  'javascript-node': 'Node.js (node:test, node:assert and the rest of its standard library); no npm packages',
};
/** File names (at any depth) that configure a stack's runner: the author's, never the candidate's. */
export const PROJECT_PROTECTED_NAMES: Record<TProjectStack, readonly string[]> = {
  'python-pytest': ['conftest.py'],
  'javascript-node': [],
};

export const PROJECT_LIMITS = {
  maxFiles: 300,
  maxFileBytes: 256 * 1024,
  maxTotalBytes: 4 * 1024 * 1024,
  maxPath: 200,
  maxTests: 500,
  /** A zip upload of a project (before unpacking). */
  maxZipBytes: 8 * 1024 * 1024,
};

/** Why a path is refused, or null when it is a safe relative path inside the workspace. */
export function projectPathProblem(p: string): string | null {
  if (p.length === 0) return 'A file needs a name';
  if (p.length > PROJECT_LIMITS.maxPath) return `A path may have at most ${PROJECT_LIMITS.maxPath} characters`;
  if (p.includes('\0') || p.includes('\\')) return 'A path may not contain backslashes or NUL characters';
  if (p.startsWith('/')) return 'A path is relative to the project (no leading /)';
  const parts = p.split('/');
  if (parts.some((s) => s === '..' || s === '.')) return 'A path may not contain . or .. parts';
  if (parts.some((s) => s === '')) return 'A path may not have empty parts';
  if (parts.some((s) => s.startsWith('.assessly'))) return 'Names starting with .assessly are the judge’s';
  for (let i = 0; i < p.length; i++) {
    const c = p.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return 'A path may not contain control characters';
  }
  return null;
}

const ZProjectPath = z.string({ error: 'A file needs a path' }).superRefine((p, ctx) => {
  const problem = projectPathProblem(p);
  if (problem) ctx.addIssue({ code: 'custom', message: `${problem}: ${JSON.stringify(p.slice(0, 80))}` });
});

export const ZProjectFile = z.object({
  path: ZProjectPath,
  content: z
    .string({ error: 'A file needs its text' })
    .refine((c) => byteLength(c) <= PROJECT_LIMITS.maxFileBytes, {
      message: `A file may hold at most ${PROJECT_LIMITS.maxFileBytes / 1024} KB`,
    })
    .refine((c) => !c.includes('\0'), { message: 'Binary files are not supported (the file holds NUL bytes)' }),
});
export type TProjectFile = z.infer<typeof ZProjectFile>;

export const ZProjectTest = z.object({
  /** The runner's id of the test: "tests/test_cart.py::test_total". */
  name: z.string().trim().min(1, 'A test needs its name').max(400),
  marks: z.number().int('Marks are whole numbers').min(0).max(1000),
});
export type TProjectTest = z.infer<typeof ZProjectTest>;

const files = (label: string, min = 0) =>
  z
    .array(ZProjectFile, { error: `${label} are a list of files` })
    .min(min, `Add at least one file to ${label.toLowerCase()}`)
    .max(PROJECT_LIMITS.maxFiles)
    .default([]);

export const ZProjectSpec = z.object({
  stack: z.enum(PROJECT_STACKS, { error: 'Choose a stack: python-pytest or javascript-node' }),
  testCommand: z.string().trim().min(1).max(300).default('pytest -q'),
  /** Wall-clock limit of one run in ms. */
  timeLimitMs: z.number().int().min(1000).max(60_000).default(20_000),
  starterFiles: files('Starter files', 1),
  visibleTests: files('Visible tests'),
  hiddenTests: files('Hidden tests', 1),
  /** The reference solution: files that replace or add to the starter when the solution is checked. */
  solutionFiles: files('Solution files'),
  tests: z.array(ZProjectTest).min(1, 'Give at least one test its marks').max(PROJECT_LIMITS.maxTests),
});
export type TProjectSpec = z.infer<typeof ZProjectSpec>;

/** Which file a test name lives in ("tests/a.py::test_x" → "tests/a.py"). */
export const testFileOf = (name: string) => name.split('::')[0] ?? name;

/** Cross-field rules of a project: limits over the whole tree, no path in two roles, each test in a test file. */
export function projectSpecProblems(spec: TProjectSpec): { path: (string | number)[]; message: string }[] {
  const out: { path: (string | number)[]; message: string }[] = [];
  const all = [...spec.starterFiles, ...spec.visibleTests, ...spec.hiddenTests, ...spec.solutionFiles];
  if (all.length > PROJECT_LIMITS.maxFiles)
    out.push({ path: ['starterFiles'], message: `A project may have at most ${PROJECT_LIMITS.maxFiles} files` });
  const bytes = all.reduce((n, f) => n + byteLength(f.content), 0);
  if (bytes > PROJECT_LIMITS.maxTotalBytes)
    out.push({
      path: ['starterFiles'],
      message: `A project may hold at most ${PROJECT_LIMITS.maxTotalBytes / 1024 / 1024} MB of files`,
    });
  const role = new Map<string, string>();
  for (const [list, label] of [
    ['starterFiles', 'starter'],
    ['visibleTests', 'visible test'],
    ['hiddenTests', 'hidden test'],
  ] as const) {
    spec[list].forEach((f, i) => {
      const was = role.get(f.path);
      if (was) out.push({ path: [list, i, 'path'], message: `${f.path} is already a ${was} file` });
      else role.set(f.path, label);
    });
  }
  spec.solutionFiles.forEach((f, i) => {
    const was = role.get(f.path);
    if (was && was !== 'starter')
      out.push({
        path: ['solutionFiles', i, 'path'],
        message: `${f.path} is a ${was} file: a solution may not change tests`,
      });
  });
  const testFiles = new Set([...spec.visibleTests, ...spec.hiddenTests].map((f) => f.path));
  const names = new Set<string>();
  spec.tests.forEach((t, i) => {
    if (names.has(t.name)) out.push({ path: ['tests', i, 'name'], message: `${t.name} is listed twice` });
    names.add(t.name);
    if (!testFiles.has(testFileOf(t.name)))
      out.push({
        path: ['tests', i, 'name'],
        message: `${t.name} is not in a visible or hidden test file (names look like tests/test_x.py::test_y)`,
      });
  });
  if (spec.tests.reduce((n, t) => n + t.marks, 0) < 1)
    out.push({ path: ['tests'], message: 'The tests must carry at least 1 mark in all' });
  if (!spec.tests.some((t) => spec.hiddenTests.some((f) => f.path === testFileOf(t.name))))
    out.push({ path: ['tests'], message: 'At least one marked test must be a hidden test' });
  return out;
}

export const ZProjectProblemInput = z
  .object({
    title: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(300, 'Title is too long'),
    description: z.string({ error: 'Description is required' }).trim().min(1, 'Description is required').max(50_000),
    testId: z.string().uuid('Test not found').optional().nullable(),
    project: ZProjectSpec,
  })
  .superRefine((p, ctx) => {
    for (const issue of projectSpecProblems(p.project))
      ctx.addIssue({ code: 'custom', path: ['project', ...issue.path], message: issue.message });
  });
export type TProjectProblemInput = z.input<typeof ZProjectProblemInput>;

/** The author's view of a project problem. */
export const ZProjectProblem = z.object({
  id: z.string(),
  testId: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  marks: z.number(),
  kind: z.literal('project'),
  project: ZProjectSpec,
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TProjectProblem = z.infer<typeof ZProjectProblem>;

export const PROJECT_VERDICTS = [
  'Completed',
  'Time Limit Exceeded',
  'Output Limit Exceeded',
  'Memory Limit Exceeded',
  'Runner Error',
  'Internal Error',
] as const;

/** One named test of a run as the candidate may see it: a hidden one only as passed/failed. */
export const ZProjectCaseResult = z.object({
  name: z.string(),
  hidden: z.boolean(),
  passed: z.boolean(),
  outcome: z.enum(['passed', 'failed', 'error', 'skipped', 'not run']).optional(),
  timeMs: z.number().optional(),
  output: z.string().optional(),
  marks: z.number().optional(),
  earned: z.number().optional(),
});
export type TProjectCaseResult = z.infer<typeof ZProjectCaseResult>;

export const ZProjectRunResult = z.object({
  kind: z.enum(['run', 'submit']),
  verdict: z.enum(PROJECT_VERDICTS),
  message: z.string().nullable(),
  /** The runner's output (a run of the visible tests only; a submit's log may hold hidden tests' text). */
  log: z.string().nullable(),
  wallMs: z.number(),
  passedCount: z.number(),
  totalCount: z.number(),
  cases: z.array(ZProjectCaseResult),
  /** A submit's score and the problem's marks (null when the company hides scores from candidates). */
  score: z.number().nullable().optional(),
  maxScore: z.number().nullable().optional(),
  submissionId: z.string().optional(),
  at: z.string(),
});
export type TProjectRunResult = z.infer<typeof ZProjectRunResult>;

/** The candidate's workspace: their files (starter until changed), the visible tests (read-only), the last run. */
export const ZProjectWorkspace = z.object({
  problemId: z.string(),
  title: z.string(),
  description: z.string(),
  marks: z.number(),
  stack: z.enum(PROJECT_STACKS),
  stackName: z.string(),
  packages: z.string(),
  testCommand: z.string(),
  files: z.array(ZProjectFile),
  /** Read-only for the candidate: the visible tests and the runner's configuration files. */
  readOnly: z.array(ZProjectFile),
  visibleTestNames: z.array(z.string()),
  hiddenTestCount: z.number(),
  revision: z.number(),
  lastRun: ZProjectRunResult.nullable(),
  limits: z.object({ maxFiles: z.number(), maxFileBytes: z.number(), maxTotalBytes: z.number() }),
});
export type TProjectWorkspace = z.infer<typeof ZProjectWorkspace>;

/** An autosave: files written (created or changed), paths deleted, renames, on top of `revision`. */
export const ZProjectSave = z.object({
  revision: z.number().int().min(0),
  write: z.array(ZProjectFile).max(PROJECT_LIMITS.maxFiles).default([]),
  remove: z.array(ZProjectPath).max(PROJECT_LIMITS.maxFiles).default([]),
  rename: z
    .array(z.object({ from: ZProjectPath, to: ZProjectPath }))
    .max(PROJECT_LIMITS.maxFiles)
    .default([]),
});
export type TProjectSave = z.input<typeof ZProjectSave>;

export const ZProjectSaved = z.object({ revision: z.number(), savedAt: z.string() });
