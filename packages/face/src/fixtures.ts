// Test/bench helper: the shared face fixtures and their manifest (not used by the engine itself).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * The shared face photos: FIXTURES_DIR when set, else `shared/fixtures/faces` beside the checkout, else the
 * workplace's copy at /work/shared (a clone elsewhere, e.g. CI's clean clone in a temp folder, still finds them).
 * The photos are test data only and are not committed to this repository.
 */
function resolveFixturesDir(): string {
  if (process.env.FIXTURES_DIR) return path.resolve(process.env.FIXTURES_DIR);
  const candidates = [path.resolve(repoRoot, '../shared/fixtures/faces'), '/work/shared/fixtures/faces'];
  return candidates.find((dir) => existsSync(path.join(dir, 'MANIFEST.tsv'))) ?? candidates[0]!;
}

export const FIXTURES_DIR = resolveFixturesDir();

export interface FixturePhoto {
  file: string;
  path: string;
  person: string;
  faces: number;
}

export function readManifest(dir = FIXTURES_DIR): FixturePhoto[] {
  const lines = readFileSync(path.join(dir, 'MANIFEST.tsv'), 'utf8')
    .split('\n')
    .filter((l) => l.trim());
  const header = (lines.shift() ?? '').split('\t');
  const col = (name: string) => {
    const i = header.indexOf(name);
    if (i < 0) throw new Error(`MANIFEST.tsv has no column ${name}`);
    return i;
  };
  const [fileCol, personCol, countCol] = [col('file'), col('person_id'), col('faces_count')];
  return lines.map((line) => {
    const cells = line.split('\t');
    const file = cells[fileCol] ?? '';
    return { file, path: path.join(dir, file), person: cells[personCol] ?? '', faces: Number(cells[countCol]) };
  });
}

/** Photos of one identified person (not the multi-face or no-face pictures). */
export function isIdentityPhoto(p: FixturePhoto): boolean {
  return p.faces === 1 && p.person !== 'multi' && p.person !== 'none';
}
