import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs module shared with scripts/test.mjs, without type declarations
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
