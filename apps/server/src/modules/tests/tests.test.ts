import { describe, expect, it } from 'vitest';
import {
  call,
  createTestAs,
  problemBody,
  questionBody,
  testBody,
  useAuthoringCast,
} from '../../../test/fixtures/authoring';
import { useTestApp } from '../../../test/support';
import { attempts, submissions } from '../../db/schema';
import { findTestWithQuestions } from './tests.service';

const t = useTestApp();
const { owner, rival, candidate } = useAuthoringCast(t);

const count = async (table: string, where = 'true', params: unknown[] = []) =>
  Number(
    (await t.deps.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`, params))[0]!
      .n,
  );

describe('POST /api/tests/create', () => {
  it('creates a test with the spec defaults, createdBy from the session (not the body)', async () => {
    const res = await call(t.app, 'POST', '/api/tests/create', owner, { testName: 'Defaults', createdBy: rival.id });
    expect(res.statusCode).toBe(201);
    const test = res.json();
    expect(test).toMatchObject({
      testName: 'Defaults',
      testType: 'APTITUDE',
      duration: 60,
      totalMarks: 100,
      passingMarks: 40,
      createdBy: owner.id,
      createdByEmail: owner.email,
      questionIds: [],
      version: 1,
    });
    expect(test.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('accepts the type in any case and an optional window', async () => {
    const res = await call(
      t.app,
      'POST',
      '/api/tests/create',
      owner,
      testBody({ testType: 'coding', startTime: '2030-01-01T09:00:00.000Z', endTime: '2030-01-01T11:00:00.000Z' }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      testType: 'CODING',
      startTime: '2030-01-01T09:00:00.000Z',
      endTime: '2030-01-01T11:00:00.000Z',
    });
  });

  it('validates with clear messages', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ testName: '  ' }, 'testName', 'Test name is required'],
      [{ duration: 0 }, 'duration', 'Duration must be at least 1'],
      [{ totalMarks: 0 }, 'totalMarks', 'Total marks must be at least 1'],
      [{ passingMarks: 0 }, 'passingMarks', 'Passing marks must be at least 1'],
      [{ totalMarks: 50, passingMarks: 60 }, 'passingMarks', 'Passing marks cannot be greater than total marks'],
      [
        { startTime: '2030-01-02T00:00:00Z', endTime: '2030-01-01T00:00:00Z' },
        'endTime',
        'End time must be after start time',
      ],
      [{ testType: 'ESSAY' }, 'testType', 'Test type must be APTITUDE or CODING'],
    ];
    for (const [over, field, message] of cases) {
      const res = await call(t.app, 'POST', '/api/tests/create', owner, testBody(over));
      expect(res.statusCode, field).toBe(400);
      expect(res.json().fields[field], field).toBe(message);
    }
  });

  it('answers 401 without a session and 403 to a candidate', async () => {
    expect((await call(t.app, 'POST', '/api/tests/create', null, testBody())).statusCode).toBe(401);
    expect((await call(t.app, 'POST', '/api/tests/create', candidate, testBody())).statusCode).toBe(403);
  });
});

describe('GET /api/tests/by-user/{userId} and GET /api/tests/{id}', () => {
  it("lists the caller's company's tests, never another company's", async () => {
    const mine = await createTestAs(t.app, owner, { testName: 'Mine listed' });
    const theirs = await createTestAs(t.app, rival, { testName: 'Theirs' });
    const res = await call(t.app, 'GET', `/api/tests/by-user/${owner.id}`, owner);
    expect(res.statusCode).toBe(200);
    const ids = res.json().map((x: { id: string }) => x.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    expect(res.json().find((x: { id: string }) => x.id === mine.id).createdByEmail).toBe(owner.email);
  });

  it("refuses another user's id, candidates and visitors", async () => {
    expect((await call(t.app, 'GET', `/api/tests/by-user/${rival.id}`, owner)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', `/api/tests/by-user/${candidate.id}`, candidate)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', `/api/tests/by-user/${owner.id}`)).statusCode).toBe(401);
  });

  it('reads a test fully for its owner, 404 for another employer and for malformed ids', async () => {
    const test = await createTestAs(t.app, owner);
    const res = await call(t.app, 'GET', `/api/tests/${test.id}`, owner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: test.id, createdBy: owner.id, version: 1, companyId: owner.companyId });
    expect((await call(t.app, 'GET', `/api/tests/${test.id}`, rival)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', '/api/tests/not-a-uuid', owner)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', `/api/tests/${test.id}`)).statusCode).toBe(401);
  });

  it('gives a candidate the candidate projection: nothing internal', async () => {
    const test = await createTestAs(t.app, owner);
    const res = await call(t.app, 'GET', `/api/tests/${test.id}`, candidate);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id: test.id, testName: 'Backend screening', duration: 60, questionIds: [] });
    for (const key of ['createdBy', 'createdByEmail', 'companyId', 'version', 'updatedAt'])
      expect(body, key).not.toHaveProperty(key);
    expect(res.body).not.toContain(owner.id);
  });
});

describe('PUT /api/tests/{id}', () => {
  it('updates fields and bumps the version; a stale version gets 409 with a clear message', async () => {
    const test = await createTestAs(t.app, owner);
    const first = await call(t.app, 'PUT', `/api/tests/${test.id}`, owner, {
      ...testBody({ testName: 'Renamed' }),
      version: 1,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ testName: 'Renamed', version: 2 });
    const stale = await call(t.app, 'PUT', `/api/tests/${test.id}`, owner, { testName: 'Other tab', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'This test was changed in another tab. Reload to see the latest version.',
    });
    expect((await call(t.app, 'GET', `/api/tests/${test.id}`, owner)).json().testName).toBe('Renamed');
  });

  it('checks passing ≤ total and the window against the stored values', async () => {
    const test = await createTestAs(t.app, owner, { totalMarks: 50, passingMarks: 20 });
    const res = await call(t.app, 'PUT', `/api/tests/${test.id}`, owner, { passingMarks: 51 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Passing marks cannot be greater than total marks');
    const win = await call(t.app, 'PUT', `/api/tests/${test.id}`, owner, {
      startTime: '2030-01-01T10:00:00Z',
      endTime: '2030-01-01T10:00:00Z',
    });
    expect(win.json().message).toBe('End time must be after start time');
  });

  it('refuses other employers (404) and candidates (403)', async () => {
    const test = await createTestAs(t.app, owner);
    expect((await call(t.app, 'PUT', `/api/tests/${test.id}`, rival, { testName: 'x' })).statusCode).toBe(404);
    expect((await call(t.app, 'PUT', `/api/tests/${test.id}`, candidate, { testName: 'x' })).statusCode).toBe(403);
    expect((await call(t.app, 'DELETE', `/api/tests/${test.id}`, rival)).statusCode).toBe(404);
    expect((await call(t.app, 'DELETE', `/api/tests/${test.id}`, candidate)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', `/api/tests/${test.id}`, owner)).statusCode).toBe(200);
  });
});

describe('POST /api/tests/{id}/questions/batch', () => {
  it('lists every aptitude error on its own line with the spec messages', async () => {
    const test = await createTestAs(t.app, owner, { testType: 'APTITUDE' });
    const res = await call(t.app, 'POST', `/api/tests/${test.id}/questions/batch`, owner, {
      questions: [questionBody(), questionBody({ questionText: ' ', options: ['a', '', 'c', 'd'], marks: 0 })],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'Question 2: Question text is required\nQuestion 2: All options must be filled\nQuestion 2: Marks must be greater than 0',
    );
    expect(await count('aptitude_questions', 'test_id = $1', [test.id])).toBe(0);
  });

  it('stops at the first coding error in the spec order', async () => {
    const test = await createTestAs(t.app, owner);
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '' }, 'Question 2: Title is required'],
      [{ description: ' ' }, 'Question 2: Description is required'],
      [{ examples: [{ input: '1', output: '' }] }, 'Question 2: All examples must have both input and output'],
      [{ testCases: [{ input: '', output: '1' }] }, 'Question 2: All test cases must have both input and output'],
    ];
    for (const [over, message] of cases) {
      const res = await call(t.app, 'POST', `/api/tests/${test.id}/questions/batch`, owner, {
        problems: [
          problemBody('ok'),
          problemBody('bad', { ...over, title: over.title ?? 'T', description: over.description ?? 'D' }),
        ],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const empty = await call(t.app, 'POST', `/api/tests/${test.id}/questions/batch`, owner, { problems: [] });
    expect(empty.json().message).toBe('At least one question is required');
  });

  it('saves new questions and sets questionIds in one call, accepting the option text as the answer', async () => {
    const test = await createTestAs(t.app, owner, { testType: 'APTITUDE' });
    const res = await call(t.app, 'POST', `/api/tests/${test.id}/questions/batch`, owner, {
      version: test.version,
      questions: [
        questionBody({ id: 'temp-1' }),
        questionBody({
          id: 'temp-2',
          questionText: 'Capital of France?',
          options: ['Rome', 'Paris', 'Oslo', 'Bern'],
          correctAnswer: 'Paris',
        }),
      ],
      recomputeTotal: true,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.questions).toHaveLength(2);
    expect(body.questions[1]).toMatchObject({ correctAnswer: 1, correctAnswerText: 'Paris' });
    expect(body.test.questionIds).toEqual(body.questions.map((q: { id: string }) => q.id));
    expect(body.test).toMatchObject({ totalMarks: 10, passingMarks: 10 });
    const listed = await call(t.app, 'GET', `/api/tests/${test.id}/questions`, owner);
    expect(listed.json().questions.map((q: { id: string }) => q.id)).toEqual(body.test.questionIds);
  });

  it('is all or nothing: a failing item leaves nothing half-saved', async () => {
    const foreignTest = await createTestAs(t.app, rival, { testType: 'APTITUDE' });
    const foreign = await call(
      t.app,
      'POST',
      '/api/aptitude-questions/add',
      rival,
      questionBody({ testId: foreignTest.id }),
    );
    const test = await createTestAs(t.app, owner, { testType: 'APTITUDE' });
    const before = await count('aptitude_questions');
    const res = await call(t.app, 'POST', `/api/tests/${test.id}/questions/batch`, owner, {
      questions: [
        questionBody({ questionText: 'New one' }),
        questionBody({ id: foreign.json().id, questionText: 'Hijack' }),
      ],
    });
    expect(res.statusCode).toBe(404);
    expect(await count('aptitude_questions')).toBe(before);
    const after = (await call(t.app, 'GET', `/api/tests/${test.id}`, owner)).json();
    expect(after).toMatchObject({ questionIds: [], version: test.version });
    expect((await call(t.app, 'GET', `/api/aptitude-questions/${foreign.json().id}`, rival)).json().questionText).toBe(
      'What is 2 + 2?',
    );
  });

  it('refuses a stale version so a second tab never silently drops a question', async () => {
    const test = await createTestAs(t.app, owner);
    const tabA = await call(t.app, 'POST', `/api/tests/${test.id}/questions/batch`, owner, {
      version: test.version,
      problems: [problemBody('a')],
    });
    expect(tabA.statusCode).toBe(200);
    const tabB = await call(t.app, 'POST', `/api/tests/${test.id}/questions/batch`, owner, {
      version: test.version,
      problems: [problemBody('b')],
    });
    expect(tabB.statusCode).toBe(409);
    expect(tabB.json().message).toBe('This test was changed in another tab. Reload to see the latest version.');
    const now = (await call(t.app, 'GET', `/api/tests/${test.id}/questions`, owner)).json();
    expect(now.problems.map((p: { id: string }) => p.id)).toEqual(tabA.json().test.questionIds);
    expect(await count('coding_problems', 'test_id = $1', [test.id])).toBe(1);
  });

  it('lets exactly one of two simultaneous saves with the same version win', async () => {
    const test = await createTestAs(t.app, owner);
    const [a, b] = await Promise.all([
      call(t.app, 'POST', `/api/tests/${test.id}/questions/batch`, owner, {
        version: test.version,
        problems: [problemBody('race-a')],
      }),
      call(t.app, 'POST', `/api/tests/${test.id}/questions/batch`, owner, {
        version: test.version,
        problems: [problemBody('race-b')],
      }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await count('coding_problems', 'test_id = $1', [test.id])).toBe(1);
  });

  it('updates existing problems in place and keeps the new order', async () => {
    const test = await createTestAs(t.app, owner);
    const saved = (
      await call(t.app, 'POST', `/api/tests/${test.id}/questions/batch`, owner, {
        problems: [problemBody('p1', { title: 'One' }), problemBody('p2', { title: 'Two' })],
      })
    ).json();
    const [p1, p2] = saved.problems;
    const res = await call(t.app, 'POST', `/api/tests/${test.id}/questions/batch`, owner, {
      version: saved.test.version,
      problems: [{ ...p2, title: 'Two edited' }, p1],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().test.questionIds).toEqual([p2.id, p1.id]);
    expect(res.json().problems[0]).toMatchObject({ id: p2.id, title: 'Two edited' });
    expect(await count('coding_problems', 'test_id = $1', [test.id])).toBe(2);
  });
});

describe('PUT /api/tests/{id}/update-questions and GET /api/tests/{id}/questions', () => {
  it("sets the order, refuses ids that are not this company's, and hides hidden data from candidates", async () => {
    const test = await createTestAs(t.app, owner);
    const a = (
      await call(t.app, 'POST', '/api/coding-tests', owner, problemBody('SECRET-A', { testId: test.id }))
    ).json();
    const b = (
      await call(t.app, 'POST', '/api/coding-tests', owner, problemBody('SECRET-B', { testId: test.id }))
    ).json();
    const other = (await call(t.app, 'POST', '/api/coding-tests', rival, problemBody('RIVAL'))).json();
    const bad = await call(t.app, 'PUT', `/api/tests/${test.id}/update-questions`, owner, {
      questionIds: [a.id, other.id],
    });
    expect(bad.statusCode).toBe(400);
    const ok = await call(t.app, 'PUT', `/api/tests/${test.id}/update-questions`, owner, { questionIds: [b.id, a.id] });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().questionIds).toEqual([b.id, a.id]);
    const found = await findTestWithQuestions(t.deps.db, test.id);
    expect(found!.problems.map((p) => p.id)).toEqual([b.id, a.id]);
    expect(found!.problems[0]!.testCases[0]!.output).toContain('SECRET-B');

    const early = await call(t.app, 'GET', `/api/tests/${test.id}/questions`, candidate);
    expect(early.statusCode).toBe(403);
    await t.deps.db
      .insert(attempts)
      .values({ testId: test.id, userId: candidate.id, deadlineAt: new Date(Date.now() + 3_600_000) });
    const asCandidate = await call(t.app, 'GET', `/api/tests/${test.id}/questions`, candidate);
    expect(asCandidate.statusCode).toBe(200);
    expect(asCandidate.json().problems.map((p: { id: string }) => p.id)).toEqual([b.id, a.id]);
    expect(asCandidate.body).not.toContain('SECRET');
    expect(asCandidate.json().problems[0]).not.toHaveProperty('testCases');
    expect(asCandidate.json().problems[0]).not.toHaveProperty('solution');
    expect(asCandidate.json().problems[0].testCaseCount).toBe(2);
    const asOwner = await call(t.app, 'GET', `/api/tests/${test.id}/questions`, owner);
    expect(asOwner.body).toContain('SECRET-A-out');
    expect((await call(t.app, 'GET', `/api/tests/${test.id}/questions`, rival)).statusCode).toBe(404);
  });

  it('recomputes total marks from the questions', async () => {
    const test = await createTestAs(t.app, owner, { totalMarks: 100, passingMarks: 40 });
    await call(t.app, 'POST', `/api/tests/${test.id}/questions/batch`, owner, {
      problems: [problemBody('x', { marks: 10 }), problemBody('y', { marks: 20 })],
    });
    const res = await call(t.app, 'POST', `/api/tests/${test.id}/recompute-total`, owner, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ totalMarks: 30, passingMarks: 30 });
  });
});

describe('DELETE /api/tests/{id}', () => {
  it('removes the test and what belongs only to it, keeping questions another test uses', async () => {
    const test = await createTestAs(t.app, owner, { testType: 'APTITUDE' });
    const keeper = await createTestAs(t.app, owner, { testType: 'APTITUDE' });
    const saved = (
      await call(t.app, 'POST', `/api/tests/${test.id}/questions/batch`, owner, {
        questions: [questionBody(), questionBody({ questionText: 'Shared' })],
      })
    ).json();
    const [own, shared] = saved.questions;
    await call(t.app, 'PUT', `/api/tests/${keeper.id}/update-questions`, owner, { questionIds: [shared.id] });
    const res = await call(t.app, 'DELETE', `/api/tests/${test.id}`, owner);
    expect(res.statusCode).toBe(200);
    expect((await call(t.app, 'GET', `/api/tests/${test.id}`, owner)).statusCode).toBe(404);
    expect(await count('aptitude_questions', 'id = $1', [own.id])).toBe(0);
    expect(await count('aptitude_questions', 'id = $1', [shared.id])).toBe(1);
    expect((await call(t.app, 'GET', `/api/tests/${keeper.id}/questions`, owner)).json().questions[0].id).toBe(
      shared.id,
    );
  });
});

describe('GET /api/admin/stats', () => {
  it('counts tests by type and distinct candidates with an attempt or submission, for this company only', async () => {
    const boss = await t.signIn({ role: 'employer' });
    const cands = await Promise.all([1, 2, 3].map(() => t.signIn({ role: 'candidate' })));
    const apt = await createTestAs(t.app, boss, { testType: 'APTITUDE' });
    const code = await createTestAs(t.app, boss, { testType: 'CODING' });
    await createTestAs(t.app, boss, { testType: 'CODING' });
    const theirs = await createTestAs(t.app, rival, { testType: 'CODING' });
    const deadline = new Date(Date.now() + 3_600_000);
    await t.deps.db.insert(attempts).values([
      { testId: apt.id, userId: cands[0]!.id, deadlineAt: deadline },
      { testId: code.id, userId: cands[0]!.id, deadlineAt: deadline },
      { testId: theirs.id, userId: cands[2]!.id, deadlineAt: deadline },
    ]);
    await t.deps.db.insert(submissions).values([
      {
        testId: code.id,
        userId: cands[1]!.id,
        questionId: code.id,
        questionNumber: 1,
        language: 'python',
        code: 'print(1)',
      },
      {
        testId: code.id,
        userId: cands[0]!.id,
        questionId: code.id,
        questionNumber: 1,
        language: 'python',
        code: 'print(1)',
      },
    ]);
    const res = await call(t.app, 'GET', '/api/admin/stats', boss);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ totalTests: 3, aptitudeTests: 1, codingTests: 2, candidates: 2 });
    const list = (await call(t.app, 'GET', '/api/admin/candidates', boss)).json();
    expect(list.map((c: { email: string }) => c.email).sort()).toEqual([cands[0]!.email, cands[1]!.email].sort());
    expect((await call(t.app, 'GET', '/api/admin/stats', candidate)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/admin/stats')).statusCode).toBe(401);
  });
});
