import { realpathSync } from 'node:fs';
import { findExecutable } from '../isolation';
import { type Toolchain, unavailable, version } from '../toolchain-kit';
import type { LanguageDef } from './def';

const NAME = 'C17 (gcc)';
export const C_FLAGS = ['-std=c17', '-O2', '-DONLINE_JUDGE', '-pipe'];

export const c: LanguageDef = {
  id: 'c',
  name: NAME,
  async detect(): Promise<Toolchain> {
    const gcc = findExecutable('gcc');
    if (!gcc) return unavailable('c', 'gcc is not installed (apt-get install gcc)', NAME);
    const real = realpathSync(gcc);
    if (!real.startsWith('/usr/')) return unavailable('c', `gcc must be installed under /usr (found ${real})`, NAME);
    const v = await version(real, ['-dumpfullversion'], (o) => o.trim().split('\n')[0] || null);
    if (!v) return unavailable('c', `gcc at ${real} does not run`, NAME);
    return { info: { id: 'c', name: NAME, version: v, available: true, message: null }, bin: { gcc: real }, binds: [] };
  },
  plan(code, tc) {
    return {
      files: { 'main.c': code },
      compile: {
        argv: [tc.bin.gcc as string, ...C_FLAGS, '-fmax-errors=20', '-o', '/box/main', '/box/main.c', '-lm'],
      },
      run: { argv: ['/box/main'] },
      runtimeOverheadMb: 0,
    };
  },
};
