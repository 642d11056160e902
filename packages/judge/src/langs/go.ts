import { realpathSync } from 'node:fs';
import { findExecutable } from '../isolation';
import { bindsFor, type Toolchain, unavailable, version } from '../toolchain-kit';
import type { LanguageDef } from './def';

const NAME = 'Go';

/**
 * No module, no network, no cache that outlives the submission: the build cache lives in the sandbox's /tmp,
 * and the standard library comes precompiled from GOROOT/pkg (read-only, Debian's go ships it), so only the
 * candidate's package is compiled.
 */
const GO_ENV = {
  GOCACHE: '/tmp/go-cache',
  GOPATH: '/tmp/go',
  GOTMPDIR: '/tmp',
  GO111MODULE: 'off',
  GOPROXY: 'off',
  // no -trimpath: it changes build IDs, so the precompiled standard library would be rebuilt (78 s vs 2 s)
  GOFLAGS: '',
  GOTELEMETRY: 'off',
  GOMAXPROCS: '2',
};

export const go: LanguageDef = {
  id: 'go',
  name: NAME,
  async detect(): Promise<Toolchain> {
    const found = findExecutable('go');
    if (!found) return unavailable('go', 'go is not installed (apt-get install golang-go)', NAME);
    const real = realpathSync(found);
    const v = await version(real, ['version'], (o) => /go version go(\S+)/.exec(o)?.[1] ?? null);
    if (!v) return unavailable('go', `go at ${real} does not run`, NAME);
    // GOROOT is the folder above bin/: bound as itself when it lives outside /usr
    return {
      info: { id: 'go', name: NAME, version: v, available: true, message: null },
      bin: { go: real },
      binds: bindsFor(real),
    };
  },
  plan(code, tc) {
    return {
      files: { 'main.go': code },
      compile: { argv: [tc.bin.go as string, 'build', '-o', '/box/main', 'main.go'], binds: tc.binds, env: GO_ENV },
      // go build runs the compiler and linker with threads of their own
      compilePids: 256,
      run: { argv: ['/box/main'], env: { GOMAXPROCS: '1' } },
      runtimeOverheadMb: 0,
      // the Go runtime starts a handful of threads (GC workers, sysmon) of its own
      pids: 128,
    };
  },
};
