import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestJudge, sandboxProcesses, type TestJudge } from '../test/test-support';
import type { JudgeResult } from './types';

/** Java: threads are not what limits candidates, and unusual class names work or fail clearly. */
let t: TestJudge;
beforeAll(() => {
  t = createTestJudge(1);
});
afterAll(async () => {
  await t.dispose();
});

const run = (code: string, expectedOutput: string, memoryLimitMb = 256): Promise<JudgeResult> =>
  t.judge.judge({ language: 'java', code, cases: [{ input: '', expectedOutput }], timeLimitMs: 4000, memoryLimitMb });

const dump = (r: JudgeResult) =>
  JSON.stringify({ ...r, cases: r.cases.map((c) => ({ ...c, output: c.output.slice(0, 200) })) });

describe('Java threads', () => {
  it('48 threads alive at once work', async () => {
    const r = await run(
      `import java.util.concurrent.*;
public class Main { public static void main(String[] a) throws Exception {
  int n = 48; CountDownLatch all = new CountDownLatch(n); Thread[] ts = new Thread[n]; long[] s = new long[n];
  for (int i = 0; i < n; i++) { final int k = i; ts[i] = new Thread(() -> { all.countDown();
    try { all.await(); } catch (InterruptedException e) {} for (int j = 0; j < 1000; j++) s[k] += j; }); ts[i].start(); }
  for (Thread x : ts) x.join(); long sum = 0; for (long v : s) sum += v; System.out.println(sum); } }`,
      String(48 * 499500),
    );
    expect(r.verdict, dump(r)).toBe('Accepted');
  });

  it('a 64-thread pool runs 64 tasks that wait for each other', async () => {
    const r = await run(
      `import java.util.*; import java.util.concurrent.*;
public class Main { public static void main(String[] a) throws Exception {
  ExecutorService pool = Executors.newFixedThreadPool(64); CountDownLatch all = new CountDownLatch(64);
  List<Future<Integer>> fs = new ArrayList<>();
  for (int i = 0; i < 64; i++) { final int k = i; fs.add(pool.submit(() -> { all.countDown(); all.await(); return k; })); }
  int sum = 0; for (Future<Integer> f : fs) sum += f.get(); pool.shutdown(); System.out.println(sum); } }`,
      String((63 * 64) / 2),
    );
    expect(r.verdict, dump(r)).toBe('Accepted');
  });

  it('thousands of threads end as a Runtime Error that names the thread limit, not MLE or TLE', async () => {
    const r = await run(
      `public class Main { public static void main(String[] a) throws Exception {
  for (int i = 0; i < 5000; i++) { Thread th = new Thread(() -> { try { Thread.sleep(60000); } catch (InterruptedException e) {} }); th.setDaemon(true); th.start(); }
  System.out.println("done"); } }`,
      'done',
    );
    expect(r.cases[0]?.verdict, dump(r)).toBe('Runtime Error');
    expect(r.cases[0]?.message).toContain('processes and threads');
    expect(sandboxProcesses()).toEqual([]);
  });
});

describe('Java class names', () => {
  it('a class name too long for a file name is a clear compile error without host paths', async () => {
    const name = `C${'x'.repeat(300)}`;
    const r = await run(`public class ${name} { public static void main(String[] a) { System.out.println(1); } }`, '1');
    expect(r.verdict).toBe('Compilation Error');
    expect(r.compileOutput).toMatch(/class name .* bytes long/);
    expect(r.compileOutput).not.toMatch(/\/tmp|assessly-judge|\/box/);
  });

  it('a 200-character class name works', async () => {
    const name = `C${'y'.repeat(199)}`;
    const r = await run(`public class ${name} { public static void main(String[] a) { System.out.println(2); } }`, '2');
    expect(r.verdict, dump(r)).toBe('Accepted');
  });

  it('non-ASCII class names work', async () => {
    const r = await run(
      'public class Решение { public static void main(String[] a) { System.out.println(Помощник.f()); } }\nclass Помощник { static int f() { return 3; } }',
      '3',
    );
    expect(r.verdict, dump(r)).toBe('Accepted');
    const inner = await run('class Ünïcödé { public static void main(String[] a) { System.out.println("ü"); } }', 'ü');
    expect(inner.verdict, dump(inner)).toBe('Accepted');
  });
});

describe('Java main class', () => {
  it('runs the top-level class declaring main, with a nested static class, record, enum and interface above it', async () => {
    // the competitive-programming template: before issue 24 "FastReader" (declared last before main) was run
    const r = await run(
      `import java.io.*;
import java.util.*;
interface Shape { int area(); }
class Solution {
  static class FastReader {
    private final StringTokenizer st = new StringTokenizer("3 4");
    int nextInt() { return Integer.parseInt(st.nextToken()); }
  }
  record Rect(int w, int h) implements Shape { public int area() { return w * h; } }
  enum Unit { CM, M; String suffix() { return this == CM ? "cm2" : "m2"; } }
  interface Printer { void print(String s); }
  public static void main(String[] args) {
    FastReader in = new FastReader();
    Shape s = new Rect(in.nextInt(), in.nextInt());
    Printer p = System.out::println;
    p.print(s.area() + Unit.CM.suffix());
  }
}
class AfterMain { static void main(String[] a) { System.out.println("wrong class"); } }`,
      '12cm2',
    );
    expect(r.verdict, dump(r)).toBe('Accepted');
  });
});
