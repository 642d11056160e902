// One program per added language whose behaviour is picked by its input, so that one compile covers every
// verdict and every hostile act; and one program per language that does not compile. Shared by
// languages.test.ts and truth.test.ts (the compile cache makes the second file's compile a hit).
//   sum a b      prints a + b                       re     "boom: bad input" on stderr, exit code 3
//   tle          spins                              mle    allocates and touches 16 MB blocks forever
//   fork         starts processes forever            flood  writes to stdout forever
//   host p1 p2…  prints "seen" or "absent" per path   net    "net open" or "net closed" (TCP to 1.1.1.1:80)
//   fake         the runtime's out-of-memory message and "bwrap: …" on stderr, exits as that runtime would
//   e137         exit code 137 (what a shell reports for SIGKILL), from the program itself
import type { Language } from '../src/types';

export type AddedLanguage = Extract<Language, 'c' | 'csharp' | 'go' | 'rust' | 'kotlin' | 'ruby' | 'php'>;

export const ADDED_LANGUAGES: readonly AddedLanguage[] = ['c', 'csharp', 'go', 'rust', 'kotlin', 'ruby', 'php'];

export const VERDICT_PROGRAMS: Record<AddedLanguage, string> = {
  c: `#include <arpa/inet.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>
int main(void) {
  char cmd[16] = "", p[4096];
  long long a = 0, b = 0;
  if (scanf("%15s", cmd) != 1) return 1;
  if (!strcmp(cmd, "sum") && scanf("%lld %lld", &a, &b) == 2) printf("%lld\\n", a + b);
  else if (!strcmp(cmd, "re")) { fprintf(stderr, "boom: bad input\\n"); return 3; }
  else if (!strcmp(cmd, "tle")) { volatile unsigned long x = 0; for (;;) x++; }
  else if (!strcmp(cmd, "mle")) { for (;;) { char *m = malloc(1 << 24); if (m) memset(m, 1, 1 << 24); } }
  else if (!strcmp(cmd, "fork")) { for (;;) fork(); }
  else if (!strcmp(cmd, "flood")) { static char y[65536]; memset(y, 'y', sizeof y); for (;;) fwrite(y, 1, sizeof y, stdout); }
  else if (!strcmp(cmd, "host")) { while (scanf("%4095s", p) == 1) puts(access(p, F_OK) == 0 ? "seen" : "absent"); }
  else if (!strcmp(cmd, "net")) {
    struct sockaddr_in addr = { .sin_family = AF_INET, .sin_port = htons(80) };
    inet_pton(AF_INET, "1.1.1.1", &addr.sin_addr);
    int s = socket(AF_INET, SOCK_STREAM, 0);
    puts(s >= 0 && connect(s, (struct sockaddr *)&addr, sizeof addr) == 0 ? "net open" : "net closed");
  }
  else if (!strcmp(cmd, "fake")) { fputs("bwrap: Can't mount proc on /newroot/proc\\nOut of memory\\n", stderr); return 1; }
  else if (!strcmp(cmd, "e137")) return 137;
  return 0;
}
`,
  csharp: `using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Net.Sockets;
class Program {
  static void Main(string[] args) {
    var p = Console.In.ReadToEnd().Split((char[])null, StringSplitOptions.RemoveEmptyEntries);
    switch (p[0]) {
      case "sum": Console.WriteLine(long.Parse(p[1]) + long.Parse(p[2])); break;
      case "re": Console.Error.WriteLine("boom: bad input"); Environment.Exit(3); break;
      case "tle": { long x = 0; while (true) { x++; } }
      case "mle": { var keep = new List<byte[]>(); while (true) { var b = new byte[1 << 24]; for (int i = 0; i < b.Length; i += 4096) b[i] = 1; keep.Add(b); } }
      case "fork": while (true) { try { Process.Start("/usr/bin/mono", "/box/main.exe fork"); } catch (Exception) {} }
      case "flood": { var o = Console.OpenStandardOutput(); var y = new byte[65536]; while (true) o.Write(y, 0, y.Length); }
      case "host":
        for (int i = 1; i < p.Length; i++) Console.WriteLine(File.Exists(p[i]) || Directory.Exists(p[i]) ? "seen" : "absent");
        break;
      case "net":
        try { new TcpClient().Connect("1.1.1.1", 80); Console.WriteLine("net open"); }
        catch (Exception) { Console.WriteLine("net closed"); }
        break;
      case "fake":
        Console.Error.WriteLine("bwrap: Can't mount proc on /newroot/proc");
        Console.Error.WriteLine("Unhandled Exception:\\nSystem.OutOfMemoryException: Out of memory");
        Environment.Exit(1);
        break;
      case "e137": Environment.Exit(137); break;
    }
  }
}
`,
  go: `package main

import (
	"bufio"
	"fmt"
	"net"
	"os"
	"os/exec"
	"time"
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
	case "flood":
		y := make([]byte, 65536)
		for {
			os.Stdout.Write(y)
		}
	case "host":
		var p string
		for {
			if _, err := fmt.Fscan(in, &p); err != nil {
				break
			}
			if _, err := os.Stat(p); err == nil {
				fmt.Println("seen")
			} else {
				fmt.Println("absent")
			}
		}
	case "net":
		if _, err := net.DialTimeout("tcp", "1.1.1.1:80", 2*time.Second); err == nil {
			fmt.Println("net open")
		} else {
			fmt.Println("net closed")
		}
	case "fake":
		fmt.Fprintln(os.Stderr, "bwrap: Can't mount proc on /newroot/proc")
		fmt.Fprintln(os.Stderr, "fatal error: runtime: out of memory")
		os.Exit(2)
	case "e137":
		os.Exit(137)
	}
}
`,
  rust: `use std::io::{Read, Write};
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
        "flood" => { let y = [b'y'; 65536]; let mut o = std::io::stdout().lock(); loop { if o.write_all(&y).is_err() { break; } } }
        "host" => for p in it { println!("{}", if std::path::Path::new(p).exists() { "seen" } else { "absent" }); },
        "net" => {
            let addr: std::net::SocketAddr = "1.1.1.1:80".parse().unwrap();
            let open = std::net::TcpStream::connect_timeout(&addr, std::time::Duration::from_secs(2)).is_ok();
            println!("{}", if open { "net open" } else { "net closed" });
        }
        "fake" => { eprintln!("bwrap: Can't mount proc on /newroot/proc"); eprintln!("memory allocation of 16777216 bytes failed"); std::process::exit(134); }
        "e137" => std::process::exit(137),
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
        "flood" -> { val y = ByteArray(65536); while (true) System.out.write(y, 0, y.size) }
        "host" -> for (f in p.drop(1)) println(if (java.io.File(f).exists()) "seen" else "absent")
        "net" -> println(try { java.net.Socket().connect(java.net.InetSocketAddress("1.1.1.1", 80), 2000); "net open" } catch (e: Exception) { "net closed" })
        "fake" -> { System.err.println("bwrap: Can't mount proc on /newroot/proc"); System.err.println("Exception in thread \\"main\\" java.lang.OutOfMemoryError: Java heap space"); System.exit(1) }
        "e137" -> System.exit(137)
    }
}
`,
  ruby: `cmd, a, b, *rest = STDIN.read.split
case cmd
when 'sum' then puts a.to_i + b.to_i
when 're' then STDERR.puts 'boom: bad input'; exit 3
when 'tle' then x = 0; loop { x += 1 }
when 'mle' then keep = []; loop { keep << 'x' * (16 << 20) }
when 'fork' then loop { fork rescue nil }
when 'flood' then y = 'y' * 65536; loop { STDOUT.write(y) }
when 'host' then [a, b, *rest].compact.each { |f| puts(File.exist?(f) ? 'seen' : 'absent') }
when 'net'
  require 'socket'
  begin
    Socket.tcp('1.1.1.1', 80, connect_timeout: 2).close
    puts 'net open'
  rescue StandardError
    puts 'net closed'
  end
when 'fake' then STDERR.puts "bwrap: Can't mount proc on /newroot/proc", 'main.rb: failed to allocate memory (NoMemoryError)'; exit 1
when 'e137' then exit 137
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
  case 'flood': $y = str_repeat('y', 65536); while (true) { fwrite(STDOUT, $y); }
  case 'host': foreach (array_slice($p, 1) as $f) { echo file_exists($f) ? 'seen' : 'absent', "\\n"; } break;
  case 'net': echo @fsockopen('1.1.1.1', 80, $errno, $errstr, 2) ? "net open\\n" : "net closed\\n"; break;
  case 'fake':
    fwrite(STDERR, "bwrap: Can't mount proc on /newroot/proc\\nPHP Fatal error:  Allowed memory size of 134217728 bytes exhausted\\n");
    exit(255);
  case 'e137': exit(137);
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
