/**
 * Similarity covers function problems (issue 25): the candidates' functions are compared like any code, with the
 * generated stub of each language treated as the problem's base file (shared by everyone, so no evidence).
 */
import { describe, expect, it } from 'vitest';
import { buildCodingTest } from '../../../test/factories';
import { seedAttempt, seedSubmission } from '../../../test/fixtures/review';
import { PY_INDEPENDENT_BFS, PY_ORIGINAL, PY_RENAMED } from '../../../test/fixtures/similarity-samples';
import { useTestApp } from '../../../test/support';

const t = useTestApp();

const SIGNATURE = { name: 'solve', params: [{ name: 'grid', type: 'string[]' }], returns: 'int' };
/** A candidate's answer: the generated stub's line, then the body (the samples indented as one function). */
const asFunction = (code: string) =>
  `def solve(grid: list[str]) -> int:\n${code
    .split('\n')
    .map((l) => `    ${l}`)
    .join('\n')}\n    return 0\n`;

describe('similarity on a function problem', () => {
  it('flags the renamed copy of a function and not the independent one', async () => {
    const employer = await t.signIn({ role: 'employer' });
    const { test, problems } = await buildCodingTest(t.deps.db, {
      employer,
      problems: [
        {
          title: 'Islands',
          description: 'Count the islands.',
          examples: [{ input: '["#."]', output: '1' }],
          testCases: [{ input: '["##"]', output: '1' }],
          constraints: ['1 <= rows'],
          kind: 'function',
          signature: SIGNATURE,
        },
      ] as never,
    });
    const codes = [PY_ORIGINAL, PY_RENAMED, PY_INDEPENDENT_BFS];
    const candidates = [];
    for (const code of codes) {
      const c = await t.signIn();
      candidates.push(c);
      const attempt = await seedAttempt(t.deps.db, test.id, c.id);
      await seedSubmission(t.deps.db, {
        testId: test.id,
        userId: c.id,
        attemptId: attempt.id,
        problem: problems[0]!,
        questionNumber: 0,
        passed: 1,
        total: 1,
        code: asFunction(code),
      });
    }
    const res = await t.as(employer).get(`/api/review/tests/${test.id}/similarity`);
    expect(res.statusCode, res.body).toBe(200);
    const pairs = res
      .json()
      .pairs.map((p: { a: { userId: string }; b: { userId: string } }) => [p.a.userId, p.b.userId].sort().join(' '));
    expect(pairs).toContain([candidates[0]!.id, candidates[1]!.id].sort().join(' '));
    expect(pairs).not.toContain([candidates[0]!.id, candidates[2]!.id].sort().join(' '));
    expect(res.json().comparedSubmissions).toBe(3);
  });
});
