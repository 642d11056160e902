import { type FunctionSignature, type LanguageGenerator, splitType, type ValueType } from '../types';

export function javaType(t: ValueType): string {
  const { base, depth } = splitType(t);
  return { int: 'int', long: 'long', double: 'double', bool: 'boolean', string: 'String' }[base] + '[]'.repeat(depth);
}

/** The reader call of a type: r.i(), r.ia(), r.iaa() ... */
function reader(t: ValueType): string {
  const { base, depth } = splitType(t);
  return `${{ int: 'i', long: 'l', double: 'd', bool: 'b', string: 's' }[base]}${'a'.repeat(depth)}()`;
}

/** A reader per array type, generated so that the harness class stays one static block. */
function arrayReaders(): string {
  const lines: string[] = [];
  for (const [k, jt] of [
    ['i', 'int'],
    ['l', 'long'],
    ['d', 'double'],
    ['b', 'boolean'],
    ['s', 'String'],
  ] as const) {
    lines.push(
      `  static ${jt}[] ${k}a() { ${jt}[] a = new ${jt}[i()]; for (int j = 0; j < a.length; j++) a[j] = ${k}(); return a; }`,
      `  static ${jt}[][] ${k}aa() { ${jt}[][] a = new ${jt}[i()][]; for (int j = 0; j < a.length; j++) a[j] = ${k}a(); return a; }`,
    );
  }
  return lines.join('\n');
}

function harness(sig: FunctionSignature): string {
  const args = sig.params.map((p, k) => `    ${javaType(p.type)} a${k} = ${reader(p.type)};`).join('\n');
  const call = `new Solution().${sig.name}(${sig.params.map((_, k) => `a${k}`).join(', ')})`;
  return `
class AssesslyHarness {
  static String[] tk; static int p = 0; static String nonce; static java.io.FileOutputStream out;
  static String n() { return tk[p++]; }
  static int i() { return Integer.parseInt(n()); }
  static long l() { return Long.parseLong(n()); }
  static double d() { return Double.parseDouble(n()); }
  static boolean b() { return n().equals("1"); }
  static String s() {
    String h = n().substring(1); byte[] x = new byte[h.length() / 2];
    for (int j = 0; j < x.length; j++) x[j] = (byte) Integer.parseInt(h.substring(2 * j, 2 * j + 2), 16);
    return new String(x, java.nio.charset.StandardCharsets.UTF_8);
  }
${arrayReaders()}
  static final char[] HEX = "0123456789abcdef".toCharArray();
  static String hex(String v) {
    byte[] x = v.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    char[] c = new char[2 * x.length + 1];
    c[0] = 'x';
    for (int j = 0; j < x.length; j++) { c[2 * j + 1] = HEX[(x[j] >> 4) & 15]; c[2 * j + 2] = HEX[x[j] & 15]; }
    return new String(c);
  }
  static void w(StringBuilder o, Object v) {
    if (v == null) throw new IllegalArgumentException("returned null");
    if (v instanceof Boolean) o.append(((Boolean) v) ? " 1" : " 0");
    else if (v instanceof String) o.append(' ').append(hex((String) v));
    else if (v instanceof Integer || v instanceof Long) o.append(' ').append(v);
    else if (v instanceof Double) o.append(' ').append(Double.toString((Double) v));
    else if (v instanceof int[]) { int[] a = (int[]) v; o.append(' ').append(a.length); for (int x : a) o.append(' ').append(x); }
    else if (v instanceof long[]) { long[] a = (long[]) v; o.append(' ').append(a.length); for (long x : a) o.append(' ').append(x); }
    else if (v instanceof double[]) { double[] a = (double[]) v; o.append(' ').append(a.length); for (double x : a) o.append(' ').append(Double.toString(x)); }
    else if (v instanceof boolean[]) { boolean[] a = (boolean[]) v; o.append(' ').append(a.length); for (boolean x : a) o.append(x ? " 1" : " 0"); }
    else if (v instanceof Object[]) { Object[] a = (Object[]) v; o.append(' ').append(a.length); for (Object x : a) w(o, x); }
    else throw new IllegalArgumentException("unexpected " + v.getClass().getName());
  }
  static void emit(String body) throws java.io.IOException {
    out.write(("\\n@@ASR-" + nonce + " " + body + " @@ASE-" + nonce + "\\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
    out.flush();
  }
  public static void main(String[] argv) throws Exception {
    tk = new String(System.in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).trim().split("\\\\s+");
    nonce = n();
    out = new java.io.FileOutputStream(java.io.FileDescriptor.out);
    // what the candidate prints is debug output: stdout carries only the harness's record
    System.setOut(System.err);
${args}
    Object r;
    try {
      r = ${call};
    } catch (Throwable e) {
      e.printStackTrace();
      emit("exception " + hex(e.toString()));
      return;
    }
    StringBuilder o = new StringBuilder();
    try { w(o, r); } catch (IllegalArgumentException e) { emit("type " + hex(e.getMessage())); return; }
    System.err.flush();
    emit("ok" + o);
  }
}
`;
}

export const java: LanguageGenerator = {
  starter(sig) {
    const params = sig.params.map((p) => `${javaType(p.type)} ${p.name}`).join(', ');
    return `class Solution {\n    public ${javaType(sig.returns)} ${sig.name}(${params}) {\n\n    }\n}\n`;
  },
  program: (sig, code) => `${code}\n${harness(sig)}`,
};
