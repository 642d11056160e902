/**
 * Judging a function problem over the ordinary stdio judge (issue 25). Each case runs in its own sandboxed
 * process as usual; the harness gets a fresh random nonce as the first line of its input and, only after the
 * candidate's function has returned, writes one framed record `@@ASR-<nonce> … @@ASE-<nonce>` to the stdout
 * it kept for itself (the candidate's own prints go to stderr and are shown as debug output, never compared).
 * No record (an early exit, a crash), two records, or a record that does not decode as the return type is a
 * Runtime Error. The expected value never enters the sandbox: it is compared here, by type.
 */
import { randomBytes } from 'node:crypto';
import type { CaseResult, JudgeRequest, JudgeResult } from '../types';
import { functionProgram } from './generators';
import type { FunctionSpec } from './types';
import { fromTokens, parseArguments, parseTyped, sameValue, toJsonText, toTokens, type Value } from './values';

const SHOWN = 64 << 10;
const RECORD = /@@ASR-([0-9a-f]{32}) ([\s\S]*?) @@ASE-\1/g;

function decodeHex(tok: string | undefined): string {
  return tok && /^x(?:[0-9a-f]{2})*$/.test(tok) ? Buffer.from(tok.slice(1), 'hex').toString('utf8') : '';
}

interface Outcome {
  ok: boolean;
  value?: Value;
  message?: string;
}

/** Reads the harness's record out of the run's stdout. */
export function readRecord(stdout: string, nonce: string, spec: FunctionSpec): Outcome {
  const name = spec.signature.name;
  const records = [...stdout.matchAll(RECORD)].filter((m) => m[1] === nonce);
  if (records.length === 0) return { ok: false, message: `the program ended before ${name} returned` };
  if (records.length > 1) return { ok: false, message: 'the result was written more than once' };
  const tokens = (records[0]?.[2] ?? '').trim().split(/\s+/);
  const [status, ...rest] = tokens;
  switch (status) {
    case 'ok':
      try {
        const pos = { i: 0 };
        const value = fromTokens(rest, pos, spec.signature.returns);
        if (pos.i !== rest.length) return { ok: false, message: 'the result had extra values' };
        return { ok: true, value };
      } catch (err) {
        return { ok: false, message: `wrong return type: ${(err as Error).message}` };
      }
    case 'missing':
      return { ok: false, message: `missing function: ${name} is not defined` };
    case 'exit':
      return { ok: false, message: `${name} exited instead of returning` };
    case 'type':
      return { ok: false, message: `wrong return type: ${decodeHex(rest[0])}` };
    case 'exception':
      return { ok: false, message: `exception: ${decodeHex(rest[0])}` };
    default:
      return { ok: false, message: 'the result could not be read' };
  }
}

type RunStdio = (req: JudgeRequest) => Promise<JudgeResult>;

/** Judges req (which carries `function`) by wrapping its code in the generated harness. */
export async function judgeFunction(req: JudgeRequest, spec: FunctionSpec, run: RunStdio): Promise<JudgeResult> {
  let program: string;
  try {
    program = functionProgram(req.language, spec.signature, req.code);
  } catch (err) {
    return {
      verdict: 'Internal Error',
      compileOutput: (err as Error).message,
      cases: [],
      compileMs: null,
      passedCount: 0,
      totalCount: req.cases.length,
    };
  }
  const nonces = req.cases.map(() => randomBytes(16).toString('hex'));
  const badInput = new Map<number, string>();
  const cases = req.cases.map((c, k) => {
    let tokens: string[] = [];
    try {
      const args = parseArguments(spec.signature, c.input);
      spec.signature.params.forEach((p, j) => {
        toTokens(args[j] as Value, p.type, tokens);
      });
    } catch (err) {
      badInput.set(k, `input: ${(err as Error).message}`);
      tokens = [];
    }
    return { input: `${nonces[k]}\n${tokens.join(' ')}\n`, expectedOutput: null };
  });
  const result = await run({
    ...req,
    function: null,
    keepRawOutput: true,
    code: program,
    cases,
    compare: null,
    floatTolerance: null,
  });
  if (result.verdict === 'Compilation Error' || result.verdict === 'Internal Error') return result;
  const judged: CaseResult[] = result.cases.map((c, k) => {
    const expectedText = req.cases[k]?.expectedOutput ?? null;
    // the program's own stdout holds only records; anything else the candidate wrote there is debug output too
    // read from the whole stdout: the shown output is cut at 64 KiB, and a record cut there would not match RECORD
    // and be shown, hex and all, as debug output
    const raw = c.rawOutput ?? c.output;
    const strayAll = raw.replace(RECORD, '').trim();
    const stray = strayAll.length > SHOWN ? `${strayAll.slice(0, SHOWN)}…` : strayAll;
    const debug = [stray, c.stderr].filter((s) => s !== '').join('\n');
    const { rawOutput: _raw, ...rest } = c;
    const base = { ...rest, output: '', stderr: debug };
    const inputProblem = badInput.get(k);
    if (inputProblem) return { ...base, passed: false, verdict: 'Runtime Error', message: inputProblem };
    if (c.verdict !== 'Accepted') return base;
    const got = readRecord(raw, nonces[k] as string, spec);
    if (!got.ok) return { ...base, passed: false, verdict: 'Runtime Error', message: got.message ?? null };
    const full = toJsonText(got.value as Value);
    const output = full.length > SHOWN ? `${full.slice(0, SHOWN)}…` : full;
    if (expectedText === null) return { ...base, output, passed: true, verdict: 'Accepted' };
    let expected: Value;
    try {
      expected = parseTyped(expectedText.trim(), spec.signature.returns);
    } catch (err) {
      return {
        ...base,
        output,
        passed: false,
        verdict: 'Internal Error',
        message: `expected output: ${(err as Error).message}`,
      };
    }
    const passed = sameValue(got.value as Value, expected, spec.tolerance, spec.unorderedResult ?? false);
    return { ...base, output, passed, verdict: passed ? 'Accepted' : 'Wrong Answer', message: null };
  });
  const firstBad = judged.find((c) => c.verdict !== 'Accepted');
  return {
    ...result,
    verdict: firstBad ? firstBad.verdict : result.verdict,
    cases: judged,
    passedCount: judged.filter((c) => c.passed).length,
  };
}
