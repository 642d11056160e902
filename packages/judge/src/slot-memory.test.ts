import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildHelper, detectIsolation } from './isolation';
import { Sandbox } from './sandbox';

// A reused run cgroup (slot) must not hand one run's page cache to the next: the peak is shown to
// candidates and employers and feeds the "at 90 % of the limit" Memory Limit rule.
describe('memory accounting of a reused slot', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'judge-slotmem-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a run after one that read ~150 MB of files reports its own small peak', async () => {
    const iso = detectIsolation();
    expect(iso.cgroup).not.toBeNull();
    chmodSync(dir, 0o755);
    const cache = path.join(dir, 'cache');
    mkdirSync(cache, { mode: 0o755 });
    const sb = new Sandbox(iso, await buildHelper(cache));
    const box = path.join(dir, 'box');
    mkdirSync(box, { mode: 0o755 });
    // written past the page cache (O_DIRECT), so the sandboxed read below charges it to the slot
    execFileSync('dd', ['if=/dev/zero', `of=${path.join(box, 'big')}`, 'bs=1M', 'count=150', 'oflag=direct'], {
      stdio: 'ignore',
    });
    chmodSync(path.join(box, 'big'), 0o644);
    const spec = {
      argv: ['/usr/bin/true'],
      boxDir: box,
      boxWritable: false,
      stdoutPath: path.join(dir, 'out'),
      stderrPath: path.join(dir, 'err'),
      cpuMs: 10000,
      wallMs: 20000,
      memBytes: 512 << 20,
      pids: 8,
      nofile: 64,
      fileSizeBytes: 1 << 20,
      stdoutLimit: 1 << 20,
      stderrLimit: 1 << 20,
      stackBytes: 8 << 20,
      tmpBytes: 1 << 20,
    };
    const before = await sb.run(spec);
    expect(before.code).toBe(0);
    const reader = await sb.run({ ...spec, argv: ['/usr/bin/dd', 'if=/box/big', 'of=/dev/null', 'bs=1M'] });
    expect([reader.code, reader.setup]).toEqual([0, '']);
    expect(reader.peakBytes).toBeGreaterThan(100 << 20); // the read was charged to this slot
    for (let i = 0; i < 2; i++) {
      const hello = await sb.run(spec);
      expect(hello.code).toBe(0);
      expect(hello.peakBytes).toBeLessThan(before.peakBytes + (20 << 20));
    }
  }, 60_000);
});
