import { DEFAULT_STARTER_CODE, LANGUAGE_IDS } from '@assessly/shared';
import { describe, expect, it } from 'vitest';
import type { SignedInUser } from '../../../test/factories';
import { call, createTestAs, problemBody, useAuthoringCast } from '../../../test/fixtures/authoring';
import { useTestApp } from '../../../test/support';
import { attempts } from '../../db/schema';

const t = useTestApp();
const { owner, rival, candidate, test } = useAuthoringCast(t, { testType: 'CODING' });

const add = (marker: string, over: Record<string, unknown> = {}, as: SignedInUser = owner) =>
  call(t.app, 'POST', '/api/coding-tests', as, problemBody(marker, { testId: test.id, ...over }));

describe('POST /api/coding-tests', () => {
  it('applies the defaults: marks 25, 2000 ms, 256 MB, a stdin/stdout template per language', async () => {
    const { marks: _m, ...body } = problemBody('defaults', { testId: test.id });
    const res = await call(t.app, 'POST', '/api/coding-tests', owner, {
      ...body,
      starterCode: { python: 'print(input())' },
    });
    expect(res.statusCode).toBe(201);
    const p = res.json();
    expect(p).toMatchObject({
      marks: 25,
      timeLimitMs: 2000,
      memoryLimitMb: 256,
      floatTolerance: null,
      testId: test.id,
      createdBy: owner.id,
    });
    expect(Object.keys(p.starterCode).sort()).toEqual([...LANGUAGE_IDS].sort());
    expect(p.starterCode.python).toBe('print(input())');
    expect(p.starterCode.java).toBe(DEFAULT_STARTER_CODE.java);
    expect(p.starterCode.cpp).toContain('getline(cin');
  });

  it('validates with clear messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ title: ' ' }, 'Title is required'],
      [{ description: '' }, 'Description is required'],
      [{ examples: [] }, 'At least one example is required'],
      [{ examples: [{ input: '1', output: ' ' }] }, 'All examples must have both input and output'],
      [{ testCases: [] }, 'At least one test case is required'],
      [{ testCases: [{ input: '', output: '2' }] }, 'All test cases must have both input and output'],
      [{ constraints: 'none' }, 'Constraints are a list of texts'],
      [{ marks: 0 }, 'Marks must be at least 1'],
      [{ timeLimitMs: 50 }, 'Time limit must be between 100 and 10000 ms'],
      [{ memoryLimitMb: 2048 }, 'Memory limit must be between 32 and 1024 MB'],
    ];
    for (const [over, message] of cases) {
      const res = await add('v', over);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('drops blank constraint rows and saves a problem that states none (issue 46)', async () => {
    const some = await add('blank-rows', { constraints: ['1 <= n <= 10', '  ', ''] });
    expect(some.statusCode, some.body).toBe(201);
    expect(some.json().constraints).toEqual(['1 <= n <= 10']);
    const none = await add('no-constraints', { constraints: [''] });
    expect(none.statusCode, none.body).toBe(201);
    expect(none.json().constraints).toEqual([]);
    const edited = await call(t.app, 'PUT', `/api/coding-tests/${some.json().id}`, owner, {
      ...problemBody('blank-rows', { testId: test.id }),
      constraints: [' '],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().constraints).toEqual([]);
  });

  it('refuses candidates (403), visitors (401) and a test of another company (404)', async () => {
    expect((await add('c', {}, candidate)).statusCode).toBe(403);
    expect((await call(t.app, 'POST', '/api/coding-tests', null, problemBody('n'))).statusCode).toBe(401);
    const theirs = await createTestAs(t.app, rival);
    expect((await add('r', { testId: theirs.id })).statusCode).toBe(404);
  });
});

describe('reading, changing and deleting problems', () => {
  it("lists the company's problems only", async () => {
    const mine = (await add('MINE')).json();
    const theirs = (await add('THEIRS', { testId: undefined }, rival)).json();
    const res = await call(t.app, 'GET', '/api/coding-tests', owner);
    const ids = res.json().map((p: { id: string }) => p.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    expect((await call(t.app, 'GET', '/api/coding-tests', candidate)).statusCode).toBe(403);
  });

  it('never sends hidden test cases or the solution to a candidate', async () => {
    const p = (await add('HIDDEN-7f3a')).json();
    await call(t.app, 'PUT', `/api/tests/${test.id}/update-questions`, owner, { questionIds: [p.id] });
    const asOwner = await call(t.app, 'GET', `/api/coding-tests/${p.id}`, owner);
    expect(asOwner.body).toContain('HIDDEN-7f3a-out');
    expect(asOwner.body).toContain('HIDDEN-7f3a-solution');
    // Not before the candidate has started the test (the clock must run while problems are read).
    expect((await call(t.app, 'GET', `/api/coding-tests/${p.id}`, candidate)).statusCode).toBe(404);
    await t.deps.db
      .insert(attempts)
      .values({ testId: test.id, userId: candidate.id, deadlineAt: new Date(Date.now() + 3_600_000) });
    const asCandidate = await call(t.app, 'GET', `/api/coding-tests/${p.id}`, candidate);
    expect(asCandidate.statusCode).toBe(200);
    expect(asCandidate.body).not.toContain('HIDDEN-7f3a');
    expect(asCandidate.json()).toMatchObject({
      id: p.id,
      title: 'Sum two numbers',
      examples: [{ input: '1 2', output: '3' }],
      testCaseCount: 2,
    });
    expect(asCandidate.json()).not.toHaveProperty('testCases');
    expect(asCandidate.json()).not.toHaveProperty('solution');
    expect((await call(t.app, 'GET', `/api/coding-tests/${p.id}`, rival)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', `/api/coding-tests/${p.id}`)).statusCode).toBe(401);
  });

  it('updates a problem and refuses other employers', async () => {
    const p = (await add('upd')).json();
    const res = await call(t.app, 'PUT', `/api/coding-tests/${p.id}`, owner, {
      ...p,
      title: 'Renamed',
      timeLimitMs: 5000,
      floatTolerance: 0.001,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Renamed', timeLimitMs: 5000, floatTolerance: 0.001 });
    expect((await call(t.app, 'PUT', `/api/coding-tests/${p.id}`, rival, { ...p, title: 'Stolen' })).statusCode).toBe(
      404,
    );
    expect((await call(t.app, 'PUT', `/api/coding-tests/${p.id}`, candidate, p)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', `/api/coding-tests/${p.id}`, owner)).json().title).toBe('Renamed');
  });

  it('deletes a problem and unlinks it from its test', async () => {
    const p = (await add('del')).json();
    await call(t.app, 'PUT', `/api/tests/${test.id}/update-questions`, owner, { questionIds: [p.id] });
    expect((await call(t.app, 'DELETE', `/api/coding-tests/${p.id}`, candidate)).statusCode).toBe(403);
    expect((await call(t.app, 'DELETE', `/api/coding-tests/${p.id}`, owner)).statusCode).toBe(200);
    expect((await call(t.app, 'GET', `/api/coding-tests/${p.id}`, owner)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', `/api/tests/${test.id}`, owner)).json().questionIds).toEqual([]);
  });
});
