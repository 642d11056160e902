import { describe, expect, it } from 'vitest';
import { javaNames } from './languages';

describe('javaNames', () => {
  it('uses the public class for file and main class', () => {
    expect(javaNames('public class Solution { public static void main(String[] a) {} }')).toEqual({
      file: 'Solution.java',
      mainClass: 'Solution',
    });
  });
  it('finds the class holding main when none is public', () => {
    const code = 'class Helper { int x; }\nclass Prog { static void main(String[] a) {} }';
    expect(javaNames(code)).toEqual({ file: 'Main.java', mainClass: 'Prog' });
  });
  it('ignores class names inside comments and strings, and honours a package', () => {
    const code =
      'package a.b;\n// public class Fake\npublic final class Real { String s = "class X"; public static void main(String[] a) {} }';
    expect(javaNames(code)).toEqual({ file: 'Real.java', mainClass: 'a.b.Real' });
  });
});

describe('javaNames with non-ASCII identifiers', () => {
  it('keeps letters of any script in class and package names', () => {
    expect(javaNames('package пакет;\npublic class Решение { public static void main(String[] a) {} }')).toEqual({
      file: 'Решение.java',
      mainClass: 'пакет.Решение',
    });
    expect(javaNames('class Ünï { static void main(String[] a) {} }')).toEqual({ file: 'Main.java', mainClass: 'Ünï' });
  });
});

describe('javaNames picks the top-level class that declares main', () => {
  const helpers = {
    'static class': 'static class FastReader { int next() { return 1; } }',
    record: 'record Pair(int a, int b) { static Pair of(int a) { return new Pair(a, a); } }',
    enum: 'enum Dir { N, S; Dir flip() { return this == N ? S : N; } }',
    interface: 'interface Op { int apply(int x); }',
  };
  for (const [kind, helper] of Object.entries(helpers)) {
    it(`ignores a nested ${kind} declared above main`, () => {
      const code = `import java.util.*;\nclass Solution {\n  ${helper}\n  public static void main(String[] args) {}\n}\n`;
      expect(javaNames(code)).toEqual({ file: 'Main.java', mainClass: 'Solution' });
    });
  }
  it('ignores top-level helpers before the main class and a nested class with its own main', () => {
    const code =
      'class A { static class Inner { public static void main(String[] a) {} } }\n' +
      'interface B {}\nfinal class Prog { static public void main(String... a) {} }\nclass C {}';
    expect(javaNames(code)).toEqual({ file: 'Main.java', mainClass: 'Prog' });
  });
  it('is not fooled by braces or class keywords inside strings, text blocks and comments', () => {
    const code =
      'public class Main {\n  static String s = "}} class X { static void main(";\n' +
      '  static String t = """\n    } class Y {\n    """;\n  /* } */ // }\n  public static void main(String[] a) {}\n}';
    expect(javaNames(code)).toEqual({ file: 'Main.java', mainClass: 'Main' });
  });
});
