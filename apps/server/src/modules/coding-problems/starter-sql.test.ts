/**
 * The starter SQL problems (issue 25): each is a valid problem for the API, its model solution passes every
 * case on the real judge, and its known-wrong solution fails at least one hidden case.
 */
import { STARTER_SQL_PROBLEMS, type TStarterSqlProblem } from '@assessly/shared';
import { describe, expect, it } from 'vitest';
import { useRealJudge, useTestApp } from '../../../test/support';

const t = useTestApp();
const real = useRealJudge(t, { concurrency: 2 });

function judgeWith(p: TStarterSqlProblem, code: string) {
  return real.judge.judge({
    language: 'sql',
    code,
    cases: [...p.examples, ...p.testCases].map((c) => ({ input: c.input, expectedOutput: c.output })),
    sql: { schema: p.schema, orderMatters: p.orderMatters },
  });
}

describe('starter SQL problems', { timeout: 60_000 }, () => {
  it('are four, easy to medium, tagged, with distinct slugs', () => {
    expect(STARTER_SQL_PROBLEMS.length).toBe(4);
    expect(new Set(STARTER_SQL_PROBLEMS.map((p) => p.slug)).size).toBe(4);
    for (const p of STARTER_SQL_PROBLEMS) {
      expect(['easy', 'medium']).toContain(p.difficulty);
      expect(p.tags).toContain('sql');
      expect(p.testCases.length).toBeGreaterThan(0);
    }
  });

  it.each(STARTER_SQL_PROBLEMS.map((p) => [p.slug, p] as const))(
    '%s: saves through the API; the model solution passes, the wrong one fails a hidden case',
    async (_slug, p) => {
      const employer = await t.signIn({ role: 'employer' });
      const saved = await t.as(employer).post('/api/coding-tests', {
        title: p.title,
        description: p.description,
        constraints: p.constraints,
        marks: p.marks,
        kind: 'sql',
        sql: { schema: p.schema },
        orderMatters: p.orderMatters,
        examples: p.examples,
        testCases: p.testCases,
        solution: p.solution,
        solutionLanguage: 'sql',
      });
      expect(saved.statusCode, saved.body).toBe(201);
      const right = await judgeWith(p, p.solution);
      expect(right.cases.map((c) => c.verdict)).toEqual(right.cases.map(() => 'Accepted'));
      expect(right.totalCount).toBe(p.examples.length + p.testCases.length);
      const wrong = await judgeWith(p, p.wrongSolution);
      expect(wrong.compileOutput).toBeNull();
      const hidden = wrong.cases.slice(p.examples.length);
      expect(hidden.some((c) => c.verdict === 'Wrong Answer')).toBe(true);
    },
  );
});
