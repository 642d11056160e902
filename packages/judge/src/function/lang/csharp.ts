import { type FunctionSignature, type LanguageGenerator, splitType, type ValueType } from '../types';

function csType(t: ValueType): string {
  const { base, depth } = splitType(t);
  return { int: 'int', long: 'long', double: 'double', bool: 'bool', string: 'string' }[base] + '[]'.repeat(depth);
}

/** C# methods are PascalCase (LeetCode's C# stubs: TwoSum). */
export const csMethod = (name: string) => name[0]?.toUpperCase() + name.slice(1);

function reader(t: ValueType): string {
  const { base, depth } = splitType(t);
  const one = { int: 'I()', long: 'L()', double: 'D()', bool: 'B()', string: 'S()' }[base];
  if (depth === 0) return one;
  if (depth === 1) return `Arr(() => ${one})`;
  return `Arr(() => Arr(() => ${one}))`;
}

function harness(sig: FunctionSignature): string {
  const args = sig.params.map((p, k) => `    var a${k} = ${reader(p.type)};`).join('\n');
  return `
static class AssesslyHarness {
  static string[] tk; static int p; static string nonce; static System.IO.Stream raw;
  static string N() { return tk[p++]; }
  static int I() { return int.Parse(N(), System.Globalization.CultureInfo.InvariantCulture); }
  static long L() { return long.Parse(N(), System.Globalization.CultureInfo.InvariantCulture); }
  static double D() { return double.Parse(N(), System.Globalization.CultureInfo.InvariantCulture); }
  static bool B() { return N() == "1"; }
  static string S() {
    var h = N().Substring(1); var b = new byte[h.Length / 2];
    for (int j = 0; j < b.Length; j++) b[j] = System.Convert.ToByte(h.Substring(2 * j, 2), 16);
    return System.Text.Encoding.UTF8.GetString(b);
  }
  static T[] Arr<T>(System.Func<T> f) { var a = new T[I()]; for (int j = 0; j < a.Length; j++) a[j] = f(); return a; }
  static string Hex(string s) {
    var o = new System.Text.StringBuilder("x");
    foreach (var c in System.Text.Encoding.UTF8.GetBytes(s)) o.Append(c.ToString("x2"));
    return o.ToString();
  }
  static void W(System.Text.StringBuilder o, object v) {
    if (v == null) throw new System.ArgumentException("returned null");
    if (v is bool) o.Append((bool) v ? " 1" : " 0");
    else if (v is string) o.Append(' ').Append(Hex((string) v));
    else if (v is int || v is long) o.Append(' ').Append(System.Convert.ToString(v, System.Globalization.CultureInfo.InvariantCulture));
    else if (v is double) o.Append(' ').Append(((double) v).ToString("R", System.Globalization.CultureInfo.InvariantCulture));
    else if (v is System.Array) { var a = (System.Array) v; o.Append(' ').Append(a.Length); foreach (var x in a) W(o, x); }
    else throw new System.ArgumentException("unexpected " + v.GetType().Name);
  }
  static void Emit(string body) {
    var b = System.Text.Encoding.UTF8.GetBytes("\\n@@ASR-" + nonce + " " + body + " @@ASE-" + nonce + "\\n");
    raw.Write(b, 0, b.Length); raw.Flush();
  }
  static void Main() {
    tk = System.Console.In.ReadToEnd().Split(new[] { ' ', '\\n', '\\r', '\\t' }, System.StringSplitOptions.RemoveEmptyEntries);
    nonce = N();
${args}
    // what the candidate prints is debug output: stdout carries only the harness's record
    raw = System.Console.OpenStandardOutput();
    System.Console.SetOut(System.Console.Error);
    object r;
    try {
      r = new Solution().${csMethod(sig.name)}(${sig.params.map((_, k) => `a${k}`).join(', ')});
    } catch (System.Exception e) {
      System.Console.Error.WriteLine(e);
      Emit("exception " + Hex(e.GetType().Name + ": " + e.Message));
      return;
    }
    var o = new System.Text.StringBuilder();
    try { W(o, r); } catch (System.ArgumentException e) { Emit("type " + Hex(e.Message)); return; }
    System.Console.Error.Flush();
    Emit("ok" + o);
  }
}
`;
}

const PREAMBLE = 'using System;\nusing System.Collections.Generic;\nusing System.Linq;\n#line 1 "main.cs"\n';

export const csharp: LanguageGenerator = {
  starter(sig) {
    const params = sig.params.map((p) => `${csType(p.type)} ${p.name}`).join(', ');
    return `public class Solution {\n    public ${csType(sig.returns)} ${csMethod(sig.name)}(${params}) {\n\n    }\n}\n`;
  },
  program: (sig, code) => `${PREAMBLE}${code}\n${harness(sig)}`,
};
