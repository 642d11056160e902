// One program per added language whose behaviour is picked by its input ("sum a b", "re", "tle", "mle",
// "fork"), so that one compile covers every verdict; and one program per language that does not compile.
// Shared by languages.test.ts and the benchmark.
import type { Language } from '../src/types';

export type AddedLanguage = Extract<Language, 'c' | 'csharp' | 'go' | 'rust' | 'kotlin' | 'ruby' | 'php'>;

export const ADDED_LANGUAGES: readonly AddedLanguage[] = ['c', 'csharp', 'go', 'rust', 'kotlin', 'ruby', 'php'];

export const VERDICT_PROGRAMS: Record<AddedLanguage, string> = {
  c: `#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
int main(void) {
  char cmd[16] = "";
  long long a = 0, b = 0;
  if (scanf("%15s", cmd) != 1) return 1;
  if (!strcmp(cmd, "sum") && scanf("%lld %lld", &a, &b) == 2) printf("%lld\\n", a + b);
  else if (!strcmp(cmd, "re")) { fprintf(stderr, "boom: bad input\\n"); return 3; }
  else if (!strcmp(cmd, "tle")) { volatile unsigned long x = 0; for (;;) x++; }
  else if (!strcmp(cmd, "mle")) { for (;;) { char *p = malloc(1 << 24); if (p) memset(p, 1, 1 << 24); } }
  else if (!strcmp(cmd, "fork")) { for (;;) fork(); }
  return 0;
}
`,
  csharp: `using System;
using System.Collections.Generic;
using System.Diagnostics;
class Program {
  static void Main(string[] args) {
    var p = Console.In.ReadToEnd().Split((char[])null, StringSplitOptions.RemoveEmptyEntries);
    switch (p[0]) {
      case "sum": Console.WriteLine(long.Parse(p[1]) + long.Parse(p[2])); break;
      case "re": Console.Error.WriteLine("boom: bad input"); Environment.Exit(3); break;
      case "tle": { long x = 0; while (true) { x++; } }
      case "mle": { var keep = new List<byte[]>(); while (true) { var b = new byte[1 << 24]; for (int i = 0; i < b.Length; i += 4096) b[i] = 1; keep.Add(b); } }
      case "fork": while (true) { try { Process.Start("/usr/bin/mono", "/box/main.exe fork"); } catch (Exception) {} }
    }
  }
}
`,
  go: `package main

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
)

var sink int

func main() {
	if len(os.Args) > 1 {
		for {
			_ = exec.Command("/box/main", "fork").Start()
		}
	}
	in := bufio.NewReader(os.Stdin)
	var cmd string
	fmt.Fscan(in, &cmd)
	switch cmd {
	case "sum":
		var a, b int64
		fmt.Fscan(in, &a, &b)
		fmt.Println(a + b)
	case "re":
		fmt.Fprintln(os.Stderr, "boom: bad input")
		os.Exit(3)
	case "tle":
		for {
			sink++
		}
	case "mle":
		var keep [][]byte
		for {
			b := make([]byte, 1<<24)
			for i := range b {
				b[i] = 1
			}
			keep = append(keep, b)
		}
	case "fork":
		for {
			_ = exec.Command("/box/main", "fork").Start()
		}
	}
}
`,
  rust: `use std::io::Read;
use std::process::Command;
fn main() {
    if std::env::args().count() > 1 {
        loop { let _ = Command::new("/box/main").arg("fork").spawn(); }
    }
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_whitespace();
    match it.next().unwrap_or("") {
        "sum" => {
            let a: i64 = it.next().unwrap().parse().unwrap();
            let b: i64 = it.next().unwrap().parse().unwrap();
            println!("{}", a + b);
        }
        "re" => { eprintln!("boom: bad input"); std::process::exit(3); }
        "tle" => { let mut x: u64 = 0; loop { x = std::hint::black_box(x + 1); } }
        "mle" => { let mut keep: Vec<Vec<u8>> = Vec::new(); loop { keep.push(vec![1u8; 1 << 24]); } }
        "fork" => loop { let _ = Command::new("/box/main").arg("fork").spawn(); },
        _ => {}
    }
}
`,
  kotlin: `fun main() {
    val p = System.\`in\`.bufferedReader().readText().trim().split(Regex("\\\\s+"))
    when (p[0]) {
        "sum" -> println(p[1].toLong() + p[2].toLong())
        "re" -> { System.err.println("boom: bad input"); System.exit(3) }
        "tle" -> { var x = 0L; while (true) { x++ } }
        "mle" -> { val keep = ArrayList<LongArray>(); while (true) keep.add(LongArray(1 shl 20) { 1L }) }
        "fork" -> while (true) { try { ProcessBuilder("/usr/bin/sh", "-c", "f(){ f | f & }; f").start() } catch (e: Exception) {} }
    }
}
`,
  ruby: `cmd, a, b = STDIN.read.split
case cmd
when 'sum' then puts a.to_i + b.to_i
when 're' then STDERR.puts 'boom: bad input'; exit 3
when 'tle' then x = 0; loop { x += 1 }
when 'mle' then keep = []; loop { keep << 'x' * (16 << 20) }
when 'fork' then loop { fork rescue nil }
end
`,
  php: `<?php
if ($argc > 1) { while (true) { @proc_open([PHP_BINARY, '/box/main.php', 'fork'], [], $pipes); } }
$p = preg_split('/\\s+/', trim(stream_get_contents(STDIN)));
switch ($p[0]) {
  case 'sum': echo intval($p[1]) + intval($p[2]), "\\n"; break;
  case 're': fwrite(STDERR, "boom: bad input\\n"); exit(3);
  case 'tle': $x = 0; while (true) { $x++; }
  case 'mle': $keep = []; while (true) { $keep[] = str_repeat('x', 16 << 20); }
  case 'fork': while (true) { @proc_open([PHP_BINARY, '/box/main.php', 'fork'], [], $pipes); }
}
`,
};

/** A program that does not compile (or, for Ruby and PHP, fails the syntax check), and a word of the message. */
export const BROKEN_PROGRAMS: Record<AddedLanguage, { code: string; message: string }> = {
  c: { code: 'int main(void) { return undefined_name; }\n', message: 'undefined_name' },
  csharp: { code: 'class P { static void Main() { int x = "s"; } }\n', message: 'CS0029' },
  go: { code: 'package main\n\nfunc main() { return undefinedName }\n', message: 'undefinedName' },
  rust: { code: 'fn main() { let x: i32 = "s"; }\n', message: 'mismatched types' },
  kotlin: { code: 'fun main() { val x: Int = "s" }\n', message: 'type mismatch' },
  ruby: { code: 'def f(\n  puts 1\n', message: 'syntax error' },
  php: { code: '<?php\necho 1 +;\n', message: 'syntax error' },
};
