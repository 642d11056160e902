import { describe, expect, it } from 'vitest';
import { buildCodingTest, createSignedInUser } from '../../../test/factories';
import { useSignedIn, useTestApp } from '../../../test/support';

// Issue 42: the playback answers in pages of batches, so its size is bounded whatever the recording's.
const t = useTestApp();
const employer = useSignedIn(t, { role: 'employer' });

describe('GET /api/review/attempts/:attemptId/playback pages', () => {
  it('gives at most `limit` batches a page with the next cursor, and the pages make the whole recording', async () => {
    const { test, problems } = await buildCodingTest(t.deps.db, { employer });
    const cand = await createSignedInUser(t.app);
    expect((await t.as(cand).request('POST', `/api/attempts/${test.id}/start`)).statusCode).toBe(200);
    const attemptId: string = (await t.as(cand).request('GET', `/api/attempts/take/${test.id}`)).json().attempt.id;
    for (let seq = 1; seq <= 5; seq++) {
      const events = [{ at: seq, from: seq - 1, to: seq - 1, insert: String(seq), kind: 'type' }];
      const res = await t.as(cand).request('POST', `/api/attempts/${test.id}/edits`, {
        questionId: problems[0]!.id,
        language: 'python',
        seq,
        events,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const url = `/api/review/attempts/${attemptId}/playback`;
    const cursors: (string | null)[] = [];
    const inserts: string[] = [];
    let cursor: string | null = '0';
    while (cursor !== null) {
      const res = await t.as(employer).request('GET', `${url}?limit=2&cursor=${cursor}`);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json();
      const events = page.streams.flatMap((s: { events: { insert: string }[] }) => s.events);
      expect(events.length).toBeLessThanOrEqual(2);
      inserts.push(...events.map((e: { insert: string }) => e.insert));
      cursor = page.next;
      cursors.push(cursor);
    }
    expect(cursors).toEqual(['2', '4', null]);
    expect(inserts.join('')).toBe('12345');
    const bad = await t.as(employer).request('GET', `${url}?limit=0`);
    expect(bad.statusCode).toBe(400);
    expect((await t.as(employer).request('GET', `${url}?cursor=abc`)).statusCode).toBe(400);
  });
});
