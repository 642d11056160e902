import { existsSync, realpathSync } from 'node:fs';
import { findExecutable } from '../isolation';
import type { Bind } from '../sandbox';
import { bindsFor, type Toolchain, unavailable, version } from '../toolchain-kit';
import type { LanguageDef } from './def';

const NAME = 'PHP';

export const php: LanguageDef = {
  id: 'php',
  name: NAME,
  async detect(): Promise<Toolchain> {
    const found = findExecutable('php');
    if (!found) return unavailable('php', 'php is not installed (apt-get install php-cli)', NAME);
    const real = realpathSync(found);
    const v = await version(real, ['-r', 'echo PHP_VERSION;'], (o) => o.trim().split('\n').pop() || null);
    if (!v) return unavailable('php', `php at ${real} does not run`, NAME);
    // Debian's php-cli loads its extensions (ctype, tokenizer, …) from ini files under /etc/php/<version>: that
    // folder alone is bound, never /etc
    const [major, minor] = v.split('.');
    const etc = `/etc/php/${major}.${minor}`;
    const binds: Bind[] = [...bindsFor(real), ...(existsSync(etc) ? [{ src: etc, dest: etc }] : [])];
    return { info: { id: 'php', name: NAME, version: v, available: true, message: null }, bin: { php: real }, binds };
  },
  plan(code, tc) {
    const php = tc.bin.php as string;
    // the memory cgroup is the limit (like every language); errors go to stderr, never into the answer
    const ini = ['-d', 'memory_limit=-1', '-d', 'display_errors=stderr', '-d', 'log_errors=0'];
    return {
      files: { 'main.php': code },
      compile: { argv: [php, ...ini, '-l', '/box/main.php'], binds: tc.binds },
      run: { argv: [php, ...ini, '/box/main.php'], binds: tc.binds },
      runtimeOverheadMb: 0,
    };
  },
};
