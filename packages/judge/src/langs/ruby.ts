import { realpathSync } from 'node:fs';
import { findExecutable } from '../isolation';
import { bindsFor, type Toolchain, unavailable, version } from '../toolchain-kit';
import type { LanguageDef } from './def';

const NAME = 'Ruby';

export const ruby: LanguageDef = {
  id: 'ruby',
  name: NAME,
  async detect(): Promise<Toolchain> {
    const found = findExecutable('ruby');
    if (!found) return unavailable('ruby', 'ruby is not installed (apt-get install ruby)', NAME);
    const real = realpathSync(found);
    const v = await version(real, ['-e', 'print RUBY_VERSION'], (o) => o.trim() || null);
    if (!v) return unavailable('ruby', `ruby at ${real} does not run`, NAME);
    return {
      info: { id: 'ruby', name: NAME, version: v, available: true, message: null },
      bin: { ruby: real },
      binds: bindsFor(real),
    };
  },
  plan(code, tc) {
    const ruby = tc.bin.ruby as string;
    // --disable-gems: RubyGems would scan gem dirs at every start (~40 ms); the standard library stays
    const flags = ['--disable-gems', '-W0'];
    return {
      files: { 'main.rb': code },
      compile: { argv: [ruby, ...flags, '-c', '/box/main.rb'], binds: tc.binds },
      run: { argv: [ruby, ...flags, '/box/main.rb'], binds: tc.binds },
      runtimeOverheadMb: 0,
    };
  },
};
