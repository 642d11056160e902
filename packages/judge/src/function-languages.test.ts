/**
 * The function harnesses of the seven languages beyond the judge's first five (issue 25). This branch's judge
 * cannot run them yet (issue 24 adds them), so each generated program is compiled and run here directly with
 * the installed toolchain, outside the sandbox: what this proves is the generated code, not its sandboxing.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { functionProgram, functionStarter } from './function/generators';
import { readRecord } from './function/judge-function';
import type { FunctionLanguage, FunctionSignature } from './function/types';
import { toJsonText } from './function/values';

const run = promisify(execFile);

const PROBE: FunctionSignature = {
  name: 'probe',
  params: [
    { name: 'a', type: 'int' },
    { name: 'b', type: 'long' },
    { name: 'c', type: 'double' },
    { name: 'd', type: 'bool' },
    { name: 's', type: 'string' },
    { name: 'xs', type: 'long[]' },
    { name: 'grid', type: 'int[][]' },
    { name: 'names', type: 'string[]' },
  ],
  returns: 'long[]',
};

// a=7 b=2^53+1 c=2.75 d=true s xs=[1,2,3] grid=[[1,2],[3]] names=["ab","c"], as the judge encodes them
const tokens = (s: string) =>
  `7 9007199254740993 2.75 1 x${Buffer.from(s).toString('hex')} 3 1 2 3 2 2 1 2 1 3 2 x6162 x63`;
const EXPECTED = '[7,9007199254740994,5,1,5,6,6,4]';

type Extra = Exclude<FunctionLanguage, 'javascript' | 'typescript' | 'python' | 'java' | 'cpp'>;

const SOLUTIONS: Record<Extra, string> = {
  c: `long long* probe(int a, long long b, double c, bool d, char* s, long long* xs, int xsSize, int** grid, int gridSize, int* gridColSize, char** names, int namesSize, int* returnSize) {
    printf("debug %s\\n", s);
    if (strcmp(s, "exit") == 0) exit(0);
    if (strcmp(s, "boom") == 0) abort();
    long long sx = 0, sg = 0;
    for (int i = 0; i < xsSize; i++) sx += xs[i];
    for (int i = 0; i < gridSize; i++) for (int j = 0; j < gridColSize[i]; j++) sg += grid[i][j];
    long long* r = malloc(sizeof(long long) * 8);
    r[0] = a; r[1] = b + 1; r[2] = (long long) (c * 2); r[3] = d; r[4] = (long long) strlen(s);
    r[5] = sx; r[6] = sg; r[7] = namesSize + (long long) strlen(names[0]);
    *returnSize = 8;
    return r;
}`,
  csharp: `public class Solution {
    public long[] Probe(int a, long b, double c, bool d, string s, long[] xs, int[][] grid, string[] names) {
        Console.WriteLine("debug " + s);
        if (s == "exit") Environment.Exit(0);
        if (s == "boom") throw new InvalidOperationException("boom here");
        return new long[] { a, b + 1, (long) (c * 2), d ? 1 : 0, s.Length, xs.Sum(), grid.Sum(r => r.Sum()), names.Length + names[0].Length };
    }
}`,
  go: `import (
\t"fmt"
\t"os"
)

func probe(a int, b int64, c float64, d bool, s string, xs []int64, grid [][]int, names []string) []int64 {
\tfmt.Println("debug", s)
\tif s == "exit" {
\t\tos.Exit(0)
\t}
\tif s == "boom" {
\t\tpanic("boom here")
\t}
\tvar sx, sg int64
\tfor _, x := range xs {
\t\tsx += x
\t}
\tfor _, row := range grid {
\t\tfor _, x := range row {
\t\t\tsg += int64(x)
\t\t}
\t}
\tflag := int64(0)
\tif d {
\t\tflag = 1
\t}
\treturn []int64{int64(a), b + 1, int64(c * 2), flag, int64(len(s)), sx, sg, int64(len(names) + len(names[0]))}
}`,
  rust: `fn probe(a: i32, b: i64, c: f64, d: bool, s: String, xs: Vec<i64>, grid: Vec<Vec<i32>>, names: Vec<String>) -> Vec<i64> {
    println!("debug {}", s);
    if s == "exit" { std::process::exit(0); }
    if s == "boom" { panic!("boom here"); }
    let sg: i64 = grid.iter().flatten().map(|&x| x as i64).sum();
    vec![a as i64, b + 1, (c * 2.0) as i64, d as i64, s.len() as i64, xs.iter().sum(), sg, (names.len() + names[0].len()) as i64]
}`,
  kotlin: `class Solution {
    fun probe(a: Int, b: Long, c: Double, d: Boolean, s: String, xs: LongArray, grid: Array<IntArray>, names: Array<String>): LongArray {
        println("debug " + s)
        if (s == "exit") System.exit(0)
        if (s == "boom") throw IllegalStateException("boom here")
        var sx = 0L
        for (x in xs) sx += x
        var sg = 0L
        for (row in grid) for (x in row) sg += x
        return longArrayOf(a.toLong(), b + 1, (c * 2).toLong(), if (d) 1L else 0L, s.length.toLong(), sx, sg, (names.size + names[0].length).toLong())
    }
}`,
  ruby: `def probe(a, b, c, d, s, xs, grid, names)
  puts "debug #{s}"
  exit(0) if s == 'exit'
  raise 'boom here' if s == 'boom'
  [a, b + 1, (c * 2).floor, d ? 1 : 0, s.length, xs.sum, grid.flatten.sum, names.length + names[0].length]
end`,
  php: `<?php
function probe(int $a, int $b, float $c, bool $d, string $s, array $xs, array $grid, array $names): array {
    echo "debug $s\\n";
    if ($s === 'exit') exit(0);
    if ($s === 'boom') throw new RuntimeException('boom here');
    $g = 0;
    foreach ($grid as $row) $g += array_sum($row);
    return [$a, $b + 1, (int) floor($c * 2), $d ? 1 : 0, strlen($s), array_sum($xs), $g, count($names) + strlen($names[0])];
}`,
};

const FILE: Record<Extra, string> = {
  c: 'main.c',
  csharp: 'main.cs',
  go: 'main.go',
  rust: 'main.rs',
  kotlin: 'main.kt',
  ruby: 'main.rb',
  php: 'main.php',
};

const env = { ...process.env, PATH: `/root/.cargo/bin:${process.env.PATH}` };

/** Compiles when the language needs it; returns the command that runs the program. */
async function build(lang: Extra, dir: string): Promise<string[]> {
  // Go needs a build cache it can write; the others keep the environment (rustup finds its toolchain via HOME)
  const opts = { cwd: dir, env: { ...env, GOCACHE: path.join(dir, '.gocache') }, timeout: 300_000 };
  switch (lang) {
    case 'c':
      await run('gcc', ['-O2', '-std=gnu11', '-o', 'main', 'main.c', '-lm'], opts);
      return ['./main'];
    case 'csharp':
      await run('mcs', ['-out:main.exe', 'main.cs'], opts);
      return ['mono', 'main.exe'];
    case 'go':
      await run('go', ['build', '-o', 'main', 'main.go'], opts);
      return ['./main'];
    case 'rust':
      await run('rustc', ['--edition', '2021', '-o', 'main', 'main.rs'], opts);
      return ['./main'];
    case 'kotlin':
      await run('kotlinc', ['main.kt', '-include-runtime', '-d', 'main.jar'], opts);
      return ['java', '-jar', 'main.jar'];
    case 'ruby':
      return ['ruby', 'main.rb'];
    case 'php':
      return ['php', 'main.php'];
  }
}

/** Runs the program with one case's input; resolves whatever its exit status. */
function runCase(cmd: string[], dir: string, input: string): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(cmd[0] as string, cmd.slice(1), { cwd: dir, env, timeout: 60_000 }, (_err, stdout, stderr) =>
      resolve({ stdout: String(stdout), stderr: String(stderr) }),
    );
    child.stdin?.end(input);
  });
}

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('function harnesses of the seven further languages, run with their toolchains', () => {
  it.each(Object.keys(SOLUTIONS) as Extra[])(
    '%s: reads every parameter type, returns long[] exactly, prints go to debug output, exit and failure never count',
    async (lang) => {
      expect(functionStarter(lang, PROBE)).toContain(lang === 'csharp' ? 'Probe' : 'probe');
      const dir = mkdtempSync(path.join(os.tmpdir(), `fn-${lang}-`));
      dirs.push(dir);
      writeFileSync(path.join(dir, FILE[lang]), functionProgram(lang, PROBE, SOLUTIONS[lang]));
      const cmd = await build(lang, dir);
      const nonce = 'ab'.repeat(16);
      const ok = await runCase(cmd, dir, `${nonce}\n${tokens('hello')}\n`);
      const got = readRecord(ok.stdout, nonce, { signature: PROBE });
      expect(got.ok, `${got.message}\n${ok.stderr}`).toBe(true);
      expect(toJsonText(got.value as never)).toBe(EXPECTED);
      expect(ok.stdout).not.toContain('debug');
      expect(ok.stderr).toContain('debug hello');
      const exited = await runCase(cmd, dir, `${nonce}\n${tokens('exit')}\n`);
      expect(readRecord(exited.stdout, nonce, { signature: PROBE }).ok).toBe(false);
      const boom = await runCase(cmd, dir, `${nonce}\n${tokens('boom')}\n`);
      expect(readRecord(boom.stdout, nonce, { signature: PROBE }).ok).toBe(false);
    },
    600_000,
  );
});
