import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readHead } from './steps';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'read-head-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('readHead (a case output, read by its size, not by the limit)', () => {
  it('returns the whole file when it is shorter than the limit, and no more', async () => {
    const file = path.join(dir, 'short');
    await writeFile(file, 'hello\n');
    const got = await readHead(file, 16 << 20);
    expect(got.toString('utf8')).toBe('hello\n');
    expect(got.length).toBe(6);
    // the memory behind it is the file's size, not the 16 MiB limit (what made every case cost ~10 ms of CPU)
    expect(got.buffer.byteLength).toBeLessThan(1 << 16);
  });

  it('cuts at the limit, byte-exact, when the file is longer', async () => {
    const file = path.join(dir, 'long');
    const data = Buffer.from(Array.from({ length: 300_000 }, (_, i) => i % 251));
    await writeFile(file, data);
    expect((await readHead(file, 100_000)).equals(data.subarray(0, 100_000))).toBe(true);
    expect((await readHead(file, 300_000)).equals(data)).toBe(true);
    expect((await readHead(file, 1 << 20)).equals(data)).toBe(true);
  });

  it('gives an empty buffer for an empty or a missing file', async () => {
    const file = path.join(dir, 'empty');
    await writeFile(file, '');
    expect((await readHead(file, 1024)).length).toBe(0);
    expect((await readHead(path.join(dir, 'absent'), 1024)).length).toBe(0);
  });
});
