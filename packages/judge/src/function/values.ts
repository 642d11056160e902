/**
 * Typed values of a function problem: checking a case's JSON against a type, the token form the harness reads
 * and writes, and the comparison by type. Integers are bigint here so `long` stays exact.
 */
import { isNum, type JsonValue, parseJsonExact } from './json';
import { type FunctionSignature, splitType, type ValueType } from './types';

export type Value = bigint | number | boolean | string | Value[];

const INT_RANGE = [-(2n ** 31n), 2n ** 31n - 1n] as const;
const LONG_RANGE = [-(2n ** 63n), 2n ** 63n - 1n] as const;

function describe(v: JsonValue): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'string') return 'a string';
  if (typeof v === 'boolean') return 'a boolean';
  if (isNum(v)) return `the number ${v.num.length > 24 ? `${v.num.slice(0, 24)}…` : v.num}`;
  return 'an object';
}

/** The JSON value as a value of type t, or an Error saying what is wrong with it. */
export function fromJson(v: JsonValue, t: ValueType): Value {
  const { base, depth } = splitType(t);
  if (depth > 0) {
    if (!Array.isArray(v)) throw new Error(`expected ${t}, got ${describe(v)}`);
    const inner = t.slice(0, -2) as ValueType;
    return v.map((x, k) => {
      try {
        return fromJson(x, inner);
      } catch (err) {
        throw new Error(`element ${k}: ${(err as Error).message}`);
      }
    });
  }
  switch (base) {
    case 'int':
    case 'long': {
      if (!isNum(v) || !/^-?\d+$/.test(v.num)) throw new Error(`expected ${t} (a whole number), got ${describe(v)}`);
      const n = BigInt(v.num);
      const [lo, hi] = base === 'int' ? INT_RANGE : LONG_RANGE;
      if (n < lo || n > hi) throw new Error(`${v.num} is outside the range of ${t} (${lo} to ${hi})`);
      return n;
    }
    case 'double':
      if (!isNum(v)) throw new Error(`expected double, got ${describe(v)}`);
      return Number(v.num);
    case 'bool':
      if (typeof v !== 'boolean') throw new Error(`expected bool (true or false), got ${describe(v)}`);
      return v;
    case 'string':
      if (typeof v !== 'string') throw new Error(`expected string, got ${describe(v)}`);
      return v;
  }
}

/** Parses one line of JSON as type t; the error names the problem only (callers add case and parameter). */
export function parseTyped(text: string, t: ValueType): Value {
  let json: JsonValue;
  try {
    json = parseJsonExact(text);
  } catch (err) {
    throw new Error(`not valid JSON (${(err as Error).message})`);
  }
  return fromJson(json, t);
}

/** A case's input: one JSON value per parameter, one per line. The error names the parameter. */
export function parseArguments(sig: FunctionSignature, input: string): Value[] {
  const lines = input.replace(/\r\n/g, '\n').replace(/\n+$/, '').split('\n');
  if (input.trim() === '') lines.length = 0;
  if (lines.length !== sig.params.length) {
    throw new Error(
      `expected ${sig.params.length} line${sig.params.length === 1 ? '' : 's'} (one JSON value per parameter: ${sig.params.map((p) => p.name).join(', ')}), got ${lines.length}`,
    );
  }
  return sig.params.map((p, k) => {
    try {
      return parseTyped(lines[k] as string, p.type);
    } catch (err) {
      throw new Error(`parameter ${p.name} (line ${k + 1}): ${(err as Error).message}`);
    }
  });
}

const hex = (s: string) => `x${Buffer.from(s, 'utf8').toString('hex')}`;

/** The whitespace-separated tokens the harness reads: numbers as text, bools 1/0, strings x+hex, arrays count-first. */
export function toTokens(v: Value, t: ValueType, out: string[] = []): string[] {
  const { depth } = splitType(t);
  if (depth > 0) {
    const arr = v as Value[];
    out.push(String(arr.length));
    for (const x of arr) toTokens(x, t.slice(0, -2) as ValueType, out);
    return out;
  }
  if (typeof v === 'boolean') out.push(v ? '1' : '0');
  else if (typeof v === 'string') out.push(hex(v));
  else if (typeof v === 'number') out.push(Number.isFinite(v) ? String(v) : String(v).toLowerCase());
  else out.push(String(v));
  return out;
}

/** Reads a value of type t from the harness's tokens; throws when they do not hold one. */
export function fromTokens(tokens: string[], pos: { i: number }, t: ValueType): Value {
  const { base, depth } = splitType(t);
  const next = () => {
    const tok = tokens[pos.i++];
    if (tok === undefined) throw new Error('the result ended early');
    return tok;
  };
  if (depth > 0) {
    const n = Number(next());
    if (!Number.isSafeInteger(n) || n < 0) throw new Error('bad array length');
    const inner = t.slice(0, -2) as ValueType;
    return Array.from({ length: n }, () => fromTokens(tokens, pos, inner));
  }
  const tok = next();
  switch (base) {
    case 'int':
    case 'long': {
      if (!/^-?\d+$/.test(tok)) throw new Error(`${tok.slice(0, 30)} is not a whole number`);
      const n = BigInt(tok);
      const [lo, hi] = base === 'int' ? INT_RANGE : LONG_RANGE;
      if (n < lo || n > hi) throw new Error(`the returned ${tok.slice(0, 30)} does not fit ${base}`);
      return n;
    }
    case 'double': {
      const low = tok.toLowerCase().replace('infinity', 'inf');
      if (low === 'nan' || low === '-nan') return Number.NaN;
      if (low === 'inf' || low === '+inf') return Number.POSITIVE_INFINITY;
      if (low === '-inf') return Number.NEGATIVE_INFINITY;
      const n = Number(tok);
      if (tok === '' || Number.isNaN(n)) throw new Error(`${tok.slice(0, 30)} is not a number`);
      return n;
    }
    case 'bool':
      if (tok !== '0' && tok !== '1') throw new Error('bad bool');
      return tok === '1';
    case 'string':
      if (!/^x(?:[0-9a-f]{2})*$/.test(tok)) throw new Error('bad string');
      return Buffer.from(tok.slice(1), 'hex').toString('utf8');
  }
}

/** The value as JSON text (what the candidate and the author see). */
export function toJsonText(v: Value): string {
  if (Array.isArray(v)) return `[${v.map(toJsonText).join(',')}]`;
  if (typeof v === 'bigint') return String(v);
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : String(v);
  return JSON.stringify(v);
}

const DEFAULT_TOLERANCE = 1e-6;

function sameDouble(a: number, e: number, tol: number): boolean {
  if (Number.isNaN(a) || Number.isNaN(e)) return Number.isNaN(a) && Number.isNaN(e);
  if (a === e) return true;
  const d = Math.abs(a - e);
  return d <= tol || d <= tol * Math.abs(e);
}

function sortKey(v: Value): string {
  return typeof v === 'number' ? v.toExponential(12).padStart(30) : toJsonText(v);
}

/** Compares by type: integers, strings and bools exactly, doubles within tolerance, arrays element by element. */
export function sameValue(actual: Value, expected: Value, tolerance?: number | null, unordered = false): boolean {
  const tol = typeof tolerance === 'number' && tolerance >= 0 ? tolerance : DEFAULT_TOLERANCE;
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length) return false;
    let a = actual;
    let e = expected;
    if (unordered) {
      const byKey = (x: Value, y: Value) =>
        typeof x === 'number' && typeof y === 'number'
          ? x - y
          : sortKey(x) < sortKey(y)
            ? -1
            : sortKey(x) > sortKey(y)
              ? 1
              : 0;
      a = [...actual].sort(byKey);
      e = [...expected].sort(byKey);
    }
    return e.every((x, k) => sameValue(a[k] as Value, x, tol));
  }
  if (typeof expected === 'number') return typeof actual === 'number' && sameDouble(actual, expected, tol);
  return actual === expected;
}
