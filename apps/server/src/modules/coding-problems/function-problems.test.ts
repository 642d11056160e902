/** Function problems (issue 25) through the API, on the real sandboxed judge. */
import { CODE_LANGUAGES } from '@assessly/shared';
import { describe, expect, it } from 'vitest';
import { buildCodingTest, startCodingAttempt } from '../../../test/factories';
import { useRealJudge, useTestApp } from '../../../test/support';

const t = useTestApp();
useRealJudge(t, { concurrency: 2 });

const SIGNATURE = {
  name: 'topTwo',
  params: [
    { name: 'nums', type: 'long[]' },
    { name: 'scale', type: 'double' },
  ],
  returns: 'double[]',
};
// the hidden case's expected output is a value no candidate answer may ever contain
const HIDDEN_OUTPUT = '[73737373.5,1]';

function problemBody(over: Record<string, unknown> = {}) {
  return {
    title: 'Two largest, scaled',
    description: 'Return the two largest numbers times scale, largest first.',
    examples: [{ input: '[1, 9007199254740993, 5]\n0.5', output: '[4503599627370496.5, 2.5]' }],
    testCases: [{ input: '[147474747, 2, 1]\n0.5', output: HIDDEN_OUTPUT }],
    constraints: ['2 <= len(nums)'],
    kind: 'function',
    signature: SIGNATURE,
    ...over,
  };
}

const PYTHON = `def topTwo(nums, scale):
    print("debug:", nums)
    a, b = sorted(nums, reverse=True)[:2]
    return [a * scale, b * scale]
`;
const JAVA = `import java.util.*;
class Solution {
    public double[] topTwo(long[] nums, double scale) {
        long[] s = nums.clone();
        Arrays.sort(s);
        System.out.println("debug " + s.length);
        return new double[] { s[s.length - 1] * scale, s[s.length - 2] * scale };
    }
}`;

describe('function problems', () => {
  it('refuses cases that do not fit the signature, naming the case and the parameter', async () => {
    const employer = await t.signIn({ role: 'employer' });
    const bad = await t
      .as(employer)
      .post('/api/coding-tests', problemBody({ testCases: [{ input: '[1, "two"]\n0.5', output: '[1, 2]' }] }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Test case 1: parameter nums (line 1): element 1: expected long');
    const noSig = await t.as(employer).post('/api/coding-tests', problemBody({ signature: null }));
    expect(noSig.statusCode).toBe(400);
    expect(noSig.json().message).toContain('A function problem needs a signature');
    const badOut = await t
      .as(employer)
      .post('/api/coding-tests', problemBody({ examples: [{ input: '[1, 2]\n1', output: '"x"' }] }));
    expect(badOut.statusCode).toBe(400);
    expect(badOut.json().message).toContain(
      'Example 1: the output (returns double[]): expected double[], got a string',
    );
    const reserved = await t
      .as(employer)
      .post('/api/coding-tests', problemBody({ signature: { ...SIGNATURE, name: 'class' } }));
    expect(reserved.statusCode).toBe(400);
  });

  it('stores the signature and generates a starter in every editor language', async () => {
    const employer = await t.signIn({ role: 'employer' });
    const res = await t.as(employer).post('/api/coding-tests', problemBody({ unorderedResult: true }));
    expect(res.statusCode).toBe(201);
    const p = res.json();
    expect(p).toMatchObject({ kind: 'function', signature: SIGNATURE, unorderedResult: true });
    expect(p.starterCode.python).toBe('def topTwo(nums: list[int], scale: float) -> list[float]:\n    pass\n');
    expect(p.starterCode.java).toContain('public double[] topTwo(long[] nums, double scale)');
    expect(p.starterCode.cpp).toContain('vector<double> topTwo(vector<long long> nums, double scale)');
    expect(p.starterCode.typescript).toContain('function topTwo(nums: bigint[], scale: number): number[]');
    expect(p.starterCode.javascript).toContain('@param {bigint[]} nums');
  });

  it('a candidate sees the signature, solves it in Python and Java with prints, and never sees hidden outputs', async () => {
    const { test } = await buildCodingTest(t.deps.db, {
      problems: [{ ...problemBody(), kind: 'function', signature: SIGNATURE, marks: 10 }] as never,
    });
    const candidate = await t.signIn();
    await startCodingAttempt(t.deps, candidate.id, test.id);
    const take = await t.as(candidate).get(`/api/attempts/take/${test.id}`);
    expect(take.statusCode).toBe(200);
    const shown = take.json().questions?.[0] ?? take.json().problems?.[0];
    expect(shown).toMatchObject({ kind: 'function', signature: SIGNATURE });
    expect(JSON.stringify(take.json())).not.toContain('73737373.5');

    for (const [language, code] of [
      ['python', PYTHON],
      ['java', JAVA],
    ]) {
      const res = await t
        .as(candidate)
        .post('/api/submissions', { testId: test.id, questionNumber: 0, language, code });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['x-submission-score']).toBe('10/10');
      const items = res.json();
      // a double cannot hold the .5 at this size: it matches within the tolerance
      expect(items[0]).toMatchObject({ passed: true, output: '[4503599627370496,2.5]' });
      expect(items[0].stderr).toContain('debug');
      expect(items[1]).toMatchObject({ hidden: true, passed: true });
      expect(res.body).not.toContain('73737373.5');
    }
  });

  it('runs a custom input, refuses one that does not fit, and reports a wrong return type', async () => {
    const { test } = await buildCodingTest(t.deps.db, {
      problems: [{ ...problemBody(), kind: 'function', signature: SIGNATURE }] as never,
    });
    const candidate = await t.signIn();
    await startCodingAttempt(t.deps, candidate.id, test.id);
    const run = (code: string, stdin?: string) =>
      t
        .as(candidate)
        .post('/api/submissions/run', { testId: test.id, questionNumber: 0, language: 'python', code, stdin });
    const custom = await run(PYTHON, '[3, 1, 2]\n2');
    expect(custom.statusCode).toBe(200);
    expect(custom.json()[0]).toMatchObject({ verdict: 'Accepted', output: '[6,4]' });
    const bad = await run(PYTHON, '[3, 1]');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(
      'Custom input: the input needs 2 lines, one JSON value per parameter (nums, scale); it has 1',
    );
    const wrongType = await run('def topTwo(nums, scale):\n    return "2 1"\n');
    expect(wrongType.json()[0]).toMatchObject({ verdict: 'Runtime Error', passed: false });
    expect(wrongType.json()[0].message).toMatch(/^wrong return type: expected double\[\], got str/);
  });
});

describe('POST /api/coding-tests/{id}/fill-outputs', () => {
  it('stores the model solution’s return values as the expected outputs, and refuses a failing solution', async () => {
    const employer = await t.signIn({ role: 'employer' });
    const created = await t.as(employer).post(
      '/api/coding-tests',
      problemBody({
        examples: [{ input: '[1, 9, 5]\n2', output: '[0, 0]' }],
        testCases: [{ input: '[4, 3]\n0.5', output: '[0, 0]' }],
        solution: PYTHON,
        solutionLanguage: 'python',
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const filled = await t.as(employer).post(`/api/coding-tests/${id}/fill-outputs`, {});
    expect(filled.statusCode, filled.body).toBe(200);
    expect(filled.json().examples).toEqual([{ input: '[1, 9, 5]\n2', output: '[18,10]' }]);
    expect(filled.json().testCases).toEqual([{ input: '[4, 3]\n0.5', output: '[2,1.5]' }]);
    expect((await t.as(employer).get(`/api/coding-tests/${id}/export`)).json()).toMatchObject({
      code: 'UNPROCESSABLE',
      message: expect.stringContaining('cannot be exported as a Kattis package'),
    });

    const broken = {
      ...problemBody(),
      solution: 'def topTwo(nums, scale):\n    return nums[5]\n',
      solutionLanguage: 'python',
    };
    await t.as(employer).put(`/api/coding-tests/${id}`, broken);
    const refused = await t.as(employer).post(`/api/coding-tests/${id}/fill-outputs`, {});
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toMatch(/^Example 1: the model solution gave Runtime Error \(exception: IndexError/);
    const after = (await t.as(employer).get(`/api/coding-tests/${id}`)).json();
    expect(after.examples).toEqual(problemBody().examples);
  });
});

describe('POST /api/coding-tests/function-starters (issue 46)', () => {
  it('answers the typed stub of a signature in every code language, and a clear 400 for a bad one', async () => {
    const employer = await t.signIn({ role: 'employer' });
    const res = await t.as(employer).post('/api/coding-tests/function-starters', { signature: SIGNATURE });
    expect(res.statusCode, res.body).toBe(200);
    const { starters } = res.json() as { starters: Record<string, string> };
    expect(Object.keys(starters).sort()).toEqual([...CODE_LANGUAGES].sort());
    expect(starters.python).toBe('def topTwo(nums: list[int], scale: float) -> list[float]:\n    pass\n');
    expect(starters.java).toContain('public double[] topTwo(long[] nums, double scale)');
    const bad = await t.as(employer).post('/api/coding-tests/function-starters', {
      signature: { ...SIGNATURE, params: [] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('A function takes at least one parameter');
  });
});
