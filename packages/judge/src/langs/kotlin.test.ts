import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { kotlin } from './kotlin';

// How the Kotlin compile is planned (issue 24's fast path): the compiler's JVM on its plain class path, with the
// class-data archive bound read-only when there is one, and the preloader only when a jar is missing. Needs the
// Debian kotlin package (scripts/deps.mjs); no sandbox.

describe('the Kotlin compile', async () => {
  const tc = await kotlin.detect();

  it('finds the compiler jars for the plain class path', () => {
    expect(tc.info.available, tc.info.message ?? '').toBe(true);
    const jars = (tc.bin.classPath ?? '').split(':');
    expect(jars.some((j) => j.endsWith('/kotlin-compiler.jar'))).toBe(true);
    expect(jars.some((j) => /trove/.test(j))).toBe(true);
    for (const jar of jars) expect(existsSync(jar), jar).toBe(true);
  });

  it('uses the archive, bound read-only, on the direct class path', () => {
    const plan = kotlin.plan('fun main() {}', tc, 256, '/var/cache/assessly-judge/kotlinc-x.jsa');
    const argv = plan.compile?.argv ?? [];
    expect(argv).toContain('-XX:SharedArchiveFile=/judge-cds/kotlinc.jsa');
    expect(argv).toContain('-Xshare:auto');
    expect(argv).toContain('org.jetbrains.kotlin.cli.jvm.K2JVMCompiler');
    expect(argv).not.toContain('org.jetbrains.kotlin.preloading.Preloader');
    expect(argv[argv.indexOf('-cp') + 1]).toBe(tc.bin.classPath);
    // a plain bind is read-only in the sandbox; the archive is the only cache file it sees
    expect(plan.compile?.binds).toContainEqual({
      src: '/var/cache/assessly-judge/kotlinc-x.jsa',
      dest: '/judge-cds/kotlinc.jsa',
    });
    // the candidate's program never gets the archive
    expect(plan.run.binds ?? []).not.toContainEqual(expect.objectContaining({ dest: '/judge-cds/kotlinc.jsa' }));
  });

  it('compiles without an archive, and through the preloader when a jar of the class path is missing', () => {
    const plain = kotlin.plan('fun main() {}', tc, 256, null).compile?.argv ?? [];
    expect(plain.some((a) => a.startsWith('-XX:SharedArchiveFile'))).toBe(false);
    const { classPath: _gone, ...bin } = tc.bin;
    const preloaded = kotlin.plan('fun main() {}', { ...tc, bin }, 256, null).compile?.argv ?? [];
    expect(preloaded).toContain('org.jetbrains.kotlin.preloading.Preloader');
  });
});
