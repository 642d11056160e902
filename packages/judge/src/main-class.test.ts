import { describe, expect, it } from 'vitest';
import { kotlinMainClass } from './langs/kotlin';
import { csharpMainClass } from './main-class';

describe('kotlinMainClass', () => {
  it('runs MainKt for a top-level fun main, whatever classes come before it', () => {
    expect(kotlinMainClass('class Helper { fun main() {} }\ndata class P(val a: Int)\nfun main() { println(1) }')).toBe(
      'MainKt',
    );
  });
  it('runs the object declaring main when there is no top-level one, with its package', () => {
    expect(
      kotlinMainClass(
        'package app\nobject Util { fun x() = 1 }\nobject Program {\n  @JvmStatic fun main(args: Array<String>) {}\n}',
      ),
    ).toBe('app.Program');
  });
});

describe('csharpMainClass', () => {
  it('picks the outermost class declaring Main, not a nested helper with its own', () => {
    const code =
      'using System;\nclass Solution {\n  class Helper { static void Main() {} }\n  struct P { int x; }\n  public static void Main(string[] a) {}\n}';
    expect(csharpMainClass(code)).toBe('Solution');
  });
  it('qualifies it with its block namespaces and ignores Main in strings and comments', () => {
    const code =
      'namespace A { namespace B {\n class Util { string s = "static void Main("; /* static void Main( */ }\n class Program { static int Main() { return 0; } }\n} }';
    expect(csharpMainClass(code)).toBe('A.B.Program');
  });
  it('is null without a Main (mcs then reports the missing entry point)', () => {
    expect(csharpMainClass('class X { void Run() {} }')).toBeNull();
  });
});
