import { INTERNAL_ERROR_MESSAGE } from '@assessly/shared';
import { describe, expect, it } from 'vitest';
import {
  toCandidateAttemptResult,
  toCandidateCompileOutput,
  toCandidateResult,
  toCandidateResults,
} from './projection';

const HIDDEN = {
  index: 3,
  passed: false,
  verdict: 'Wrong Answer',
  timeMs: 17,
  memoryKb: 9000,
  hidden: true,
  input: 'SECRET-in',
  expectedOutput: 'SECRET-out',
  output: 'SECRET-echo',
  actualOutput: 'SECRET-echo',
  stderr: 'SECRET-err',
  exitCode: 1,
  signal: null,
  message: 'exit code 1',
} as const;

describe('candidate projection of results', () => {
  it('reduces a hidden case to exactly index, hidden, passed and verdict', () => {
    expect(toCandidateResult(HIDDEN)).toEqual({ index: 3, hidden: true, passed: false, verdict: 'Wrong Answer' });
    expect(Object.keys(toCandidateAttemptResult(HIDDEN, 0)).sort()).toEqual(['hidden', 'index', 'passed', 'verdict']);
  });
  it('treats the older nested form (testCase.hidden) as hidden too, and numbers items without an index', () => {
    const item = { passed: true, verdict: 'Accepted', testCase: { hidden: true, input: 'SECRET' } };
    expect(toCandidateResults([{ ...HIDDEN, index: 0, hidden: false }, item])[1]).toEqual({
      index: 1,
      hidden: true,
      passed: true,
      verdict: 'Accepted',
    });
  });
  it('keeps a visible case whole, but replaces an internal error text with the generic message', () => {
    const visible = { ...HIDDEN, hidden: false };
    expect(toCandidateResult(visible)).toEqual(visible);
    const internal = {
      ...visible,
      verdict: 'Internal Error' as const,
      output: '/var/lib/x failed',
      message: 'bwrap: /x',
    };
    const shown = toCandidateResult(internal);
    expect(JSON.stringify(shown)).not.toContain('/var/lib/x');
    expect(shown.output).toBe(INTERNAL_ERROR_MESSAGE);
  });
  it('hides an internal error in compileOutput but keeps compiler messages', () => {
    expect(toCandidateCompileOutput('Internal Error', 'sandbox failed: /tmp/x')).toBe(INTERNAL_ERROR_MESSAGE);
    expect(toCandidateCompileOutput('Compilation Error', 'main.cpp:1: error')).toBe('main.cpp:1: error');
    expect(toCandidateCompileOutput('Accepted', null)).toBeNull();
  });
});
