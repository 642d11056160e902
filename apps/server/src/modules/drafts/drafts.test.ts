import { gzipSync } from 'node:zlib';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildCodingTest, createSignedInUser, type SignedInUser } from '../../../test/factories';
import { useSignedIn, useTestApp } from '../../../test/support';
import { attempts, tests } from '../../db/schema';

const t = useTestApp();
const employer = useSignedIn(t, { role: 'employer' });

async function startedTest() {
  const { test, problems } = await buildCodingTest(t.deps.db, { employer });
  const cand = await createSignedInUser(t.app);
  expect((await t.as(cand).request('POST', `/api/attempts/${test.id}/start`)).statusCode).toBe(200);
  const put = (body: object) =>
    t
      .as(cand)
      .request('PUT', `/api/attempts/${test.id}/drafts`, { questionId: problems[0]!.id, language: 'python', ...body });
  const take = async () => (await t.as(cand).request('GET', `/api/attempts/take/${test.id}`)).json();
  return { test, problems, cand, put, take };
}

describe('draft revisions (one tab never overwrites another)', () => {
  it('numbers saves 1, 2, 3 and returns the revision with the take state', async () => {
    const { put, take } = await startedTest();
    expect((await put({ code: 'a', baseRevision: 0 })).json()).toMatchObject({ ok: true, revision: 1 });
    expect((await put({ code: 'ab', baseRevision: 1 })).json()).toMatchObject({ revision: 2 });
    expect((await put({ code: 'abc', baseRevision: 2 })).json()).toMatchObject({ revision: 3 });
    const drafts = (await take()).drafts;
    expect(drafts).toEqual([expect.objectContaining({ code: 'abc', revision: 3, language: 'python' })]);
  });

  it('refuses a stale write with 409 DRAFT_STALE and keeps the newer draft', async () => {
    const { put, take } = await startedTest();
    await put({ code: 'tab A v1', baseRevision: 0 });
    // Tab B loaded revision 1 and saves on top of it.
    expect((await put({ code: 'tab B v2', baseRevision: 1 })).statusCode).toBe(200);
    // Tab A still thinks revision 1 is current.
    const stale = await put({ code: 'tab A v2', baseRevision: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('DRAFT_STALE');
    // A tab that never saw any draft (base 0) cannot overwrite either.
    expect((await put({ code: 'new tab', baseRevision: 0 })).statusCode).toBe(409);
    expect((await take()).drafts).toEqual([expect.objectContaining({ code: 'tab B v2', revision: 2 })]);
  });

  it('accepts a resend of the same code (an answer lost on the way) without bumping the revision', async () => {
    const { put } = await startedTest();
    expect((await put({ code: 'x = 1', baseRevision: 0 })).json().revision).toBe(1);
    const again = await put({ code: 'x = 1', baseRevision: 0 });
    expect(again.statusCode).toBe(200);
    expect(again.json().revision).toBe(1);
  });

  it('keeps revisions per problem and language, and without baseRevision the save always wins', async () => {
    const { put, take, cand, test, problems } = await startedTest();
    await put({ code: 'py', baseRevision: 0 });
    const cpp = await put({ language: 'cpp', code: 'int main(){}', baseRevision: 0 });
    expect(cpp.json().revision).toBe(1);
    const other = await t.as(cand).request('PUT', `/api/attempts/${test.id}/drafts`, {
      questionId: problems[1]!.id,
      language: 'python',
      code: 'p2',
      baseRevision: 0,
    });
    expect(other.json().revision).toBe(1);
    expect((await put({ code: 'py legacy client' })).json().revision).toBe(2);
    const drafts = (await take()).drafts as { language: string; questionId: string; revision: number }[];
    expect(drafts.map((d) => d.revision).sort()).toEqual([1, 1, 2]);
  });

  it('rejects a malformed revision with 400', async () => {
    const { put } = await startedTest();
    for (const baseRevision of [-1, 1.5, 'one']) {
      const res = await put({ code: 'x', baseRevision });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
  });

  it('serialises parallel saves on the same revision: exactly one wins', async () => {
    const { put, take } = await startedTest();
    const answers = await Promise.all(['one', 'two', 'three', 'four'].map((code) => put({ code, baseRevision: 0 })));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409]);
    const winner = ['one', 'two', 'three', 'four'][answers.findIndex((a) => a.statusCode === 200)];
    expect((await take()).drafts).toEqual([expect.objectContaining({ code: winner, revision: 1 })]);
  });
});

describe('one write per save', () => {
  it('writes the attempt row only when the language of a problem changes', async () => {
    const { put, take, test, cand } = await startedTest();
    const xmin = async () =>
      (
        await t.deps.db
          .select({ xmin: sql<string>`xmin::text` })
          .from(attempts)
          .where(and(eq(attempts.testId, test.id), eq(attempts.userId, cand.id)))
      )[0]!.xmin;
    await put({ code: 'a' });
    const afterFirst = await xmin();
    await put({ code: 'ab' });
    await put({ code: 'abc' });
    // later saves in the same language leave the attempt row as it was (no new row version)
    expect(await xmin()).toBe(afterFirst);
    await put({ language: 'cpp', code: 'int main(){}' });
    expect(await xmin()).not.toBe(afterFirst);
    expect((await take()).languages).toEqual({ [(await take()).drafts[0].questionId]: 'cpp' });
  });
});

describe('gzip draft bodies (the page compresses large drafts)', () => {
  const gzPut = (cand: SignedInUser, testId: string, body: Buffer, encoding = 'gzip') =>
    t.as(cand).put(`/api/attempts/${testId}/drafts`, body, {
      'content-type': 'application/json',
      'content-encoding': encoding,
    });

  it('saves a gzipped body like a plain one', async () => {
    const { test, problems, cand, take, put } = await startedTest();
    const code = `${'print("hello")\n'.repeat(2000)}`; // 30 KB of code
    const body = gzipSync(JSON.stringify({ questionId: problems[0]!.id, language: 'python', code, baseRevision: 0 }));
    expect(body.length).toBeLessThan(2000);
    const res = await gzPut(cand, test.id, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, revision: 1 });
    expect((await take()).drafts).toEqual([expect.objectContaining({ code, revision: 1 })]);
    // a plain body goes on from there
    expect((await put({ code: 'plain', baseRevision: 1 })).json()).toMatchObject({ ok: true, revision: 2 });
    expect((await take()).drafts).toEqual([expect.objectContaining({ code: 'plain', revision: 2 })]);
  });

  it('answers 413 PAYLOAD_TOO_LARGE to a zip bomb and saves nothing', async () => {
    const { test, problems, cand, take } = await startedTest();
    // 16 MB of spaces inside a JSON body: about 16 KB compressed, 32 times the route's limit inflated
    const json = `{"questionId":"${problems[0]!.id}","language":"python","code":"x"${' '.repeat(16 << 20)}}`;
    const bomb = gzipSync(json);
    expect(bomb.length).toBeLessThan(512 * 1024);
    const res = await gzPut(cand, test.id, bomb);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large' });
    expect((await take()).drafts).toEqual([]);
  });

  it('answers a plain body over the limit the same way', async () => {
    const { test, problems, cand } = await startedTest();
    const big = Buffer.from(
      JSON.stringify({ questionId: problems[0]!.id, language: 'python', code: 'x'.repeat(600_000) }),
    );
    const res = await t.as(cand).put(`/api/attempts/${test.id}/drafts`, big, { 'content-type': 'application/json' });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large' });
  });

  it('refuses corrupt gzip with 400 and an unknown encoding with 415', async () => {
    const { test, cand } = await startedTest();
    const corrupt = await gzPut(cand, test.id, Buffer.from('not gzip at all'));
    expect(corrupt.statusCode).toBe(400);
    expect(corrupt.json().code).toBe('BAD_REQUEST');
    const br = await gzPut(cand, test.id, Buffer.from('{}'), 'br');
    expect(br.statusCode).toBe(415);
    expect(br.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
});

describe('a test without problems or questions cannot be started', () => {
  it('answers 409 TEST_NOT_READY and creates no attempt', async () => {
    const [empty] = await t.deps.db
      .insert(tests)
      .values({ createdBy: employer.id, testName: 'Empty', testType: 'CODING', duration: 30 })
      .returning();
    const cand = await createSignedInUser(t.app);
    const res = await t.as(cand).request('POST', `/api/attempts/${empty!.id}/start`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'TEST_NOT_READY', message: 'This test is not ready yet' });
    const take = (await t.as(cand).request('GET', `/api/attempts/take/${empty!.id}`)).json();
    expect(take.attempt).toBeNull();
    expect(take.test.questionCount).toBe(0);
    const [apt] = await t.deps.db
      .insert(tests)
      .values({ createdBy: employer.id, testName: 'Empty MCQ', testType: 'APTITUDE', duration: 30 })
      .returning();
    expect((await t.as(cand).request('POST', `/api/attempts/${apt!.id}/start`)).json().code).toBe('TEST_NOT_READY');
  });

  it('also refuses a test whose listed problems no longer exist', async () => {
    const [ghost] = await t.deps.db
      .insert(tests)
      .values({
        createdBy: employer.id,
        testName: 'Ghost',
        testType: 'CODING',
        duration: 30,
        questionIds: [crypto.randomUUID()],
      })
      .returning();
    const cand = await createSignedInUser(t.app);
    const res = await t.as(cand).request('POST', `/api/attempts/${ghost!.id}/start`);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('TEST_NOT_READY');
  });
});
