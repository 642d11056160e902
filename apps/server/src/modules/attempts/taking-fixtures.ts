/** Test data for the taking tests: a coding or aptitude test with its problems or questions, written to the db. */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { aptitudeQuestions, codingProblems, tests } from '../../db/schema';

export const HIDDEN_MARKER = 'HIDDEN-MARKER-7f3a';

export async function seedCodingTest(
  db: Db,
  createdBy: string,
  opts: { duration?: number; startTime?: Date | null; endTime?: Date | null; problems?: number } = {},
) {
  const [test] = await db
    .insert(tests)
    .values({
      createdBy,
      testName: 'Coding round',
      testType: 'CODING',
      duration: opts.duration ?? 30,
      startTime: opts.startTime === undefined ? new Date(Date.now() - 3_600_000) : opts.startTime,
      endTime: opts.endTime === undefined ? new Date(Date.now() + 86_400_000) : opts.endTime,
    })
    .returning();
  const problems = [];
  for (let i = 0; i < (opts.problems ?? 2); i++) {
    const [p] = await db
      .insert(codingProblems)
      .values({
        testId: test!.id,
        createdBy,
        title: `Sum ${i + 1}`,
        description: '<p>Add two numbers</p>',
        marks: 10,
        examples: [{ input: '1 2', output: '3' }],
        testCases: [
          { input: '1 2', output: '3' },
          { input: `${HIDDEN_MARKER} 40 2`, output: `${HIDDEN_MARKER}42` },
        ],
        solution: `print(${JSON.stringify(HIDDEN_MARKER)})`,
        starterCode: { python: '# write here' },
      })
      .returning();
    problems.push(p!);
  }
  await db
    .update(tests)
    .set({ questionIds: problems.map((p) => p.id) })
    .where(eq(tests.id, test!.id));
  return { test: { ...test!, questionIds: problems.map((p) => p.id) }, problems };
}

export async function seedAptitudeTest(db: Db, createdBy: string, opts: { duration?: number } = {}) {
  const [test] = await db
    .insert(tests)
    .values({ createdBy, testName: 'Aptitude round', testType: 'APTITUDE', duration: opts.duration ?? 20 })
    .returning();
  const specs = [
    { q: 'Two plus two?', options: ['3', '4', '5'], correct: 1, marks: 5 },
    { q: 'Capital of France?', options: ['Paris', 'Rome'], correct: 0, marks: 3 },
    { q: 'Ten over two?', options: ['2', '5', '20', '8'], correct: 1, marks: 2 },
  ];
  const questions = [];
  for (const s of specs) {
    const [row] = await db
      .insert(aptitudeQuestions)
      .values({
        testId: test!.id,
        createdBy,
        questionText: s.q,
        options: s.options,
        correctAnswer: s.correct,
        marks: s.marks,
        explanation: HIDDEN_MARKER,
      })
      .returning();
    questions.push(row!);
  }
  await db
    .update(tests)
    .set({ questionIds: questions.map((q) => q.id) })
    .where(eq(tests.id, test!.id));
  return { test: { ...test!, questionIds: questions.map((q) => q.id) }, questions };
}
