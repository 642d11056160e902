import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestJudge, sandboxProcesses, type TestJudge } from '../test/test-support';
import type { JudgeResult, Language, Verdict } from './types';

/**
 * Hostile programs. Each one states its expected verdict, and after every run we check that the host was
 * untouched: no process of the sandbox uid survives, the work root is empty, the test process is alive, and
 * (where relevant) the secrets below never appear in the program's output.
 */
const SECRET_ENV = 'ASSESSLY_JUDGE_TEST_SECRET';
const SECRET_VALUE = `env-secret-${process.pid}-${Date.now()}`;
const FILE_SECRET = `file-secret-${process.pid}-${Date.now()}`;
let secretDir: string;
let secretFile: string;
let t: TestJudge;

beforeAll(() => {
  process.env[SECRET_ENV] = SECRET_VALUE;
  // world-readable on purpose: only the sandbox, not file permissions, may keep it away from candidate code
  secretDir = mkdtempSync(path.join(os.tmpdir(), 'judge-secret-'));
  secretFile = path.join(secretDir, 'server-data.txt');
  writeFileSync(secretFile, FILE_SECRET, { mode: 0o644 });
  t = createTestJudge(2);
});

afterAll(async () => {
  delete process.env[SECRET_ENV];
  await t.dispose();
  rmSync(secretDir, { recursive: true, force: true });
});

afterEach(() => {
  expect(sandboxProcesses()).toEqual([]);
  expect(t.leftovers()).toEqual([]);
  expect(readFileSync(secretFile, 'utf8')).toBe(FILE_SECRET);
});

async function run(
  language: Language,
  code: string,
  input = '',
  timeLimitMs = 1000,
  memoryLimitMb = 128,
): Promise<JudgeResult> {
  return t.judge.judge({ language, code, cases: [{ input, expectedOutput: null }], timeLimitMs, memoryLimitMb });
}

function expectVerdict(r: JudgeResult, verdict: Verdict): void {
  expect(
    r.cases[0]?.verdict ?? r.verdict,
    JSON.stringify({ ...r, cases: r.cases.map((c) => ({ ...c, output: c.output.slice(0, 300) })) }),
  ).toBe(verdict);
}

function expectNoSecrets(r: JudgeResult): void {
  const text = JSON.stringify(r);
  expect(text).not.toContain(SECRET_VALUE);
  expect(text).not.toContain(FILE_SECRET);
  expect(text).not.toMatch(/root:[^:]*:\d+:/); // a line of /etc/shadow
}

describe('resource exhaustion', () => {
  it('fork bomb (C++) is contained by the pids limit and ends in TLE', async () => {
    const r = await run('cpp', '#include <unistd.h>\nint main(){ for(;;) fork(); }', '', 500);
    expectVerdict(r, 'Time Limit Exceeded');
  });

  it('fork bomb (Python) ends in TLE', async () => {
    const r = await run('python', 'import os\nwhile True:\n  try: os.fork()\n  except OSError: pass\n', '', 500);
    expectVerdict(r, 'Time Limit Exceeded');
  });

  it('memory bomb is killed at the memory limit (C++, Python, JavaScript, Java)', async () => {
    const cpp = await run(
      'cpp',
      "#include <bits/stdc++.h>\nint main(){ std::vector<std::string> v; for(;;) v.emplace_back(1<<24, 'x'); }",
      '',
      2000,
      64,
    );
    expectVerdict(cpp, 'Memory Limit Exceeded');
    const py = await run('python', 'a = []\nwhile True: a.append(bytearray(b"x" * (1 << 24)))\n', '', 2000, 64);
    expectVerdict(py, 'Memory Limit Exceeded');
    const js = await run('javascript', 'const a=[]; for(;;) a.push(Buffer.alloc(1<<24, 1));', '', 2000, 64);
    expectVerdict(js, 'Memory Limit Exceeded');
    const java = await run(
      'java',
      'public class Main { public static void main(String[] a) { var l = new java.util.ArrayList<byte[]>(); for(;;) l.add(new byte[1<<24]); } }',
      '',
      2000,
      64,
    );
    expectVerdict(java, 'Memory Limit Exceeded');
  });

  it('stack overflow: deep recursion is stopped (C++ by the memory limit, others by their runtime)', async () => {
    // RLIMIT_STACK equals the memory limit (deep recursion allowed), so the memory cgroup stops it first
    const cpp = await run(
      'cpp',
      'int f(int x){ volatile char pad[4096]; pad[0]=x; return f(x+1)+pad[0]; }\nint main(){ return f(0); }',
      '',
      2000,
      64,
    );
    expectVerdict(cpp, 'Memory Limit Exceeded');
    expectVerdict(await run('python', 'def f(x): return f(x+1)+1\nf(0)\n'), 'Runtime Error');
    expectVerdict(await run('javascript', 'function f(x){ return f(x+1)+1 } f(0)'), 'Runtime Error');
    expectVerdict(
      await run(
        'java',
        'public class Main { static int f(int x){ return f(x+1)+1; } public static void main(String[] a){ f(0); } }',
      ),
      'Runtime Error',
    );
  });

  it('infinite loop is stopped at the CPU limit', async () => {
    const r = await run('javascript', 'for(;;){}', '', 500);
    expectVerdict(r, 'Time Limit Exceeded');
    expect((r.cases[0]?.timeMs ?? 0) >= 500 || r.cases[0]?.message?.includes('wall')).toBe(true);
    // wall limit 2 s, extended by at most 10 × that for time the loop spent waiting for a CPU on a busy host
    expect(r.cases[0]?.wallMs).toBeLessThan(22_500);
  });

  it('sleeping forever is stopped at the wall-clock limit', async () => {
    const pending = run('python', 'import time\ntime.sleep(10**6)\n', '', 300);
    // while it sleeps, the leak detector used after every test does see it (so it can fail)
    let seen: number[] = [];
    for (let i = 0; i < 40 && seen.length === 0; i++) {
      await new Promise((res) => setTimeout(res, 25));
      seen = sandboxProcesses();
    }
    expect(seen.length).toBeGreaterThan(0);
    const r = await pending;
    expectVerdict(r, 'Time Limit Exceeded');
    expect(r.cases[0]?.wallMs).toBeLessThan(3000);
    expect(r.cases[0]?.message).toContain('wall');
  });

  it('stdout flood is cut at the output limit', async () => {
    const r = await run(
      'cpp',
      "#include <cstdio>\nint main(){ static char b[65536]; for(int i=0;i<65536;i++) b[i]='y'; for(;;) fwrite(b,1,sizeof b,stdout); }",
      '',
      5000,
    );
    expectVerdict(r, 'Output Limit Exceeded');
    expect(r.cases[0]?.output.length).toBeLessThan(70 * 1024);
  });

  it('stderr flood is cut at the output limit and only 8 KiB is kept', async () => {
    const r = await run('python', 'import sys\nwhile True: sys.stderr.write("e" * 65536)\n', '', 5000);
    expectVerdict(r, 'Output Limit Exceeded');
    expect(r.cases[0]?.stderr.length).toBeLessThan(9 * 1024);
  });

  it('huge file write is stopped by the file size limit; the work dir is read-only', async () => {
    const code = `
#include <cstdio>
#include <cerrno>
#include <cstring>
int main(){
  FILE *box = fopen("/box/big", "w");
  printf("box:%s\\n", box ? "writable" : strerror(errno)); fflush(stdout);
  FILE *f = fopen("/tmp/big", "w");
  static char b[1 << 20];
  for (long i = 0; i < 4096; i++) fwrite(b, 1, sizeof b, f), fflush(f);
}`;
    const r = await run('cpp', code, '', 5000);
    expectVerdict(r, 'Runtime Error');
    expect(r.cases[0]?.signal).toBe('SIGXFSZ');
    expect(r.cases[0]?.output).toContain('Read-only file system');
  });

  it('threads are capped by the pids limit (C++) and work normally in Java', async () => {
    const cpp = await run(
      'cpp',
      '#include <bits/stdc++.h>\n#include <pthread.h>\nvoid* w(void*){ sleep(5); return nullptr; }\nint main(){ int n=0; pthread_t t; while(n<10000 && pthread_create(&t,nullptr,w,nullptr)==0) n++; printf("%d\\n", n); _exit(0); }',
      '',
      2000,
    );
    expectVerdict(cpp, 'Accepted');
    expect(Number(cpp.cases[0]?.output.trim())).toBeLessThan(64);
    const java = await run(
      'java',
      'public class Main { public static void main(String[] a) throws Exception { long[] s = new long[4]; Thread[] t = new Thread[4]; for (int i=0;i<4;i++){ final int k=i; t[i]=new Thread(() -> { for (int j=0;j<1000;j++) s[k]+=j; }); t[i].start(); } for (Thread x: t) x.join(); System.out.println(s[0]+s[1]+s[2]+s[3]); } }',
    );
    expectVerdict(java, 'Accepted');
    expect(java.cases[0]?.output.trim()).toBe('1998000');
  });
});

describe('information leaks', () => {
  it('cannot read /etc/shadow, the server data folder, the server cwd or its environment (Python)', async () => {
    const code = `
import os
for p in ['/etc/shadow', '/etc/passwd', ${JSON.stringify(secretFile)}, ${JSON.stringify(path.join(process.cwd(), 'package.json'))}]:
    try:
        print(p, 'READ', open(p).read())
    except Exception as e:
        print(p, 'denied', type(e).__name__)
print('env', dict(os.environ))
print('uid', os.getuid(), 'root-listing', sorted(os.listdir('/')))
print('fds', sorted(int(f) for f in os.listdir('/proc/self/fd')))
`;
    // an open descriptor of the server must not be inherited by the sandbox
    const { openSync, closeSync } = await import('node:fs');
    const fd = openSync(secretFile, 'r');
    let r: JudgeResult;
    try {
      r = await run('python', code);
    } finally {
      closeSync(fd);
    }
    expectVerdict(r, 'Accepted');
    expectNoSecrets(r);
    const out = r.cases[0]?.output ?? '';
    expect(out).not.toContain('READ');
    expect(out.match(/denied/g)?.length).toBe(4);
    expect(out).toMatch(/uid 65534/);
    expect(out).not.toMatch(/'(home|root|work|var|srv)'/);
    expect(out).toContain('fds [0, 1, 2, 3]'); // stdin, stdout, stderr and listdir's own handle
  });

  it('cannot read secrets from JavaScript (process.env, fs) or via /proc of the host', async () => {
    const code = `
const fs = require('fs');
const tryRead = (p) => { try { return 'READ ' + fs.readFileSync(p, 'utf8'); } catch (e) { return 'denied ' + e.code; } };
console.log(JSON.stringify(process.env));
console.log(tryRead(${JSON.stringify(secretFile)}));
console.log(tryRead('/proc/1/environ'));
console.log(fs.readdirSync('/proc').filter((x) => /^\\d+$/.test(x)).length);
`;
    const r = await run('javascript', code);
    expectVerdict(r, 'Accepted');
    expectNoSecrets(r);
    const lines = r.cases[0]?.output.trim().split('\n') ?? [];
    expect(lines[1]).toMatch(/^denied/);
    expect(Number(lines[3])).toBeLessThan(10); // own pid namespace: only a handful of processes
  });

  it('has no network: sockets cannot connect or resolve names', async () => {
    const code = `
import socket
for host, port in [('1.1.1.1', 53), ('127.0.0.1', 22), ('10.0.0.1', 80)]:
    s = socket.socket(); s.settimeout(1)
    try:
        s.connect((host, port)); print(host, 'CONNECTED')
    except OSError as e:
        print(host, 'blocked')
try:
    socket.getaddrinfo('registry.npmjs.org', 443); print('dns RESOLVED')
except OSError:
    print('dns blocked')
`;
    const r = await run('python', code, '', 2000);
    expectVerdict(r, 'Accepted');
    const out = r.cases[0]?.output ?? '';
    expect(out).not.toMatch(/CONNECTED|RESOLVED/);
    expect(out.match(/blocked/g)?.length).toBe(4);
  });

  it('C++ #include of /dev/random and of host files fails to compile', async () => {
    // Bounded by the compile limits (512 MB, 10 s CPU, 20 s wall); the test's timeout fails it otherwise.
    const r = await run('cpp', '#include "/dev/random"\nint main(){}');
    expect(r.verdict).toBe('Compilation Error');
    const shadow = await run('cpp', `#include "/etc/shadow"\n#include ${JSON.stringify(secretFile)}\nint main(){}`);
    expect(shadow.verdict).toBe('Compilation Error');
    expectNoSecrets(shadow);
  });

  it('C++ template bomb is stopped at compile time', async () => {
    const code = `
template<class T> struct W { T a, b; };
template<int N, class T> struct G { using type = typename G<N - 1, W<T>>::type; };
template<class T> struct G<0, T> { using type = T; };
int main() { G<100000, int>::type x; (void)x; }`;
    const r = await run('cpp', code);
    expect(r.verdict).toBe('Compilation Error');
    expect(r.compileOutput?.length).toBeLessThanOrEqual(8 * 1024 + 200);
  });
});

describe('escapes and persistence', () => {
  it('killing the parent / every process only kills the sandbox', async () => {
    // inside its own pid namespace the parent is the sandbox's pid 1, which ignores signals from inside,
    // and kill(-1) reaches nobody else: the program simply carries on
    const py = await run(
      'python',
      'import os, signal\nprint("ppid", os.getppid())\nfor pid in (os.getppid(), 1, -1):\n  try: os.kill(pid, signal.SIGKILL)\n  except OSError as e: print(pid, e.strerror)\nprint("alive")\n',
    );
    expectVerdict(py, 'Accepted');
    expect(py.cases[0]?.output).toContain('ppid 1\n');
    expect(py.cases[0]?.output).toContain('alive');
    const cpp = await run(
      'cpp',
      '#include <signal.h>\n#include <unistd.h>\n#include <cstdio>\nint main(){ kill(getppid(), SIGKILL); kill(1, SIGKILL); kill(-1, SIGKILL); puts("alive"); return 0; }',
    );
    expectVerdict(cpp, 'Accepted');
    expect(cpp.cases[0]?.output.trim()).toBe('alive');
    // the judge (this process) survived and still works
    const ok = await t.judge.judge({
      language: 'python',
      code: 'print(7)',
      cases: [{ input: '', expectedOutput: '7' }],
    });
    expect(ok.verdict).toBe('Accepted');
  });

  it('setsid + double fork daemons do not outlive the run', async () => {
    const code = `
import os, sys, time
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        os.close(1); os.close(2)
        while True: time.sleep(1)
    os._exit(0)
print('parent done')
`;
    const r = await run('python', code);
    expectVerdict(r, 'Accepted');
    expect(r.cases[0]?.wallMs).toBeLessThan(2000);
    // afterEach checks that no process of uid 65534 is left
  });

  it('cannot create nested user namespaces or gain capabilities', async () => {
    const code = `
import ctypes, os
libc = ctypes.CDLL(None, use_errno=True)
for name, flag in [('user', 0x10000000), ('net', 0x40000000), ('mount', 0x00020000)]:
    rc = libc.unshare(flag)
    print(name, 'UNSHARED' if rc == 0 else 'refused')
print('caps', [l.split()[1] for l in open('/proc/self/status') if l.startswith('CapEff')][0])
`;
    const r = await run('python', code);
    expectVerdict(r, 'Accepted');
    const out = r.cases[0]?.output ?? '';
    expect(out).not.toContain('UNSHARED');
    expect(out).toContain('caps 0000000000000000');
  });

  it('files left in /tmp, /dev/shm, /var/tmp and /box are gone for the next run', async () => {
    const write = `
import os
for d in ['/tmp', '/dev/shm', '/var/tmp', '/box']:
    try:
        os.makedirs(d, exist_ok=True); open(d + '/planted', 'w').write('x'); print(d, 'written')
    except OSError as e:
        print(d, 'refused', e.strerror)
`;
    const first = await run('python', write);
    expectVerdict(first, 'Accepted');
    expect(first.cases[0]?.output).toContain('/tmp written');
    const check = `
import os
print('found' if any(os.path.exists(d + '/planted') for d in ['/tmp', '/dev/shm', '/var/tmp', '/box']) else 'clean')
`;
    const second = await run('python', check);
    expect(second.cases[0]?.output.trim()).toBe('clean');
  });

  it('symlink tricks cannot reach host files', async () => {
    const code = `
import os
for i, target in enumerate(['/etc/shadow', ${JSON.stringify(secretFile)}, '/proc/1/root/etc/shadow', '/proc/self/root/../../etc/shadow']):
    link = '/tmp/l%d' % i
    try:
        os.symlink(target, link); print(i, 'READ', open(link).read())
    except OSError as e:
        print(i, 'denied')
try:
    os.symlink('/', '/box/root'); print('box link MADE')
except OSError:
    print('box link denied')
`;
    const r = await run('python', code);
    expectVerdict(r, 'Accepted');
    expectNoSecrets(r);
    expect(r.cases[0]?.output).not.toMatch(/READ|MADE/);
    expect(existsSync(secretFile)).toBe(true);
  });
});
