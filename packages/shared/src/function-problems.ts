/**
 * Function problems (issue 25): the signature a problem declares and the check of its cases against it, shared
 * by the builder (messages before saving) and the server (the same messages as a 400). The judge has its own
 * reader of the same format (packages/judge/src/function), since the judge imports nothing of ours.
 */
import { z } from 'zod';

export const PROBLEM_KINDS = ['stdio', 'function', 'sql', 'project'] as const;
export type TProblemKind = (typeof PROBLEM_KINDS)[number];

const BASES = ['int', 'long', 'double', 'bool', 'string'] as const;
/** Every parameter and return type: a base type with zero, one or two array levels. */
export const VALUE_TYPES = BASES.flatMap((b) => [b, `${b}[]`, `${b}[][]`] as const);
export type TValueType = (typeof VALUE_TYPES)[number];

/** Words no function or parameter may be named (keywords of the judge languages, and the harness's own names). */
const RESERVED = new Set(
  (
    'abstract and as assert async await bool boolean break byte case catch char class const continue def default del ' +
    'delete do double elif else enum except export extends false final finally float fn for from func function global ' +
    'go goto if impl import in instanceof int interface is lambda let long loop match mod mut namespace new nil none ' +
    'nonlocal not null object or package pass private protected public raise ref return self short static string ' +
    'struct super switch this throw throws trait true try type typeof union unsafe use var void when where while with ' +
    'yield main solution array list vector args argv out end begin module require echo print fun val'
  ).split(' '),
);

const ZIdentifier = (what: string) =>
  z
    .string({ error: `${what} is required` })
    .regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/, `${what} must start with a letter and hold only letters, digits and _`)
    .refine((s) => !RESERVED.has(s.toLowerCase()), `${what} is a reserved word in one of the judge languages`);

export const ZValueType = z.enum(VALUE_TYPES as unknown as [TValueType, ...TValueType[]], {
  error: `Choose a type: ${VALUE_TYPES.join(', ')}`,
});

export const ZFunctionSignature = z
  .object({
    name: ZIdentifier('The function name'),
    params: z
      .array(z.object({ name: ZIdentifier('A parameter name'), type: ZValueType }))
      .min(1, 'A function takes at least one parameter')
      .max(10, 'A function takes at most 10 parameters'),
    returns: ZValueType,
  })
  .refine((s) => new Set(s.params.map((p) => p.name)).size === s.params.length, {
    message: 'Parameter names must differ',
    path: ['params'],
  })
  .refine((s) => !s.params.some((p) => p.name === s.name), {
    message: 'A parameter cannot have the function’s name',
    path: ['params'],
  });
export type TFunctionSignature = z.infer<typeof ZFunctionSignature>;

/** POST /api/coding-tests/function-starters (issue 46): the typed stub of a signature in every code language. */
export const ZFunctionStartersRequest = z.object({ signature: ZFunctionSignature });
export const ZFunctionStarters = z.object({ starters: z.record(z.string(), z.string()) });
export type TFunctionStarters = z.infer<typeof ZFunctionStarters>;

type Json = { num: string } | string | boolean | null | Json[] | { obj: true };

/** JSON with numbers kept as text (a 64-bit integer must not round). Throws with a short reason. */
function readJson(text: string): Json {
  let i = 0;
  const ws = () => {
    while (' \t\r\n'.includes(text[i] ?? 'x')) i++;
  };
  const value = (): Json => {
    ws();
    const c = text[i];
    if (c === '[') {
      i++;
      const out: Json[] = [];
      ws();
      if (text[i] === ']') {
        i++;
        return out;
      }
      for (;;) {
        out.push(value());
        ws();
        const d = text[i++];
        if (d === ']') return out;
        if (d !== ',') throw new Error('expected , or ]');
      }
    }
    if (c === '"') {
      const m = /^"(?:[^"\\]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/.exec(text.slice(i));
      if (!m || [...m[0]].some((ch) => ch < ' '))
        throw new Error('a string is not closed or holds a raw control character');
      i += m[0].length;
      return JSON.parse(m[0]) as string;
    }
    if (c === '{') throw new Error('objects are not a parameter type');
    const m = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (m?.[0]) {
      i += m[0].length;
      return { num: m[0] };
    }
    for (const [w, v] of [
      ['true', true],
      ['false', false],
      ['null', null],
    ] as const)
      if (text.startsWith(w, i)) {
        i += w.length;
        return v;
      }
    throw new Error(c === undefined ? 'it ends too early' : `unexpected ${JSON.stringify(c)}`);
  };
  const v = value();
  ws();
  if (i < text.length) throw new Error('there is text after the value');
  return v;
}

const RANGES = { int: [-(2n ** 31n), 2n ** 31n - 1n], long: [-(2n ** 63n), 2n ** 63n - 1n] } as const;

function kindOf(v: Json): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'object') return 'num' in v ? `the number ${v.num.slice(0, 24)}` : 'an object';
  return typeof v === 'string' ? 'a string' : 'a boolean';
}

/** Why v is not a value of type t, or null when it is. */
function typeProblem(v: Json, t: string): string | null {
  if (t.endsWith('[]')) {
    if (!Array.isArray(v)) return `expected ${t}, got ${kindOf(v)}`;
    for (const [k, x] of v.entries()) {
      const p = typeProblem(x, t.slice(0, -2));
      if (p) return `element ${k}: ${p}`;
    }
    return null;
  }
  const num = typeof v === 'object' && v !== null && !Array.isArray(v) && 'num' in v ? v.num : null;
  if (t === 'int' || t === 'long') {
    if (num === null || !/^-?\d+$/.test(num)) return `expected ${t} (a whole number), got ${kindOf(v)}`;
    const [lo, hi] = RANGES[t];
    const n = BigInt(num);
    return n < lo || n > hi ? `${num} is outside the range of ${t}` : null;
  }
  if (t === 'double') return num === null ? `expected double, got ${kindOf(v)}` : null;
  if (t === 'bool') return typeof v === 'boolean' ? null : `expected bool (true or false), got ${kindOf(v)}`;
  return typeof v === 'string' ? null : `expected string, got ${kindOf(v)}`;
}

/** Why one line of JSON is not a value of type t, or null. */
export function jsonValueProblem(text: string, t: string): string | null {
  try {
    return typeProblem(readJson(text), t);
  } catch (err) {
    return `not valid JSON: ${(err as Error).message}`;
  }
}

/** Why a case input (one JSON value per parameter, one per line) does not fit the signature, or null. */
export function functionInputProblem(sig: TFunctionSignature, input: string): string | null {
  const lines = input.trim() === '' ? [] : input.replace(/\r\n/g, '\n').replace(/\n+$/, '').split('\n');
  if (lines.length !== sig.params.length)
    return `the input needs ${sig.params.length} line${sig.params.length === 1 ? '' : 's'}, one JSON value per parameter (${sig.params.map((p) => p.name).join(', ')}); it has ${lines.length}`;
  for (const [k, p] of sig.params.entries()) {
    const problem = jsonValueProblem(lines[k] as string, p.type);
    if (problem) return `parameter ${p.name} (line ${k + 1}): ${problem}`;
  }
  return null;
}

/** Every case of a function problem checked against its signature: messages name the case and the parameter. */
export function functionCaseProblems(
  sig: TFunctionSignature,
  lists: { examples: { input: string; output: string }[]; testCases: { input: string; output: string }[] },
): { path: (string | number)[]; message: string }[] {
  const out: { path: (string | number)[]; message: string }[] = [];
  for (const [list, label] of [
    ['examples', 'Example'],
    ['testCases', 'Test case'],
  ] as const) {
    lists[list].forEach((c, k) => {
      const inProblem = functionInputProblem(sig, c.input);
      if (inProblem) out.push({ path: [list, k, 'input'], message: `${label} ${k + 1}: ${inProblem}` });
      const outProblem = jsonValueProblem(c.output.trim(), sig.returns);
      if (outProblem)
        out.push({
          path: [list, k, 'output'],
          message: `${label} ${k + 1}: the output (returns ${sig.returns}): ${outProblem}`,
        });
    });
  }
  return out;
}

/** The fields a coding problem's input gains (spread into ZCodingProblemInput). */
export const functionProblemFields = {
  /** stdio (stdin → stdout, the default) or function (a signature; cases are JSON values). */
  kind: z
    .enum(PROBLEM_KINDS, { error: 'Choose a problem kind: stdio, function, sql or project' })
    .optional()
    .default('stdio'),
  signature: ZFunctionSignature.nullable().optional(),
  /** A function problem whose returned array may come in any order. */
  unorderedResult: z.boolean().optional().default(false),
};

/** The same fields in a problem as the server answers it (employer and candidate). */
export const functionProblemOut = {
  kind: z.enum(PROBLEM_KINDS),
  signature: ZFunctionSignature.nullable(),
  unorderedResult: z.boolean(),
};

/** superRefine of a coding problem's input: a function problem has a signature and cases that fit it. */
export function checkFunctionProblem(
  p: {
    kind?: TProblemKind;
    signature?: TFunctionSignature | null;
    examples: { input: string; output: string }[];
    testCases: { input: string; output: string }[];
  },
  ctx: z.RefinementCtx,
): void {
  if (p.kind !== 'function') return;
  if (!p.signature) {
    ctx.addIssue({ code: 'custom', path: ['signature'], message: 'A function problem needs a signature' });
    return;
  }
  for (const issue of functionCaseProblems(p.signature, p)) ctx.addIssue({ code: 'custom', ...issue });
}
