import { existsSync, realpathSync } from 'node:fs';
import { findExecutable } from '../isolation';
import { csharpMainClass } from '../main-class';
import type { Bind } from '../sandbox';
import { bindsFor, type Toolchain, unavailable, version } from '../toolchain-kit';
import type { LanguageDef } from './def';

const NAME = 'C# (Mono)';
const MCS = '/usr/lib/mono/4.5/mcs.exe';

/** Mono reads its config (dllmap, machine.config) from /etc/mono: that folder alone is bound, never /etc. */
const MONO_ENV = { MONO_GC_PARAMS: 'nursery-size=8m', MONO_ENV_OPTIONS: '' };

export const csharp: LanguageDef = {
  id: 'csharp',
  name: NAME,
  async detect(): Promise<Toolchain> {
    const found = findExecutable('mono');
    if (!found) return unavailable('csharp', 'mono is not installed (apt-get install mono-mcs mono-runtime)', NAME);
    const mono = realpathSync(found);
    if (!existsSync(MCS))
      return unavailable('csharp', 'the C# compiler is not installed (apt-get install mono-mcs)', NAME);
    const v = await version(mono, ['--version'], (o) => /version (\S+)/.exec(o)?.[1] ?? null);
    if (!v) return unavailable('csharp', `mono at ${mono} does not run`, NAME);
    const binds: Bind[] = [
      ...bindsFor(mono),
      ...(existsSync('/etc/mono') ? [{ src: '/etc/mono', dest: '/etc/mono' }] : []),
    ];
    return { info: { id: 'csharp', name: NAME, version: v, available: true, message: null }, bin: { mono }, binds };
  },
  plan(code, tc) {
    const mono = tc.bin.mono as string;
    const main = csharpMainClass(code);
    return {
      files: { 'main.cs': code },
      compile: {
        // the outermost class declaring Main is the entry point, whatever nested helper declares one too
        argv: [
          mono,
          MCS,
          '-optimize+',
          '-nologo',
          ...(main ? [`-main:${main}`] : []),
          '-out:/box/main.exe',
          '/box/main.cs',
        ],
        binds: tc.binds,
        env: MONO_ENV,
      },
      // the compiler's threadpool and finalizer threads
      compilePids: 128,
      run: { argv: [mono, '/box/main.exe'], binds: tc.binds, env: MONO_ENV },
      // Mono's runtime itself (JIT, corlib mapped and touched) on top of the program's heap
      runtimeOverheadMb: 32,
      pids: 128,
    };
  },
};
