/**
 * Problem package benchmark (issue 13): how long reading a large Kattis package takes (200 secret cases of
 * ~100 KB each, 20 MB unpacked), and how quickly hostile archives are refused (a 40 MB zip bomb with a
 * truthful header, and one whose header lies). Prints the median of several runs.
 *
 *   npx tsx apps/server/bench/package-bench.ts
 */
import { performance } from 'node:perf_hooks';
import { PACKAGE_LIMITS } from '../src/modules/coding-problems/coding-problems.package';
import { fromKattis } from '../src/modules/coding-problems/kattis';
import { readZip, writeZip } from '../src/modules/coding-problems/zip';

const RUNS = 7;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function time(label: string, fn: () => void) {
  const runs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    fn();
    runs.push(performance.now() - t0);
  }
  console.log(`${label}: median ${median(runs).toFixed(1)} ms, slowest ${Math.max(...runs).toFixed(1)} ms`);
}

const line = `${'1234567 '.repeat(12)}\n`;
const caseText = line.repeat(Math.ceil(100_000 / line.length));
const files = [
  { name: 'p/problem.yaml', data: Buffer.from('name: Big\nlimits:\n  time_limit: 2\n') },
  { name: 'p/problem_statement/problem.md', data: Buffer.from('Sum the numbers.') },
  { name: 'p/data/sample/1.in', data: Buffer.from('1 2\n') },
  { name: 'p/data/sample/1.ans', data: Buffer.from('3\n') },
];
for (let i = 0; i < 200; i++) {
  files.push({ name: `p/data/secret/${i}.in`, data: Buffer.from(caseText) });
  files.push({ name: `p/data/secret/${i}.ans`, data: Buffer.from(`${i}\n`) });
}
const big = writeZip(files);
console.log(`package: ${files.length} files, ${(big.length / 1024).toFixed(0)} kB zipped`);
time('read + parse a 200-case package', () => {
  const p = fromKattis(readZip(big, PACKAGE_LIMITS));
  if (p.testCases.length !== 200) throw new Error('wrong case count');
});

const bomb = writeZip([{ name: 'data/secret/1.in', data: Buffer.alloc(40 * 1024 * 1024) }]);
console.log(`zip bomb: ${(bomb.length / 1024).toFixed(0)} kB zipped, 40960 kB claimed`);
time('refuse a zip bomb (truthful header)', () => {
  try {
    readZip(bomb, PACKAGE_LIMITS);
    throw new Error('accepted');
  } catch (e) {
    if ((e as Error).message === 'accepted') throw e;
  }
});
const liar = Buffer.from(bomb);
const cd = liar.readUInt32LE(liar.length - 6);
liar.writeUInt32LE(100, cd + 24);
time('refuse a zip bomb (header claims 100 bytes)', () => {
  try {
    readZip(liar, PACKAGE_LIMITS);
    throw new Error('accepted');
  } catch (e) {
    if ((e as Error).message === 'accepted') throw e;
  }
});
