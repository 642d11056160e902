import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: plain .mjs modules shared with scripts/test.mjs, without type declarations
import { describeMachineCosts, machineCosts } from '../../../scripts/machine-costs.mjs';
// @ts-expect-error: as above
import { ONE_DATABASE_ENOUGH } from '../../../scripts/test-lists.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const NO_DATABASE = /useTestApp|openTestDatabase|createSignedInUser|buildCodingTest/;

describe('the files the PostgreSQL phase leaves out (scripts/test-lists.mjs)', () => {
  const files = ONE_DATABASE_ENOUGH as string[];

  it('names only server test files that exist, once each', () => {
    expect(files.length).toBeGreaterThan(0);
    expect(new Set(files).size).toBe(files.length);
    for (const f of files) {
      expect(f, f).toMatch(/^apps\/server\/src\/.+\.test\.ts$/);
      expect(existsSync(path.join(ROOT, f)), f).toBe(true);
    }
  });

  it('leaves out no file about the database layer, accounts, drafts, the queue, throttles or limits', () => {
    for (const f of files) expect(f, f).not.toMatch(/\/(db|users|drafts)\/|queue|claim|recovery|throttle|limits/);
  });

  it('marks as "no database" only files that open none', () => {
    const source = readFileSync(path.join(ROOT, 'scripts/test-lists.mjs'), 'utf8');
    const noDb = source.slice(source.indexOf('// no database')).match(/'apps\/[^']+'/g) ?? [];
    expect(noDb.length).toBeGreaterThan(0);
    for (const quoted of noDb) {
      const f = quoted.slice(1, -1);
      expect(readFileSync(path.join(ROOT, f), 'utf8'), f).not.toMatch(NO_DATABASE);
    }
  });
});

describe('no test is retried', () => {
  /** Every test file and test config of the repository (not node_modules or build output). */
  function testSources(dir: string, out: string[] = []): string[] {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) testSources(full, out);
      else if (/\.(test|e2e)\.tsx?$|^vitest\..*\.ts$/.test(entry.name)) out.push(full);
    }
    return out;
  }

  it('no test file or config sets a retry count above 0 (a flaky test is fixed, not retried)', () => {
    const files = testSources(ROOT);
    expect(files.some((f) => f.endsWith('priority.test.ts'))).toBe(true);
    expect(files.some((f) => f.endsWith('vitest.e2e.config.ts'))).toBe(true);
    // a count of one or two digits (a server-sent event's `retry: 3000` in a comment is a delay, not a count)
    const retried = files.filter((f) => /\bretry\s*:\s*[1-9]\d?\b|\.retry\(\s*[1-9]/.test(readFileSync(f, 'utf8')));
    expect(retried.map((f) => path.relative(ROOT, f))).toEqual([]);
  });

  it('npm test and CI pass vitest no --retry', () => {
    const runners = ['scripts/test.mjs', 'package.json', '.ci/run'].map((f) => path.join(ROOT, f));
    for (const f of runners) expect(readFileSync(f, 'utf8'), f).not.toMatch(/--retry\b/);
  });
});

describe("the machine's costs npm test prints (scripts/machine-costs.mjs)", () => {
  it('measures each cost as a positive figure and names all four', () => {
    const costs = machineCosts();
    for (const key of ['computeMs', 'syscallUs', 'pageFaultUs', 'processStartMs']) {
      expect(Number.isFinite(costs[key]), key).toBe(true);
      expect(costs[key], key).toBeGreaterThan(0);
    }
    expect(describeMachineCosts(costs)).toMatch(
      /^Machine: \d+ ms for 50 M loop steps, [\d.]+ µs a system call \(fstat\), [\d.]+ µs a page fault, [\d.]+ ms a process start/,
    );
  });
});
