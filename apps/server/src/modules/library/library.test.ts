/** The problem and question library: browse/search/filter, tags, usage counts, and add-to-test as a copy. */
import { describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../../test/factories';
import { call, createTestAs, problemBody, questionBody } from '../../../test/fixtures/authoring';
import { useTeam, useTestApp } from '../../../test/support';

const t = useTestApp();
const team = useTeam(t);

describe('library', () => {
  it('lists, searches and filters the company problems with tags, difficulty, languages, usage and last edit', async () => {
    const graphs = (
      await call(t.app, 'POST', '/api/coding-tests', team.recruiter, {
        ...problemBody('g'),
        title: 'Shortest path in a grid',
        starterCode: { python: 'def solve():\n  pass\n', cpp: 'int main(){}' },
      })
    ).json();
    const sums = (
      await call(t.app, 'POST', '/api/coding-tests', team.owner, { ...problemBody('s'), title: 'Sum of pairs' })
    ).json();
    const tag = await call(t.app, 'PUT', `/api/library/problem/${graphs.id}`, team.recruiter, {
      tags: ['Graphs', 'bfs', 'graphs'],
      difficulty: 'hard',
    });
    expect(tag.json()).toEqual({ id: graphs.id, tags: ['graphs', 'bfs'], difficulty: 'hard' });
    expect(
      (await call(t.app, 'PUT', `/api/library/problem/${graphs.id}`, team.reviewer, { tags: [] })).statusCode,
    ).toBe(403);

    const all = (await call(t.app, 'GET', '/api/library?kind=problem', team.reviewer)).json();
    expect(all.total).toBe(2);
    expect(all.tags).toEqual(['bfs', 'graphs']);
    const g = all.items.find((i: { id: string }) => i.id === graphs.id);
    expect(g).toMatchObject({
      title: 'Shortest path in a grid',
      tags: ['graphs', 'bfs'],
      difficulty: 'hard',
      languages: ['cpp', 'python'],
      usageCount: 0,
      createdByEmail: team.recruiter.email,
    });
    expect(Date.parse(g.updatedAt)).not.toBeNaN();

    const search = (await call(t.app, 'GET', '/api/library?kind=problem&q=grid', team.owner)).json();
    expect(search.items.map((i: { id: string }) => i.id)).toEqual([graphs.id]);
    const byTag = (await call(t.app, 'GET', '/api/library?kind=problem&tag=BFS', team.owner)).json();
    expect(byTag.items.map((i: { id: string }) => i.id)).toEqual([graphs.id]);
    const byLang = (await call(t.app, 'GET', '/api/library?kind=problem&language=cpp', team.owner)).json();
    expect(byLang.items.map((i: { id: string }) => i.id)).toEqual([graphs.id]);
    const easy = (await call(t.app, 'GET', '/api/library?kind=problem&difficulty=easy', team.owner)).json();
    expect(easy.total).toBe(0);
    const wild = (await call(t.app, 'GET', '/api/library?kind=problem&q=%25', team.owner)).json();
    expect(wild.total).toBe(0);

    // Another company sees none of it, and cannot tag or copy it.
    const other = await createSignedInUser(t.app, { role: 'employer' });
    expect((await call(t.app, 'GET', '/api/library?kind=problem', other)).json().total).toBe(0);
    expect((await call(t.app, 'PUT', `/api/library/problem/${sums.id}`, other, { tags: ['x'] })).statusCode).toBe(404);
  });

  it('adding to a test copies the item: editing the copy leaves the library item alone; usage counts the copies', async () => {
    const item = (
      await call(t.app, 'POST', '/api/coding-tests', team.owner, { ...problemBody('c'), title: 'Copy me' })
    ).json();
    const testA = await createTestAs(t.app, team.recruiter, { testName: 'A' });
    const testB = await createTestAs(t.app, team.recruiter, { testName: 'B' });
    const added = await call(t.app, 'POST', '/api/library/add-to-test', team.recruiter, {
      testId: testA.id,
      kind: 'problem',
      itemId: item.id,
    });
    expect(added.statusCode, added.body).toBe(200);
    // The test's total follows the marks of what it holds (issue 26: not the default 100).
    expect(added.json().totalMarks).toBe(item.marks);
    const copyId = added.json().questionIds.at(-1);
    expect(copyId).not.toBe(item.id);
    const copy = (await call(t.app, 'GET', `/api/coding-tests/${copyId}`, team.owner)).json();
    expect(copy).toMatchObject({ title: 'Copy me', testId: testA.id, testCases: item.testCases });
    await call(t.app, 'POST', '/api/library/add-to-test', team.recruiter, {
      testId: testB.id,
      kind: 'problem',
      itemId: item.id,
    });

    await call(t.app, 'PUT', `/api/coding-tests/${copyId}`, team.recruiter, {
      ...problemBody('c'),
      title: 'Edited copy',
    });
    expect((await call(t.app, 'GET', `/api/coding-tests/${item.id}`, team.owner)).json().title).toBe('Copy me');

    const lib = (await call(t.app, 'GET', '/api/library?kind=problem&q=Copy me', team.owner)).json();
    expect(lib.items).toHaveLength(1);
    expect(lib.items[0]).toMatchObject({ id: item.id, usageCount: 2 });

    // A stale version is a 409 and leaves no orphan copy; the wrong test type and reviewers are refused.
    const stale = await call(t.app, 'POST', '/api/library/add-to-test', team.recruiter, {
      testId: testA.id,
      kind: 'problem',
      itemId: item.id,
      version: 0,
    });
    expect(stale.statusCode).toBe(409);
    const rows = await t.deps.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM coding_problems WHERE source_id = $1',
      [item.id],
    );
    expect(rows[0]!.n).toBe(2);
    const aptitude = await createTestAs(t.app, team.recruiter, { testType: 'APTITUDE' });
    const wrong = await call(t.app, 'POST', '/api/library/add-to-test', team.recruiter, {
      testId: aptitude.id,
      kind: 'problem',
      itemId: item.id,
    });
    expect(wrong.json().message).toBe('Problems can only be added to a coding test');
    const byReviewer = await call(t.app, 'POST', '/api/library/add-to-test', team.reviewer, {
      testId: testA.id,
      kind: 'problem',
      itemId: item.id,
    });
    expect(byReviewer.statusCode).toBe(403);
  });

  it('browses questions too', async () => {
    const aptitude = await createTestAs(t.app, team.owner, { testType: 'APTITUDE' });
    const q = await call(t.app, 'POST', '/api/aptitude-questions/add', team.owner, {
      ...questionBody(),
      questionText: 'Which number is prime?',
      testId: aptitude.id,
    });
    expect(q.statusCode, q.body).toBe(201);
    const lib = (await call(t.app, 'GET', '/api/library?kind=question&q=prime', team.reviewer)).json();
    expect(lib.items).toHaveLength(1);
    expect(lib.items[0]).toMatchObject({ kind: 'question', title: 'Which number is prime?', languages: [] });
  });
});
