import { existsSync, readdirSync, realpathSync } from 'node:fs';
import path from 'node:path';
import type { Bind } from '../sandbox';
import { firstExisting, type Toolchain, unavailable, version } from '../toolchain-kit';
import type { LanguageDef } from './def';

const NAME = 'Rust';

/**
 * rustup's stable toolchain when the machine has one (newer than Debian's rustc), else /usr/bin/rustc. The
 * toolchain folder alone is bound, read-only, never ~/.cargo or ~/.rustup as a whole (credentials live there);
 * `viaMount` because its parents (/root) are closed to the sandbox's user: the supervisor mounts it as root.
 */
function findRustc(): { rustc: string; binds: Bind[] } | null {
  const homes = [process.env.RUSTUP_HOME, '/root/.rustup', path.join(process.env.HOME ?? '/root', '.rustup')];
  for (const home of homes) {
    if (!home) continue;
    const dir = path.join(home, 'toolchains');
    if (!existsSync(dir)) continue;
    const stable = readdirSync(dir).find((d) => /^stable-x86_64-unknown-linux-gnu$/.test(d));
    if (!stable) continue;
    const root = realpathSync(path.join(dir, stable));
    const rustc = path.join(root, 'bin/rustc');
    if (existsSync(rustc)) return { rustc, binds: [{ src: root, dest: root, viaMount: true }] };
  }
  const sys = firstExisting(['/usr/bin/rustc']);
  return sys ? { rustc: realpathSync(sys), binds: [] } : null;
}

export const rust: LanguageDef = {
  id: 'rust',
  name: NAME,
  async detect(): Promise<Toolchain> {
    const found = findRustc();
    if (!found) return unavailable('rust', 'rustc is not installed (apt-get install rustc)', NAME);
    const v = await version(found.rustc, ['--version'], (o) => /rustc (\S+)/.exec(o)?.[1] ?? null);
    if (!v) return unavailable('rust', `rustc at ${found.rustc} does not run`, NAME);
    return {
      info: { id: 'rust', name: NAME, version: v, available: true, message: null },
      bin: { rustc: found.rustc },
      binds: found.binds,
    };
  },
  plan(code, tc) {
    return {
      files: { 'main.rs': code },
      compile: {
        // the prebuilt std of the toolchain is linked, never rebuilt; -C opt-level=2 keeps the compile short
        argv: [
          tc.bin.rustc as string,
          '--edition=2021',
          '-C',
          'opt-level=2',
          '-C',
          'debuginfo=0',
          '-C',
          'codegen-units=4',
          '--cfg',
          'online_judge',
          '-o',
          '/box/main',
          'main.rs',
        ],
        binds: tc.binds,
        env: { RUSTC_BOOTSTRAP: '', CARGO_HOME: '/tmp/cargo' },
      },
      compilePids: 128,
      run: { argv: ['/box/main'] },
      runtimeOverheadMb: 0,
    };
  },
};
