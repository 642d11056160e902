// The labelled pair set layout and the TAR/FAR tally of the accuracy command (no models: descriptors are stubbed
// as distances).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatTally, manifestPairs, parsePairs, readPairs, tally } from '../test/pairs';

const TSV = [
  'a\tb\tsame\tgroup',
  '# comment',
  'x/1.jpg\tx/2.jpg\t1\tasian',
  'x/1.jpg\ty/1.jpg\t0\tasian',
  '',
  'z/1.jpg\tz/2.jpg\t1\tafrican',
  'z/1.jpg\tw/1.jpg\t0\tafrican',
].join('\n');

describe('pairs.tsv', () => {
  it('reads a, b, same and group, with paths under the pair folder', () => {
    const pairs = parsePairs(TSV, '/p');
    expect(pairs).toHaveLength(4);
    expect(pairs[0]).toEqual({ a: '/p/x/1.jpg', b: '/p/x/2.jpg', same: true, group: 'asian' });
    expect(pairs[3]).toMatchObject({ same: false, group: 'african' });
  });

  it('refuses a malformed line instead of skipping it', () => {
    expect(() => parsePairs('a\tb\tsame\tgroup\nx.jpg\ty.jpg\tyes\tg', '/p')).toThrow(/line 2/);
    expect(() => parsePairs('left\tright\n', '/p')).toThrow(/no column a/);
  });

  it('is optional: no pairs.tsv, no external set', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pairs-'));
    expect(readPairs(dir)).toBeNull();
    writeFileSync(path.join(dir, 'pairs.tsv'), TSV);
    expect(readPairs(dir)).toHaveLength(4);
  });
});

describe('tally', () => {
  it('counts TAR and FAR per group and overall; a pair without a descriptor is not accepted', () => {
    const pairs = parsePairs(TSV, '/p');
    const distances = [0.4, 0.55, null, 0.9];
    const { groups, misses } = tally(pairs, (p) => distances[pairs.indexOf(p)] ?? null, 0.6);
    const by = Object.fromEntries(groups.map((g) => [g.group, g]));
    expect(by.asian).toMatchObject({ same: 1, sameAccepted: 1, diff: 1, diffAccepted: 1, tar: 1, far: 1 });
    expect(by.african).toMatchObject({ same: 1, sameAccepted: 0, diff: 1, diffAccepted: 0, noDescriptor: 1 });
    expect(by.all).toMatchObject({ same: 2, sameAccepted: 1, diff: 2, diffAccepted: 1, tar: 0.5, far: 0.5 });
    expect(groups.at(-1)?.group).toBe('all');
    expect(misses).toHaveLength(2);
    expect(formatTally('set', groups, 0.6)).toContain('| set | all | 0.500 (1/2) | 0.500 (1/2) | 1 |');
  });

  it('pairs every one-person fixture photo with every other', () => {
    const photo = (file: string, person: string) => ({ file, path: `/f/${file}`, person, faces: 1 });
    const pairs = manifestPairs([
      photo('a1', 'a'),
      photo('a2', 'a'),
      photo('b1', 'b'),
      { ...photo('m', 'multi'), faces: 2 },
    ]);
    expect(pairs.map((p) => p.same)).toEqual([true, false, false]);
  });
});
