import { LANGUAGES, type Language } from '../language-ids';
/** A function problem's description: what the starter and the harness are generated from (issue 25). */
export type BaseType = 'int' | 'long' | 'double' | 'bool' | 'string';

/** A parameter or return type: a base type with zero, one or two array levels (`int`, `int[]`, `int[][]`). */
export type ValueType = `${BaseType}` | `${BaseType}[]` | `${BaseType}[][]`;

export const BASE_TYPES: readonly BaseType[] = ['int', 'long', 'double', 'bool', 'string'];

export const VALUE_TYPES: readonly ValueType[] = BASE_TYPES.flatMap((b) => [b, `${b}[]`, `${b}[][]`] as ValueType[]);

export interface FunctionSignature {
  name: string;
  params: { name: string; type: ValueType }[];
  returns: ValueType;
}

/** How a function problem is judged: its signature and how the return value is compared. */
export interface FunctionSpec {
  signature: FunctionSignature;
  /** Doubles match within this absolute or relative tolerance (default 1e-6). */
  tolerance?: number | null;
  /** The returned array's order does not matter (outer level only). */
  unorderedResult?: boolean;
}

/** Every language a function problem generates a starter and a harness for: every judge language. */
export type FunctionLanguage = Language;

export const FUNCTION_LANGUAGES: readonly FunctionLanguage[] = LANGUAGES;

export function splitType(t: ValueType): { base: BaseType; depth: 0 | 1 | 2 } {
  const base = t.replace(/\[\]/g, '') as BaseType;
  const depth = ((t.length - base.length) / 2) as 0 | 1 | 2;
  return { base, depth };
}

/** What a generator gives: the starter the candidate edits and the whole program the judge runs. */
export interface LanguageGenerator {
  starter(sig: FunctionSignature): string;
  program(sig: FunctionSignature, code: string): string;
}
