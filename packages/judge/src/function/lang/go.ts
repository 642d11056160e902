import { type FunctionSignature, type LanguageGenerator, splitType, type ValueType } from '../types';

function goType(t: ValueType): string {
  const { base, depth } = splitType(t);
  return '[]'.repeat(depth) + { int: 'int', long: 'int64', double: 'float64', bool: 'bool', string: 'string' }[base];
}

function reader(t: ValueType): string {
  const { base, depth } = splitType(t);
  const one = { int: 'assesslyRi', long: 'assesslyRl', double: 'assesslyRd', bool: 'assesslyRb', string: 'assesslyRs' }[
    base
  ];
  if (depth === 0) return `${one}()`;
  if (depth === 1) return `assesslyArr(${one})`;
  return `assesslyArr(func() ${goType(t.slice(0, -2) as ValueType)} { return assesslyArr(${one}) })`;
}

// the harness's imports are aliased so they neither clash with nor duplicate the candidate's own
const PREAMBLE = `package main

import (
\tassesslyHex "encoding/hex"
\tassesslyIO "io"
\tassesslyOS "os"
\tassesslyReflect "reflect"
\tassesslyStrconv "strconv"
\tassesslyStrings "strings"
)
//line main.go:1
`;

function harness(sig: FunctionSignature): string {
  const args = sig.params.map((p, k) => `\ta${k} := ${reader(p.type)}`).join('\n');
  return `
var assesslyTk []string
var assesslyP int

func assesslyN() string { assesslyP++; return assesslyTk[assesslyP-1] }
func assesslyRi() int { v, _ := assesslyStrconv.Atoi(assesslyN()); return v }
func assesslyRl() int64 { v, _ := assesslyStrconv.ParseInt(assesslyN(), 10, 64); return v }
func assesslyRd() float64 { v, _ := assesslyStrconv.ParseFloat(assesslyN(), 64); return v }
func assesslyRb() bool { return assesslyN() == "1" }
func assesslyRs() string { b, _ := assesslyHex.DecodeString(assesslyN()[1:]); return string(b) }
func assesslyArr[T any](f func() T) []T {
\tn := assesslyRi()
\ta := make([]T, n)
\tfor i := range a {
\t\ta[i] = f()
\t}
\treturn a
}
func assesslyW(o *assesslyStrings.Builder, v assesslyReflect.Value) {
\tswitch v.Kind() {
\tcase assesslyReflect.Int, assesslyReflect.Int64:
\t\to.WriteString(" " + assesslyStrconv.FormatInt(v.Int(), 10))
\tcase assesslyReflect.Float64:
\t\to.WriteString(" " + assesslyStrconv.FormatFloat(v.Float(), 'g', -1, 64))
\tcase assesslyReflect.Bool:
\t\tif v.Bool() {
\t\t\to.WriteString(" 1")
\t\t} else {
\t\t\to.WriteString(" 0")
\t\t}
\tcase assesslyReflect.String:
\t\to.WriteString(" x" + assesslyHex.EncodeToString([]byte(v.String())))
\tcase assesslyReflect.Slice:
\t\to.WriteString(" " + assesslyStrconv.Itoa(v.Len()))
\t\tfor i := 0; i < v.Len(); i++ {
\t\t\tassesslyW(o, v.Index(i))
\t\t}
\t}
}

func main() {
\tall, _ := assesslyIO.ReadAll(assesslyOS.Stdin)
\tassesslyTk = assesslyStrings.Fields(string(all))
\tnonce := assesslyN()
${args}
\t// what the candidate prints is debug output: stdout carries only the harness's record
\tout := assesslyOS.Stdout
\tassesslyOS.Stdout = assesslyOS.Stderr
\temit := func(body string) {
\t\tout.Write([]byte("\\n@@ASR-" + nonce + " " + body + " @@ASE-" + nonce + "\\n"))
\t}
\tvar o assesslyStrings.Builder
\tfailed := func() (msg string) {
\t\tdefer func() {
\t\t\tif e := recover(); e != nil {
\t\t\t\tmsg = assesslyStrings.TrimSpace(assesslyStrings.ReplaceAll(" "+assesslyStrconv.Quote(assesslyReflect.ValueOf(e).String()), "\\"", ""))
\t\t\t\tif err, ok := e.(error); ok {
\t\t\t\t\tmsg = err.Error()
\t\t\t\t} else if s, ok := e.(string); ok {
\t\t\t\t\tmsg = s
\t\t\t\t}
\t\t\t\tassesslyOS.Stderr.WriteString("panic: " + msg + "\\n")
\t\t\t\tmsg = "panic: " + msg
\t\t\t}
\t\t}()
\t\tassesslyW(&o, assesslyReflect.ValueOf(${sig.name}(${sig.params.map((_, k) => `a${k}`).join(', ')})))
\t\treturn ""
\t}()
\tif failed != "" {
\t\temit("exception x" + assesslyHex.EncodeToString([]byte(failed)))
\t\treturn
\t}
\temit("ok" + o.String())
}
`;
}

/**
 * The candidate's code without its own `package main` clause (the harness writes one; a second is a compile
 * error). Comments before it and the line breaks stay, so compiler line numbers still match the editor's.
 */
export function withoutPackageClause(code: string): string {
  return code.replace(/^((?:\s|\/\/[^\n]*|\/\*[\s\S]*?\*\/)*)package[ \t]+main\b[ \t]*;?/, '$1');
}

export const go: LanguageGenerator = {
  starter(sig) {
    const params = sig.params.map((p) => `${p.name} ${goType(p.type)}`).join(', ');
    return `func ${sig.name}(${params}) ${goType(sig.returns)} {\n\n}\n`;
  },
  program: (sig, code) => `${PREAMBLE}${withoutPackageClause(code)}\n${harness(sig)}`,
};
