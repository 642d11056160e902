/**
 * A project from a zip (issue 43), through the hardened reader (coding-problems/zip.ts: no traversal, no links,
 * entry, count and size limits, bombs stopped at the limit). Layout: `assessly-project.json` (title,
 * description, stack, testCommand, timeLimitMs, tests with marks) and the folders `starter/`, `visible/`,
 * `hidden/` and `solution/`; one enclosing folder (a zipped directory) is allowed. Text files only.
 */
import { PROJECT_LIMITS, type TProjectFile } from '@assessly/shared';
import { AppError } from '../../lib/errors';
import { readZip, ZipError } from '../coding-problems/zip';

const MANIFEST = 'assessly-project.json';
const ROLES = {
  starter: 'starterFiles',
  visible: 'visibleTests',
  hidden: 'hiddenTests',
  solution: 'solutionFiles',
} as const;
const text = new TextDecoder('utf-8', { fatal: true });

function bad(message: string): never {
  throw new AppError('PACKAGE_INVALID', message);
}

/** The zip as the body of a project problem (still to be checked by ZProjectProblemInput). */
export function projectFromZip(zip: Buffer): Record<string, unknown> {
  let entries: Map<string, Buffer>;
  try {
    entries = readZip(zip, {
      maxEntries: PROJECT_LIMITS.maxFiles + 1,
      maxEntryBytes: PROJECT_LIMITS.maxFileBytes,
      maxTotalBytes: PROJECT_LIMITS.maxTotalBytes,
    });
  } catch (err) {
    if (err instanceof ZipError) bad(err.message);
    throw err;
  }
  const names = [...entries.keys()].filter((n) => !n.startsWith('__MACOSX/'));
  const top = names[0]?.split('/')[0];
  const wrapped = !entries.has(MANIFEST) && top && names.every((n) => n.startsWith(`${top}/`)) ? `${top}/` : '';
  const manifestBytes = entries.get(`${wrapped}${MANIFEST}`);
  if (!manifestBytes) bad(`The zip has no ${MANIFEST} (title, description, stack, testCommand and tests with marks)`);
  let manifest: Record<string, unknown>;
  try {
    manifest = JSON.parse(text.decode(manifestBytes));
  } catch {
    bad(`${MANIFEST} is not valid JSON`);
  }
  if (!manifest || typeof manifest !== 'object' || Array.isArray(manifest)) bad(`${MANIFEST} must be a JSON object`);
  const lists: Record<string, TProjectFile[]> = {
    starterFiles: [],
    visibleTests: [],
    hiddenTests: [],
    solutionFiles: [],
  };
  for (const name of names) {
    const rel = name.slice(wrapped.length);
    if (rel === MANIFEST) continue;
    const [folder, ...rest] = rel.split('/');
    const list = ROLES[folder as keyof typeof ROLES];
    if (!list || rest.length === 0)
      bad(`${rel} is outside starter/, visible/, hidden/ and solution/ (every file belongs to one of them)`);
    let content: string;
    try {
      content = text.decode(entries.get(name) as Buffer);
    } catch {
      bad(`${rel} is a binary file: a project holds text files only`);
    }
    if (content.includes('\0')) bad(`${rel} is a binary file: a project holds text files only`);
    lists[list]?.push({ path: rest.join('/'), content });
  }
  return {
    title: manifest.title,
    description: manifest.description,
    project: {
      stack: manifest.stack,
      testCommand: manifest.testCommand,
      timeLimitMs: manifest.timeLimitMs,
      tests: manifest.tests,
      ...lists,
    },
  };
}
