/** Shared builders for the authoring API tests (tests, aptitude questions, coding problems). */
import type { FastifyInstance } from 'fastify';
import type { SignedInUser } from '../../../test/factories';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One API call as `user` (or without a session). */
export function call(app: FastifyInstance, method: Method, url: string, user?: SignedInUser | null, payload?: unknown) {
  return app.inject({
    method,
    url,
    headers: user ? { cookie: user.cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

export function testBody(over: Record<string, unknown> = {}) {
  return {
    testName: 'Backend screening',
    testType: 'CODING',
    description: 'Two problems',
    duration: 60,
    totalMarks: 100,
    passingMarks: 40,
    ...over,
  };
}

export function questionBody(over: Record<string, unknown> = {}) {
  return {
    questionText: 'What is 2 + 2?',
    options: ['3', '4', '5', '22'],
    correctAnswer: 1,
    marks: 5,
    explanation: 'Simple sums',
    ...over,
  };
}

/** A problem whose hidden case carries a unique marker, so tests can search raw JSON for leaks. */
export function problemBody(marker: string, over: Record<string, unknown> = {}) {
  return {
    title: 'Sum two numbers',
    description: 'Read two integers and print their sum.',
    examples: [{ input: '1 2', output: '3' }],
    testCases: [
      { input: `40 2 ${marker}-in`, output: `42 ${marker}-out` },
      { input: '5 5', output: '10' },
    ],
    constraints: ['-10^9 <= a, b <= 10^9'],
    marks: 25,
    solution: `// ${marker}-solution\nconsole.log(1)`,
    ...over,
  };
}

export async function createTestAs(app: FastifyInstance, user: SignedInUser, over: Record<string, unknown> = {}) {
  const res = await call(app, 'POST', '/api/tests/create', user, testBody(over));
  if (res.statusCode !== 201) throw new Error(`create test failed: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; version: number; questionIds: string[]; testType: string };
}
