import type { TLanguageId } from './languages';

/**
 * Templates of the languages added by issue 24: read all of stdin, print the first line. Used when a problem
 * gives no starter code of its own (the first five are in tests.ts).
 */
export const ADDED_STARTER_CODE: Record<
  Extract<TLanguageId, 'c' | 'csharp' | 'go' | 'rust' | 'kotlin' | 'ruby' | 'php'>,
  string
> = {
  c: `#include <stdio.h>
#include <string.h>

int main(void) {
    static char line[1 << 16];
    if (!fgets(line, sizeof line, stdin)) return 0;
    line[strcspn(line, "\\n")] = 0;
    // Write your solution here and print the answer
    printf("%s\\n", line);
    return 0;
}
`,
  csharp: `using System;
using System.Collections.Generic;
using System.Linq;

public class Program
{
    public static void Main()
    {
        string[] lines = Console.In.ReadToEnd().Trim().Split('\\n');
        // Write your solution here and print the answer
        Console.WriteLine(lines[0]);
    }
}
`,
  go: `package main

import (
	"bufio"
	"fmt"
	"os"
)

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<26)
	in.Scan()
	line := in.Text()
	// Write your solution here and print the answer
	fmt.Println(line)
}
`,
  rust: `use std::io::{self, Read};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let first = input.lines().next().unwrap_or("");
    // Write your solution here and print the answer
    println!("{}", first);
}
`,
  kotlin: `fun main() {
    val lines = generateSequence(::readLine).toList()
    // Write your solution here and print the answer
    println(lines.firstOrNull() ?: "")
}
`,
  ruby: `lines = STDIN.read.split("\\n")
# Write your solution here and print the answer
puts lines.first
`,
  php: `<?php
$lines = explode("\\n", trim(stream_get_contents(STDIN)));
// Write your solution here and print the answer
echo $lines[0], "\\n";
`,
};
