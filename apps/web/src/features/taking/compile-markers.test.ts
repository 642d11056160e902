import { describe, expect, it } from 'vitest';
import { compileMarkers, markersOfResults } from './compile-markers';

describe('compileMarkers', () => {
  it('reads gcc/g++ and go positions with their messages, warnings as warnings', () => {
    const gcc = [
      "main.cpp: In function 'int main()':",
      "main.cpp:4:15: error: expected ';' before 'return'",
      '    4 |   cout << a + b',
      "main.cpp:2:7: warning: unused variable 'x' [-Wunused-variable]",
    ].join('\n');
    expect(compileMarkers(gcc)).toEqual([
      { line: 4, column: 15, message: "expected ';' before 'return'", severity: 'error' },
      { line: 2, column: 7, message: "unused variable 'x' [-Wunused-variable]", severity: 'warning' },
    ]);
    expect(compileMarkers('# command-line-arguments\n./main.go:7:2: undefined: fmt.Printn')).toEqual([
      { line: 7, column: 2, message: 'undefined: fmt.Printn', severity: 'error' },
    ]);
  });

  it('reads javac (no column), csc, rustc, kotlinc and ruby', () => {
    expect(compileMarkers("Main.java:5: error: ';' expected\n        int x = 1\n                 ^")).toMatchObject([
      { line: 5, column: 1, message: "';' expected" },
    ]);
    expect(compileMarkers('main.cs(3,17): error CS1002: ; expected')).toMatchObject([
      { line: 3, column: 17, message: 'CS1002: ; expected' },
    ]);
    const rust = 'error[E0425]: cannot find value `y` in this scope\n --> main.rs:3:13\n  |\n3 |     let x = y;';
    expect(compileMarkers(rust)).toMatchObject([
      { line: 3, column: 13, message: 'cannot find value `y` in this scope', severity: 'error' },
    ]);
    expect(compileMarkers("main.kt:2:14: error: unresolved reference 'printn'")).toMatchObject([
      { line: 2, column: 14, message: "unresolved reference 'printn'" },
    ]);
    expect(compileMarkers("main.rb:3: syntax error, unexpected end-of-input, expecting 'end'")).toMatchObject([
      { line: 3, column: 1, message: "syntax error, unexpected end-of-input, expecting 'end'" },
    ]);
  });

  it('reads python, php and the TypeScript transpiler', () => {
    const py = '  File "main.py", line 2\n    print((1)\n         ^\nSyntaxError: \'(\' was never closed';
    expect(compileMarkers(py)).toEqual([
      { line: 2, column: 1, message: "SyntaxError: '(' was never closed", severity: 'error' },
    ]);
    expect(
      compileMarkers('PHP Parse error:  syntax error, unexpected end of file in /box/main.php on line 4'),
    ).toMatchObject([{ line: 4, message: 'Parse error:  syntax error, unexpected end of file' }]);
    expect(compileMarkers('Unexpected token, expected ";" (3:8)')).toEqual([
      { line: 3, column: 9, message: 'Unexpected token, expected ";"', severity: 'error' },
    ]);
  });

  it('gives nothing for text without a position, and takes the message of a compile error only', () => {
    expect(compileMarkers('Killed')).toEqual([]);
    expect(markersOfResults(null)).toEqual([]);
    expect(markersOfResults([{ passed: false, verdict: 'Runtime Error', message: 'main.cpp:1:1: x' }])).toEqual([]);
    expect(
      markersOfResults([{ passed: false, verdict: 'Compilation Error', message: 'main.c:9:1: error: oops' }]),
    ).toEqual([{ line: 9, column: 1, message: 'oops', severity: 'error' }]);
  });
});
