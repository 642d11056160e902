/** The starter library's items are complete and valid as the builder would save them (issue 25). */
import { describe, expect, it } from 'vitest';
import { correctAnswersProblem, ZAptitudeQuestionInput, ZCodingProblemInput } from '../tests';
import { STARTER_ITEMS } from './index';

const problems = STARTER_ITEMS.filter((i) => i.kind === 'function');
const stdio = STARTER_ITEMS.filter((i) => i.kind === 'stdio');
const choices = STARTER_ITEMS.filter((i) => i.kind === 'choice');
const written = STARTER_ITEMS.filter((i) => i.kind === 'text');

describe('starter library', () => {
  it('holds at least 40 items with unique slugs, skills and difficulties', () => {
    expect(STARTER_ITEMS.length).toBeGreaterThanOrEqual(40);
    const slugs = STARTER_ITEMS.map((i) => i.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const i of STARTER_ITEMS) {
      expect(i.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(i.tags.length, i.slug).toBeGreaterThan(0);
      expect(i.marks, i.slug).toBeGreaterThan(0);
    }
    for (const list of [problems, stdio, choices, written]) {
      expect(new Set(list.map((i) => i.difficulty))).toEqual(new Set(['easy', 'medium', 'hard']));
    }
    expect(choices.some((c) => c.correctAnswers)).toBe(true);
    expect(choices.some((c) => c.correctAnswer !== undefined)).toBe(true);
  });

  it('holds the SQL problems of starter-sql, each valid for the builder', () => {
    const sql = STARTER_ITEMS.filter((i) => i.kind === 'sql');
    expect(sql.length).toBeGreaterThanOrEqual(4);
    for (const p of sql) {
      const parsed = ZCodingProblemInput.safeParse({
        kind: 'sql',
        title: p.title,
        description: p.description,
        constraints: p.constraints,
        marks: p.marks,
        sql: { schema: p.schema },
        orderMatters: p.orderMatters,
        examples: p.examples,
        testCases: p.testCases,
        solution: p.solution,
        solutionLanguage: 'sql',
      });
      expect(parsed.success, `${p.slug}: ${parsed.error?.message}`).toBe(true);
      expect(p.wrongSolution).not.toBe(p.solution);
    }
  });

  it('has function problems the builder accepts: cases fit the signature, hidden cases, a model and a wrong one', () => {
    for (const p of problems) {
      const parsed = ZCodingProblemInput.safeParse({
        ...p,
        solution: p.model.code,
        comparisonMode: p.floatTolerance ? 'float' : undefined,
      });
      expect(parsed.success, `${p.slug}: ${parsed.error?.message}`).toBe(true);
      expect(p.testCases.length, p.slug).toBeGreaterThanOrEqual(4);
      expect(p.model.code).toContain(`def ${p.signature.name}(`);
      expect(p.knownWrong.code).toContain(`def ${p.signature.name}(`);
      expect(p.knownWrong.code).not.toBe(p.model.code);
      expect(p.knownWrong.catches.length).toBeGreaterThan(5);
    }
  });

  it('has standard input/output problems the builder accepts (issue 46): hidden cases, a model and a wrong one', () => {
    expect(stdio.length).toBeGreaterThanOrEqual(4);
    for (const p of stdio) {
      const parsed = ZCodingProblemInput.safeParse({ ...p, solution: p.model.code, solutionLanguage: 'python' });
      expect(parsed.success, `${p.slug}: ${parsed.error?.message}`).toBe(true);
      expect(parsed.data?.kind, p.slug).toBe('stdio');
      expect(p.testCases.length, p.slug).toBeGreaterThanOrEqual(4);
      expect(p.knownWrong.code).not.toBe(p.model.code);
      expect(p.knownWrong.catches.length).toBeGreaterThan(5);
    }
  });

  it('has questions the builder accepts: valid correct options, a rubric for every written one', () => {
    for (const q of [...choices, ...written]) {
      const parsed = ZAptitudeQuestionInput.safeParse(q);
      expect(parsed.success, `${q.slug}: ${parsed.error?.message}`).toBe(true);
    }
    for (const c of choices) {
      if (c.correctAnswers) expect(correctAnswersProblem(c.options.length, c.correctAnswers), c.slug).toBeNull();
      else expect(c.correctAnswer, c.slug).toBeLessThan(c.options.length);
      expect(c.explanation.length, c.slug).toBeGreaterThan(10);
    }
    for (const w of written) expect(w.rubric, w.slug).toMatch(/Full marks/);
  });
});
