/**
 * Issue 47: no hidden case's input, output or error text reaches a candidate, in any language or problem kind.
 * Per language, one stdio problem and one function problem, each with a visible example and a hidden case whose
 * input is MARK. The candidate's program answers the example and, on anything else, writes what it was given
 * to stdout and stderr and fails (the function raises an exception whose message is its argument). The judge
 * compiles once per submission, before any case's input exists, so no compile or setup text can carry a case:
 * the candidate's answers hold no MARK on any route, while the employer's copy shows the program did dump it.
 * (SQL, whose setup runs per case, has its own tests: packages/judge/src/sql-hidden.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { useRealJudge, useStartedCodingTest, useTestApp } from '../../../test/support';

const MARK = 'HIDDEN-EVERY-LANG-9Q4';

type Lang =
  | 'python'
  | 'javascript'
  | 'typescript'
  | 'java'
  | 'cpp'
  | 'c'
  | 'csharp'
  | 'go'
  | 'rust'
  | 'kotlin'
  | 'ruby'
  | 'php';

/** Answers "1 2" with 3; prints anything else to stdout and stderr and exits 3. */
const STDIO: Record<Lang, string> = {
  python: `import sys
d = sys.stdin.read()
if d == "1 2\\n":
    print(3)
else:
    sys.stdout.write(d)
    sys.stderr.write(d)
    sys.exit(3)
`,
  javascript: `const d = require('fs').readFileSync(0, 'utf8');
if (d === '1 2\\n') console.log(3);
else { process.stdout.write(d); process.stderr.write(d); process.exitCode = 3; }
`,
  typescript: `import { readFileSync } from 'fs';
const d: string = readFileSync(0, 'utf8');
if (d === '1 2\\n') console.log(3);
else { process.stdout.write(d); process.stderr.write(d); process.exitCode = 3; }
`,
  java: `public class Main {
  public static void main(String[] a) throws Exception {
    String d = new String(System.in.readAllBytes());
    if (d.equals("1 2\\n")) { System.out.println(3); return; }
    System.out.print(d); System.out.flush(); System.err.print(d); System.exit(3);
  }
}
`,
  cpp: `#include <cstdio>
#include <cstring>
int main() {
  static char b[256]; size_t n = fread(b, 1, 255, stdin); b[n] = 0;
  if (!strcmp(b, "1 2\\n")) { puts("3"); return 0; }
  fputs(b, stdout); fputs(b, stderr); return 3;
}
`,
  c: `#include <stdio.h>
#include <string.h>
int main(void) {
  static char b[256]; size_t n = fread(b, 1, 255, stdin); b[n] = 0;
  if (!strcmp(b, "1 2\\n")) { puts("3"); return 0; }
  fputs(b, stdout); fputs(b, stderr); return 3;
}
`,
  csharp: `using System;
class Program {
  static void Main() {
    var d = Console.In.ReadToEnd();
    if (d == "1 2\\n") { Console.WriteLine(3); return; }
    Console.Out.Write(d); Console.Out.Flush(); Console.Error.Write(d); Environment.Exit(3);
  }
}
`,
  go: `package main

import (
  "fmt"
  "io"
  "os"
)

func main() {
  b, _ := io.ReadAll(os.Stdin)
  d := string(b)
  if d == "1 2\\n" { fmt.Println(3); return }
  fmt.Print(d); fmt.Fprint(os.Stderr, d); os.Exit(3)
}
`,
  rust: `use std::io::{self, Read, Write};
fn main() {
  let mut d = String::new();
  io::stdin().read_to_string(&mut d).unwrap();
  if d == "1 2\\n" { println!("3"); return; }
  print!("{}", d); io::stdout().flush().unwrap(); eprint!("{}", d); std::process::exit(3);
}
`,
  kotlin: `fun main() {
  val d = String(System.\`in\`.readBytes())
  if (d == "1 2\\n") { println(3); return }
  print(d); System.out.flush(); System.err.print(d); kotlin.system.exitProcess(3)
}
`,
  ruby: `d = STDIN.read
if d == "1 2\\n"
  puts 3
else
  STDOUT.write(d); STDOUT.flush; STDERR.write(d); exit 3
end
`,
  php: `<?php
$d = stream_get_contents(STDIN);
if ($d === "1 2\\n") { echo "3\\n"; exit(0); }
fwrite(STDOUT, $d); fwrite(STDERR, $d); exit(3);
`,
};

/** reveal("ok") is "ok"; any other argument is printed and raised (C and Go: printed, then the program fails). */
const FUNCTION: Record<Lang, string> = {
  python: `def reveal(s: str) -> str:
    if s == "ok":
        return "ok"
    print(s)
    raise ValueError(s)
`,
  javascript: `function reveal(s) { if (s === 'ok') return 'ok'; console.log(s); throw new Error(s); }
`,
  typescript: `function reveal(s: string): string { if (s === 'ok') return 'ok'; console.log(s); throw new Error(s); }
`,
  java: `class Solution {
    public String reveal(String s) { if (s.equals("ok")) return "ok"; System.out.println(s); throw new RuntimeException(s); }
}
`,
  cpp: `#include <iostream>
#include <stdexcept>
#include <string>
class Solution {
public:
    std::string reveal(std::string s) { if (s == "ok") return "ok"; std::cout << s << std::endl; throw std::runtime_error(s); }
};
`,
  c: `#include <stdio.h>
#include <stdlib.h>
#include <string.h>
char* reveal(char* s) {
  if (strcmp(s, "ok") == 0) { char* r = malloc(3); strcpy(r, "ok"); return r; }
  printf("%s\\n", s); fflush(stdout); fprintf(stderr, "%s\\n", s); exit(3);
}
`,
  csharp: `public class Solution {
    public string Reveal(string s) { if (s == "ok") return "ok"; System.Console.WriteLine(s); throw new System.Exception(s); }
}
`,
  go: `func reveal(s string) string {
  if s == "ok" { return "ok" }
  println(s)
  panic(s)
}
`,
  rust: `fn reveal(s: String) -> String {
    if s == "ok" { return "ok".to_string(); }
    println!("{}", s);
    panic!("{}", s);
}
`,
  kotlin: `class Solution {
    fun reveal(s: String): String { if (s == "ok") return "ok"; println(s); throw RuntimeException(s) }
}
`,
  ruby: `def reveal(s)
  return "ok" if s == "ok"
  puts s
  raise s
end
`,
  php: `<?php
function reveal(string $s): string { if ($s === "ok") return "ok"; echo $s, "\\n"; throw new Exception($s); }
`,
};

const LANGS = Object.keys(STDIO) as Lang[];

const t = useTestApp();
useRealJudge(t, { concurrency: 2 });
// one candidate per language keeps each within the per-user run limit
const { employer, candidates, test } = useStartedCodingTest(t, {
  name: 'Hidden cases in every language',
  candidates: LANGS.length,
  problems: [
    {
      title: 'Sum',
      marks: 10,
      timeLimitMs: 2000,
      examples: [{ input: '1 2\n', output: '3\n' }],
      testCases: [{ input: `${MARK}\n`, output: `${MARK}-expected\n` }],
    },
    {
      title: 'Reveal',
      marks: 10,
      timeLimitMs: 2000,
      kind: 'function',
      signature: { name: 'reveal', params: [{ name: 's', type: 'string' }], returns: 'string' },
      examples: [{ input: '"ok"', output: '"ok"' }],
      testCases: [{ input: `"${MARK}"`, output: `"${MARK}-expected"` }],
    },
  ],
});

describe.each(LANGS.map((language, i) => [language, i] as [Lang, number]))(
  '%s: a hidden case stays hidden',
  { timeout: 240_000 },
  (language, i) => {
    it.each([
      ['stdio', 0, STDIO],
      ['function', 1, FUNCTION],
    ] as const)(
      '%s problem: nothing of the hidden case on any candidate route',
      async (_kind, questionNumber, programs) => {
        const candidate = candidates[i]!;
        const submit = await t.as(candidate).post('/api/submissions', {
          language,
          code: programs[language],
          testId: test.id,
          questionNumber,
        });
        expect(submit.statusCode, submit.body).toBe(200);
        const id = submit.headers['x-submission-id'] as string;
        const mine = (await t.as(candidate).request('GET', `/api/submissions/${id}`)).json();
        // it compiled and answered the example: the hidden case is where it dumped MARK
        expect(mine.compileOutput, JSON.stringify(mine).slice(0, 1500)).toBeNull();
        expect(
          mine.results.map((r: { verdict: string }) => r.verdict),
          JSON.stringify(mine.results[0]).slice(0, 800),
        ).toEqual(['Accepted', 'Runtime Error']);
        const answers = [
          submit.body,
          JSON.stringify(mine),
          (await t.as(candidate).request('GET', `/api/submissions/all?testId=${test.id}`)).body,
          (await t.as(candidate).request('GET', `/api/attempts/${test.id}/submissions`)).body,
        ];
        for (const text of answers) expect(text).not.toContain(MARK);
        // the employer's copy is whole: the program really wrote the hidden input where a candidate would look
        const full = (await t.as(employer).request('GET', `/api/submissions/${id}`)).json();
        const hidden = full.results[1];
        expect(hidden.hidden).toBe(true);
        expect(`${hidden.stderr ?? ''}${hidden.output ?? ''}${hidden.message ?? ''}`).toContain(MARK);
      },
    );
  },
);
