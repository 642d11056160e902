// Test/bench helper (issue 27): a labelled pair set under FIXTURES_DIR and the TAR/FAR tally, overall and per group.
//
// Layout (FIXTURES_DIR/pairs/, optional):
//   pairs.tsv   header `a	b	same	group`, one pair a line:
//               a, b   image paths relative to pairs/ (JPEG or PNG, one face each)
//               same   1 = the same person, 0 = different people
//               group  any label (e.g. a demographic group such as RFW's African/Asian/Caucasian/Indian);
//                      the tally is printed per group and overall
//   images      anywhere under pairs/, as named by the a/b columns
// Lines starting with # and blank lines are skipped.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { FIXTURES_DIR, type FixturePhoto, isIdentityPhoto } from './fixtures';

export interface LabelledPair {
  a: string;
  b: string;
  same: boolean;
  group: string;
}

export const PAIRS_DIR = path.join(FIXTURES_DIR, 'pairs');

/** Parses pairs.tsv text; throws with the line number on a malformed line (a silently skipped pair skews FAR). */
export function parsePairs(text: string, dir: string): LabelledPair[] {
  const lines = text.split('\n').map((l) => l.replace(/\r$/, ''));
  const header = (lines.shift() ?? '').split('\t');
  const col = (name: string) => {
    const i = header.indexOf(name);
    if (i < 0) throw new Error(`pairs.tsv: no column ${name} (header: a, b, same, group)`);
    return i;
  };
  const [ca, cb, cs, cg] = [col('a'), col('b'), col('same'), col('group')];
  const out: LabelledPair[] = [];
  lines.forEach((line, i) => {
    if (!line.trim() || line.startsWith('#')) return;
    const cells = line.split('\t');
    const same = cells[cs]?.trim();
    const a = cells[ca]?.trim();
    const b = cells[cb]?.trim();
    if (!a || !b || (same !== '0' && same !== '1'))
      throw new Error(`pairs.tsv line ${i + 2}: expected a, b and same = 0 or 1`);
    out.push({ a: path.join(dir, a), b: path.join(dir, b), same: same === '1', group: cells[cg]?.trim() || 'all' });
  });
  return out;
}

/** The pair set under FIXTURES_DIR/pairs, or null when there is none. */
export function readPairs(dir = PAIRS_DIR): LabelledPair[] | null {
  const file = path.join(dir, 'pairs.tsv');
  if (!existsSync(file)) return null;
  return parsePairs(readFileSync(file, 'utf8'), dir);
}

/** Every pair of the manifest's one-person photos (group "fixtures"). */
export function manifestPairs(photos: FixturePhoto[]): LabelledPair[] {
  const ids = photos.filter(isIdentityPhoto);
  const out: LabelledPair[] = [];
  for (let i = 0; i < ids.length; i++)
    for (let j = i + 1; j < ids.length; j++) {
      const [p, q] = [ids[i]!, ids[j]!];
      out.push({ a: p.path, b: q.path, same: p.person === q.person, group: 'fixtures' });
    }
  return out;
}

export interface Tally {
  group: string;
  same: number;
  sameAccepted: number;
  diff: number;
  diffAccepted: number;
  /** Pairs where a photo gave no usable descriptor (counted as rejected: a same pair fails, a different pair passes). */
  noDescriptor: number;
  tar: number;
  far: number;
}

/**
 * TAR/FAR at `threshold` per group and overall ("all"). distance(pair) is null when either photo gave no
 * descriptor: that pair is not accepted, which is what the product would do (no enrolment, no match).
 */
export function tally(
  pairs: LabelledPair[],
  distance: (p: LabelledPair) => number | null,
  threshold: number,
): { groups: Tally[]; misses: string[] } {
  const by = new Map<string, Tally>();
  const get = (g: string) => {
    let t = by.get(g);
    if (!t) {
      t = { group: g, same: 0, sameAccepted: 0, diff: 0, diffAccepted: 0, noDescriptor: 0, tar: 0, far: 0 };
      by.set(g, t);
    }
    return t;
  };
  const misses: string[] = [];
  for (const p of pairs) {
    const d = distance(p);
    const accepted = d !== null && d < threshold;
    for (const t of [get(p.group), get('all')]) {
      if (d === null) t.noDescriptor++;
      if (p.same) {
        t.same++;
        if (accepted) t.sameAccepted++;
      } else {
        t.diff++;
        if (accepted) t.diffAccepted++;
      }
    }
    if (p.same !== accepted)
      misses.push(
        `${path.basename(p.a)}~${path.basename(p.b)} ${p.same ? 'rejected' : 'accepted'} (${d?.toFixed(3) ?? 'no descriptor'})`,
      );
  }
  const groups = [...by.values()].map((t) => ({
    ...t,
    tar: t.same ? t.sameAccepted / t.same : Number.NaN,
    far: t.diff ? t.diffAccepted / t.diff : Number.NaN,
  }));
  groups.sort((x, y) => (x.group === 'all' ? 1 : y.group === 'all' ? -1 : x.group.localeCompare(y.group)));
  return { groups, misses };
}

/** The table the accuracy command prints (Markdown, so it can be pasted into the README). */
export function formatTally(title: string, groups: Tally[], threshold: number): string {
  const f = (n: number) => (Number.isNaN(n) ? '—' : n.toFixed(3));
  const rows = groups.map(
    (t) =>
      `| ${title} | ${t.group} | ${f(t.tar)} (${t.sameAccepted}/${t.same}) | ${f(t.far)} (${t.diffAccepted}/${t.diff}) | ${t.noDescriptor} |`,
  );
  return [
    `| set | group | TAR at ${threshold} | FAR at ${threshold} | pairs without a descriptor |`,
    '| --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}
