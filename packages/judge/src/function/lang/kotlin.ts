import { type FunctionSignature, type LanguageGenerator, splitType, type ValueType } from '../types';

/** LeetCode's Kotlin idiom: IntArray, Array<IntArray>, Array<String>. */
function ktType(t: ValueType): string {
  const { base, depth } = splitType(t);
  const scalar = { int: 'Int', long: 'Long', double: 'Double', bool: 'Boolean', string: 'String' }[base];
  if (depth === 0) return scalar;
  const one = base === 'string' ? 'Array<String>' : `${scalar}Array`;
  return depth === 1 ? one : `Array<${one}>`;
}

function reader(t: ValueType): string {
  const { base, depth } = splitType(t);
  const one = { int: 'ri()', long: 'rl()', double: 'rd()', bool: 'rb()', string: 'rs()' }[base];
  const arr = (inner: string) =>
    base === 'string' ? `Array<String>(ri()) { ${inner} }` : `${ktType(`${base}[]` as ValueType)}(ri()) { ${inner} }`;
  if (depth === 0) return `AssesslyHarness.${one}`;
  if (depth === 1) return `with(AssesslyHarness) { ${arr(one)} }`;
  return `with(AssesslyHarness) { Array(ri()) { ${arr(one)} } }`;
}

function harness(sig: FunctionSignature): string {
  const args = sig.params.map((p, k) => `    val a${k}: ${ktType(p.type)} = ${reader(p.type)}`).join('\n');
  return `
object AssesslyHarness {
    var tk: List<String> = emptyList(); var p = 0; var nonce = ""
    lateinit var out: java.io.FileOutputStream
    fun n(): String = tk[p++]
    fun ri(): Int = n().toInt()
    fun rl(): Long = n().toLong()
    fun rd(): Double = n().toDouble()
    fun rb(): Boolean = n() == "1"
    fun rs(): String { val h = n().substring(1); return String(ByteArray(h.length / 2) { h.substring(2 * it, 2 * it + 2).toInt(16).toByte() }, Charsets.UTF_8) }
    val hexDigits = "0123456789abcdef".toCharArray()
    fun hex(s: String): String {
        val x = s.toByteArray(Charsets.UTF_8); val c = CharArray(2 * x.size + 1); c[0] = 'x'
        for (j in x.indices) { val b = x[j].toInt() and 0xff; c[2 * j + 1] = hexDigits[b shr 4]; c[2 * j + 2] = hexDigits[b and 15] }
        return String(c)
    }
    fun w(o: StringBuilder, v: Any?) {
        when (v) {
            null -> throw IllegalArgumentException("returned null")
            is Boolean -> o.append(if (v) " 1" else " 0")
            is String -> o.append(' ').append(hex(v))
            is Int, is Long -> o.append(' ').append(v)
            is Double -> o.append(' ').append(v.toString())
            is IntArray -> { o.append(' ').append(v.size); v.forEach { w(o, it) } }
            is LongArray -> { o.append(' ').append(v.size); v.forEach { w(o, it) } }
            is DoubleArray -> { o.append(' ').append(v.size); v.forEach { w(o, it) } }
            is BooleanArray -> { o.append(' ').append(v.size); v.forEach { w(o, it) } }
            is Array<*> -> { o.append(' ').append(v.size); v.forEach { w(o, it) } }
            else -> throw IllegalArgumentException("unexpected " + v.javaClass.name)
        }
    }
    fun emit(body: String) { out.write(("\\n@@ASR-" + nonce + " " + body + " @@ASE-" + nonce + "\\n").toByteArray(Charsets.UTF_8)); out.flush() }
}

fun main() {
    AssesslyHarness.tk = String(System.\`in\`.readBytes(), Charsets.UTF_8).trim().split(Regex("\\\\s+"))
    AssesslyHarness.nonce = AssesslyHarness.n()
${args}
    // what the candidate prints is debug output: stdout carries only the harness's record
    AssesslyHarness.out = java.io.FileOutputStream(java.io.FileDescriptor.out)
    System.setOut(System.err)
    val r: Any?
    try {
        r = Solution().${sig.name}(${sig.params.map((_, k) => `a${k}`).join(', ')})
    } catch (e: Throwable) {
        e.printStackTrace()
        AssesslyHarness.emit("exception " + AssesslyHarness.hex(e.toString()))
        return
    }
    val o = StringBuilder()
    try { AssesslyHarness.w(o, r) } catch (e: IllegalArgumentException) { AssesslyHarness.emit("type " + AssesslyHarness.hex(e.message ?: "")); return }
    System.err.flush()
    AssesslyHarness.emit("ok" + o)
}
`;
}

export const kotlin: LanguageGenerator = {
  starter(sig) {
    const params = sig.params.map((p) => `${p.name}: ${ktType(p.type)}`).join(', ');
    return `class Solution {\n    fun ${sig.name}(${params}): ${ktType(sig.returns)} {\n\n    }\n}\n`;
  },
  program: (sig, code) => `${code}\n${harness(sig)}`,
};
