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
