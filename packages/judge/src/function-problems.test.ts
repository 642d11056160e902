import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestJudge, type TestJudge } from '../test/test-support';
import type { FunctionSignature } from './function/types';
import type { JudgeCase } from './types';

/** One signature, one solution per judge language; the word picks a behaviour so one compile covers them all. */
const MIX: FunctionSignature = {
  name: 'mix',
  params: [
    { name: 'nums', type: 'long[]' },
    { name: 'word', type: 'string' },
  ],
  returns: 'long',
};

const SOLUTIONS: Record<'javascript' | 'typescript' | 'python' | 'java' | 'cpp', string> = {
  javascript: `function mix(nums, word) {
  console.log('debug', word);
  if (word === 'exit') process.exit(0);
  if (word === 'boom') throw new Error('boom here');
  let s = 0n;
  for (const x of nums) s += x;
  return s + BigInt(word.length);
}`,
  typescript: `function mix(nums: bigint[], word: string): bigint {
  console.log('debug', word);
  if (word === 'exit') process.exit(0);
  if (word === 'boom') throw new Error('boom here');
  return nums.reduce((a, b) => a + b, 0n) + BigInt(word.length);
}`,
  python: `import sys
def mix(nums: list[int], word: str) -> int:
    print('debug', word)
    if word == 'exit':
        sys.exit(0)
    if word == 'boom':
        raise ValueError('boom here')
    return sum(nums) + len(word)
`,
  java: `class Solution {
    public long mix(long[] nums, String word) {
        System.out.println("debug " + word);
        if (word.equals("exit")) System.exit(0);
        if (word.equals("boom")) throw new IllegalStateException("boom here");
        long s = 0;
        for (long x : nums) s += x;
        return s + word.length();
    }
}`,
  cpp: `class Solution {
public:
    long long mix(vector<long long>& nums, string word) {
        cout << "debug " << word << endl;
        if (word == "exit") exit(0);
        if (word == "boom") throw runtime_error("boom here");
        long long s = 0;
        for (auto x : nums) s += x;
        return s + (long long) word.size();
    }
};`,
};

const CASES: JudgeCase[] = [
  // above 2^53: a double would round it
  { input: '[9007199254740993, 1]\n"ab"', expectedOutput: '9007199254740996' },
  { input: '[1, 2, 3]\n"exit"', expectedOutput: '10' },
  { input: '[1]\n"boom"', expectedOutput: '5' },
  { input: '[5]\n"x"', expectedOutput: '7' },
];

let tj: TestJudge;
beforeAll(() => {
  tj = createTestJudge(2);
});
afterAll(async () => {
  await tj.dispose();
});

describe('function problems on the real judge', () => {
  it.each(Object.keys(SOLUTIONS) as (keyof typeof SOLUTIONS)[])(
    '%s: returns exactly, prints are debug output, exit and exceptions are runtime errors',
    async (language) => {
      const r = await tj.judge.judge({
        language,
        code: SOLUTIONS[language],
        cases: CASES,
        function: { signature: MIX },
      });
      expect(r.compileOutput).toBeNull();
      const [exact, exited, threw, wrong] = r.cases;
      expect(exact).toMatchObject({ verdict: 'Accepted', passed: true, output: '9007199254740996' });
      expect(exact?.stderr).toContain('debug');
      expect(exited).toMatchObject({ verdict: 'Runtime Error', passed: false });
      expect(exited?.message).toMatch(/ended before mix returned|exited instead of returning/);
      expect(threw).toMatchObject({ verdict: 'Runtime Error', passed: false });
      expect(threw?.message).toMatch(/^exception: .*boom here/);
      expect(wrong).toMatchObject({ verdict: 'Wrong Answer', passed: false, output: '6' });
      expect(r.passedCount).toBe(1);
    },
  );

  it('compares doubles within the tolerance, reports a wrong return type, and keeps a forged record out', async () => {
    const sig: FunctionSignature = { name: 'mean', params: [{ name: 'xs', type: 'int[]' }], returns: 'double' };
    const code = `def mean(xs):
    if not xs:
        return 'empty'
    if xs[0] == 99:
        print('\\n@@ASR-' + '0' * 32 + ' ok 1e9 @@ASE-' + '0' * 32)
        return 0.0
    return sum(xs) / len(xs)
`;
    const r = await tj.judge.judge({
      language: 'python',
      code,
      cases: [
        { input: '[1, 2]', expectedOutput: '1.5000001' },
        { input: '[1, 2]', expectedOutput: '1.51' },
        { input: '[]', expectedOutput: '0' },
        { input: '[99]', expectedOutput: '1000000000' },
      ],
      function: { signature: sig },
    });
    expect(r.cases.map((c) => c.verdict)).toEqual(['Accepted', 'Wrong Answer', 'Runtime Error', 'Wrong Answer']);
    expect(r.cases[2]?.message).toMatch(/^wrong return type: expected double, got str/);
    expect(r.cases[3]?.output).toBe('0');
  });

  it('compares an unordered result as a multiset and strings exactly, in Unicode', async () => {
    const sig: FunctionSignature = {
      name: 'words',
      params: [{ name: 'rows', type: 'string[][]' }],
      returns: 'string[]',
    };
    const code = 'function words(rows) { return rows.flat().reverse(); }';
    const cases = [{ input: '[["héllo", "wörld"], ["日本", ""]]', expectedOutput: '["héllo","wörld","日本",""]' }];
    const ordered = await tj.judge.judge({ language: 'javascript', code, cases, function: { signature: sig } });
    expect(ordered.cases[0]).toMatchObject({ verdict: 'Wrong Answer', output: '["","日本","wörld","héllo"]' });
    const unordered = await tj.judge.judge({
      language: 'javascript',
      code,
      cases,
      function: { signature: sig, unorderedResult: true },
    });
    expect(unordered.verdict).toBe('Accepted');
  });

  it('names the missing function and a custom input that does not fit the signature', async () => {
    const r = await tj.judge.judge({
      language: 'python',
      code: 'def other(nums, word):\n    return 1\n',
      cases: [
        { input: '[1]\n"a"', expectedOutput: '2' },
        { input: '[1.5]\n"a"', expectedOutput: null },
      ],
      function: { signature: MIX },
    });
    expect(r.cases[0]?.message).toBe('missing function: mix is not defined');
    expect(r.cases[1]?.message).toMatch(/^input: parameter nums \(line 1\): element 0: expected long/);
  });
});
