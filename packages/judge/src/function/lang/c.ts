import { type FunctionSignature, type LanguageGenerator, splitType, type ValueType } from '../types';

const C_BASE = { int: 'int', long: 'long long', double: 'double', bool: 'bool', string: 'char*' } as const;
const READ = {
  int: '(int) strtoll(asl_tok(), 0, 10)',
  long: 'strtoll(asl_tok(), 0, 10)',
  double: 'strtod(asl_tok(), 0)',
  bool: "(asl_tok()[0] == '1')",
  string: 'asl_unhex(asl_tok())',
} as const;
const PUT = { int: 'asl_puti', long: 'asl_puti', double: 'asl_putd', bool: 'asl_putb', string: 'asl_puts' } as const;

/** LeetCode's C idiom: arrays as pointer + size (+ column sizes); an array result sets *returnSize. */
function params(sig: FunctionSignature): string {
  const out = sig.params.map((p) => {
    const { base, depth } = splitType(p.type);
    const t = C_BASE[base];
    if (depth === 0) return `${t} ${p.name}`;
    if (depth === 1) return `${t}* ${p.name}, int ${p.name}Size`;
    return `${t}** ${p.name}, int ${p.name}Size, int* ${p.name}ColSize`;
  });
  const r = splitType(sig.returns).depth;
  if (r >= 1) out.push('int* returnSize');
  if (r === 2) out.push('int** returnColumnSizes');
  return out.join(', ');
}

function returnType(t: ValueType): string {
  const { base, depth } = splitType(t);
  return C_BASE[base] + '*'.repeat(depth);
}

function harness(sig: FunctionSignature): string {
  const reads: string[] = [];
  const args: string[] = [];
  sig.params.forEach((p, k) => {
    const { base, depth } = splitType(p.type);
    const t = C_BASE[base];
    const a = `a${k}`;
    if (depth === 0) reads.push(`  ${t} ${a} = ${READ[base]};`);
    else if (depth === 1)
      reads.push(
        `  int ${a}n = atoi(asl_tok()); ${t}* ${a} = malloc(sizeof(${t}) * (${a}n + 1));`,
        `  for (int i = 0; i < ${a}n; i++) ${a}[i] = ${READ[base]};`,
      );
    else
      reads.push(
        `  int ${a}n = atoi(asl_tok()); ${t}** ${a} = malloc(sizeof(${t}*) * (${a}n + 1)); int* ${a}c = malloc(sizeof(int) * (${a}n + 1));`,
        `  for (int i = 0; i < ${a}n; i++) { ${a}c[i] = atoi(asl_tok()); ${a}[i] = malloc(sizeof(${t}) * (${a}c[i] + 1));`,
        `    for (int j = 0; j < ${a}c[i]; j++) ${a}[i][j] = ${READ[base]}; }`,
      );
    args.push(depth === 0 ? a : depth === 1 ? `${a}, ${a}n` : `${a}, ${a}n, ${a}c`);
  });
  const { base, depth } = splitType(sig.returns);
  const put = PUT[base];
  let call: string;
  if (depth === 0) call = `  ${returnType(sig.returns)} r = ${sig.name}(${args.join(', ')});\n  ${put}(r);`;
  else if (depth === 1)
    call = [
      `  int rn = -1;`,
      `  ${returnType(sig.returns)} r = ${sig.name}(${[...args, '&rn'].join(', ')});`,
      `  if (rn < 0 || (rn > 0 && !r)) { asl_emit("type", "returnSize was not set or the array is NULL"); return 0; }`,
      `  asl_puti(rn); for (int i = 0; i < rn; i++) ${put}(r[i]);`,
    ].join('\n');
  else
    call = [
      `  int rn = -1; int* rc = 0;`,
      `  ${returnType(sig.returns)} r = ${sig.name}(${[...args, '&rn', '&rc'].join(', ')});`,
      `  if (rn < 0 || (rn > 0 && (!r || !rc))) { asl_emit("type", "returnSize or returnColumnSizes was not set"); return 0; }`,
      `  asl_puti(rn); for (int i = 0; i < rn; i++) { asl_puti(rc[i]); for (int j = 0; j < rc[i]; j++) ${put}(r[i][j]); }`,
    ].join('\n');
  return `
static char* asl_in; static char* asl_at; static char asl_nonce[64]; static int asl_out = 1;
static char* asl_buf; static size_t asl_len, asl_cap;
static char* asl_tok(void) {
  while (*asl_at && isspace((unsigned char) *asl_at)) asl_at++;
  char* s = asl_at;
  while (*asl_at && !isspace((unsigned char) *asl_at)) asl_at++;
  if (*asl_at) *asl_at++ = 0;
  return s;
}
static char* asl_unhex(const char* h) {
  size_t n = strlen(h + 1) / 2; char* s = malloc(n + 1);
  for (size_t i = 0; i < n; i++) { unsigned v; sscanf(h + 1 + 2 * i, "%2x", &v); s[i] = (char) v; }
  s[n] = 0; return s;
}
static void asl_add(const char* s) {
  size_t n = strlen(s);
  if (asl_len + n + 1 > asl_cap) { asl_cap = (asl_len + n + 1) * 2; asl_buf = realloc(asl_buf, asl_cap); }
  memcpy(asl_buf + asl_len, s, n + 1); asl_len += n;
}
static int asl_bad;
static void asl_puti(long long v) { char b[32]; snprintf(b, sizeof b, " %lld", v); asl_add(b); }
static void asl_putd(double v) { char b[40]; snprintf(b, sizeof b, " %.17g", v); asl_add(b); }
static void asl_putb(bool v) { asl_add(v ? " 1" : " 0"); }
static void asl_puts(const char* v) {
  if (!v) { asl_bad = 1; return; }
  char b[3]; asl_add(" x");
  for (const unsigned char* p = (const unsigned char*) v; *p; p++) { snprintf(b, sizeof b, "%02x", *p); asl_add(b); }
}
static void asl_emit(const char* status, const char* text) {
  asl_len = 0; asl_add("\\n@@ASR-"); asl_add(asl_nonce); asl_add(" "); asl_add(status);
  if (text) { asl_add(" "); asl_puts(text); }
  asl_add(" @@ASE-"); asl_add(asl_nonce); asl_add("\\n");
  size_t off = 0;
  while (off < asl_len) { ssize_t k = write(asl_out, asl_buf + off, asl_len - off); if (k <= 0) break; off += (size_t) k; }
}
int main(void) {
  size_t cap = 1 << 16, n = 0; asl_in = malloc(cap);
  for (size_t k; (k = fread(asl_in + n, 1, cap - n - 1, stdin)) > 0;) { n += k; if (cap - n < 2) asl_in = realloc(asl_in, cap *= 2); }
  asl_in[n] = 0; asl_at = asl_in;
  snprintf(asl_nonce, sizeof asl_nonce, "%s", asl_tok());
${reads.join('\n')}
  /* what the candidate prints is debug output: stdout carries only the harness's record */
  fflush(stdout); asl_out = dup(1); dup2(2, 1);
  asl_add("");
${call}
  if (asl_bad) { asl_emit("type", "returned a NULL string"); return 0; }
  fflush(stdout); fflush(stderr);
  { char* body = malloc(asl_len + 4); memcpy(body, "ok", 2); memcpy(body + 2, asl_buf, asl_len + 1);
    asl_len = 0; asl_emit(body, 0); }
  return 0;
}
`;
}

const PREAMBLE =
  '#include <ctype.h>\n#include <stdbool.h>\n#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n#include <unistd.h>\n#line 1 "main.c"\n';

export const c: LanguageGenerator = {
  starter: (sig) => `${returnType(sig.returns)} ${sig.name}(${params(sig)}) {\n\n}\n`,
  program: (sig, code) => `${PREAMBLE}${code}\n${harness(sig)}`,
};
