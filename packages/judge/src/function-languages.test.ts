/**
 * The function harnesses of the seven languages beyond the first five (issue 25), on the real judge: each
 * generated program is compiled and run inside the sandbox like any candidate's code. One compile per language
 * covers every case (the string picks the behaviour); every parameter type travels in, a long[] comes back
 * exactly, prints are debug output, and an exit or a failure is a Runtime Error, never a return.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestJudge, type TestJudge } from '../test/test-support';
import { functionStarter } from './function/generators';
import type { FunctionLanguage, FunctionSignature } from './function/types';

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

/** One case's input: a JSON value per parameter, one per line; b is 2^53 + 1, which a double would round. */
const input = (s: string) =>
  ['7', '9007199254740993', '2.75', 'true', JSON.stringify(s), '[1,2,3]', '[[1,2],[3]]', '["ab","c"]'].join('\n');
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

let tj: TestJudge;
beforeAll(() => {
  tj = createTestJudge(1);
});
afterAll(async () => {
  await tj.dispose();
});

describe('function harnesses of the seven further languages, on the real judge', () => {
  it.each(Object.keys(SOLUTIONS) as Extra[])(
    '%s: reads every parameter type, returns long[] exactly, prints go to debug output, exit and failure never count',
    async (language) => {
      expect(functionStarter(language, PROBE)).toContain(language === 'csharp' ? 'Probe' : 'probe');
      const r = await tj.judge.judge({
        language,
        code: SOLUTIONS[language],
        cases: [
          { input: input('hello'), expectedOutput: EXPECTED },
          { input: input('exit'), expectedOutput: EXPECTED },
          { input: input('boom'), expectedOutput: EXPECTED },
        ],
        function: { signature: PROBE },
      });
      expect(r.compileOutput, r.compileOutput ?? '').toBeNull();
      const [ok, exited, boom] = r.cases;
      expect(ok, JSON.stringify(ok)).toMatchObject({ verdict: 'Accepted', passed: true, output: EXPECTED });
      expect(ok?.stderr).toContain('debug hello');
      expect(exited).toMatchObject({ verdict: 'Runtime Error', passed: false });
      expect(boom).toMatchObject({ verdict: 'Runtime Error', passed: false });
      expect(r.passedCount).toBe(1);
    },
    600_000,
  );
});
