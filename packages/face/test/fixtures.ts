// Test/bench helper: the shared face photos and their manifest (not used by the engine, not exported by the package).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * The shared face photos: FIXTURES_DIR when set, else `shared/fixtures/faces` beside the checkout (where every
 * engineer and CI run has them). The photos are test data only and are not committed to this repository.
 */
export const FIXTURES_DIR = process.env.FIXTURES_DIR
  ? path.resolve(process.env.FIXTURES_DIR)
  : path.resolve(repoRoot, '../shared/fixtures/faces');

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
