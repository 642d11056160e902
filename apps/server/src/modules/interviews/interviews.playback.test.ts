/**
 * An ended interview room replays in the test playback's player (issue 29): its stored Yjs updates become one
 * edit stream that rebuilds the room's code exactly, each Run a moment with its output; only the company's
 * members, only once the room has ended.
 */
import { replayEdits } from '@assessly/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import type { SignedInUser } from '../../../test/factories';
import { useTeam, useTestApp } from '../../../test/support';
import { interviewRuns, interviews, interviewUpdates } from '../../db/schema';
import { updatesToEvents } from './interviews.playback';

const t = useTestApp();
const team = useTeam(t);
let rival: SignedInUser;
let candidate: SignedInUser;
beforeAll(async () => {
  rival = await t.signIn({ role: 'employer' });
  candidate = await t.signIn();
});

/** Two people editing one room: seeded random edits on two synced docs; every update as the server stores it. */
function session(seed: number, count: number, language?: string) {
  let a = seed;
  const rnd = () => {
    a = (a * 1_103_515_245 + 12_345) % 2_147_483_648;
    return a / 2_147_483_648;
  };
  const docs = [new Y.Doc(), new Y.Doc()];
  const stored: Uint8Array[] = [];
  for (const [i, d] of docs.entries()) {
    d.on('update', (u: Uint8Array, origin: unknown) => {
      if (origin === 'remote') return;
      stored.push(u);
      Y.applyUpdate(docs[1 - i]!, u, 'remote');
    });
  }
  // The room page keeps the shared language in the 'room' map of the same document.
  if (language) docs[0]!.getMap<string>('room').set('language', language);
  for (let n = 0; n < count; n++) {
    const text = docs[Math.floor(rnd() * 2)]!.getText('code');
    const pos = Math.floor(rnd() * (text.length + 1));
    if (rnd() < 0.25 && text.length > 0) text.delete(Math.min(pos, text.length - 1), 1 + Math.floor(rnd() * 3));
    else text.insert(Math.min(pos, text.length), rnd() < 0.1 ? 'def f(x):\n    return x\n' : 'ab\n'[n % 3]!);
  }
  const final = docs[0]!.getText('code').toString();
  expect(docs[1]!.getText('code').toString()).toBe(final);
  return { stored, final };
}

describe('updatesToEvents', () => {
  it("rebuilds two people's random edits exactly, update by update, also from compacted buckets", () => {
    for (let seed = 1; seed <= 40; seed++) {
      const { stored, final } = session(seed, 120);
      const start = new Date('2026-11-26T10:00:00Z');
      const rows = stored.map((data, i) => ({ data, createdAt: new Date(start.getTime() + i * 1000) }));
      const events = updatesToEvents(rows, start);
      expect(replayEdits('', events)).toBe(final);
      // After the update stored at second i, the replay shows the code the room had then.
      const doc = new Y.Doc();
      rows.forEach((r, i) => {
        Y.applyUpdate(doc, r.data);
        if (i % 17 === 0) {
          const upTo = events.filter((e) => e.at <= i * 1000);
          expect(replayEdits('', upTo)).toBe(doc.getText('code').toString());
        }
      });
      // Compaction merges the updates of a time bucket into one row: the replay still ends on the same code.
      const buckets = [];
      for (let i = 0; i < rows.length; i += 7) {
        buckets.push({ data: Y.mergeUpdates(stored.slice(i, i + 7)), createdAt: rows[i]!.createdAt });
      }
      expect(replayEdits('', updatesToEvents(buckets, start))).toBe(final);
    }
  });
});

describe('GET /api/interviews/:id/playback', () => {
  it('replays an ended room in the playback shape, with each Run and its output; members only, ended only', async () => {
    const made = await t.as(team.recruiter).post('/api/interviews', {
      title: 'Pairing replay',
      candidateEmail: candidate.email,
      durationMinutes: 30,
    });
    expect(made.statusCode, made.body).toBe(201);
    const id: string = made.json().id;
    const started = new Date(t.clock.now().getTime() - 600_000);
    await t.deps.db.update(interviews).set({ startedAt: started }).where(eq(interviews.id, id));
    const { stored, final } = session(99, 60, 'go');
    await t.deps.db.insert(interviewUpdates).values(
      stored.map((data, i) => ({
        interviewId: id,
        doc: 'code' as const,
        data,
        createdAt: new Date(started.getTime() + 1000 + i * 2000),
      })),
    );
    await t.deps.db.insert(interviewRuns).values({
      interviewId: id,
      kind: 'run',
      language: 'python',
      code: final,
      input: '2 3',
      result: {
        verdict: 'OK',
        output: '5\n',
        stderr: '',
        compileOutput: null,
        timeMs: 12,
        cases: [],
        passed: null,
        total: null,
      },
      runBy: 'Candidate',
      createdAt: new Date(started.getTime() + 90_000),
    });

    const url = `/api/interviews/${id}/playback`;
    const live = await t.as(team.owner).get(url);
    expect(live.statusCode).toBe(409);
    expect(live.json().code).toBe('INTERVIEW_NOT_ENDED');
    // A reviewer reads an interview once it has ended; before, not even that it exists in this form.
    expect((await t.as(team.reviewer).get(url)).statusCode).toBe(403);
    expect((await t.as(team.recruiter).post(`/api/interviews/${id}/end`)).statusCode).toBe(200);

    const res = await t.as(team.reviewer).get(url);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.streams).toHaveLength(1);
    const [stream] = body.streams;
    // The stream's language is the room's shared one at the end; the run says its own.
    expect(stream).toMatchObject({ initial: '', language: 'go' });
    expect(replayEdits(stream.initial, stream.events)).toBe(final);
    // The first stored update only set the language: the first edit is the second update's, 3 s in.
    expect(stream.events[0].at).toBe(3000);
    expect(body.moments).toEqual([
      expect.objectContaining({ at: 90_000, kind: 'run', language: 'python', verdict: 'OK', output: '5\n' }),
    ]);
    expect((await t.as(rival).get(url)).statusCode).toBe(404);
    expect((await t.as(candidate).get(url)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.as(team.owner).get('/api/interviews/not-an-id/playback')).statusCode).toBe(404);
  });

  it("shows what the room held at its end: the interviewers' private notes and the board's strokes only", async () => {
    const made = await t.as(team.recruiter).post('/api/interviews', {
      title: 'Board and notes',
      candidateEmail: candidate.email,
      candidateName: 'Ada Lovelace',
    });
    expect(made.statusCode, made.body).toBe(201);
    const id: string = made.json().id;
    const started = new Date(t.clock.now().getTime() - 600_000);
    await t.deps.db.update(interviews).set({ startedAt: started }).where(eq(interviews.id, id));
    const code = new Y.Doc();
    const codeUpdates: Uint8Array[] = [];
    code.on('update', (u: Uint8Array) => codeUpdates.push(u));
    code.getText('code').insert(0, 'print(1)\n');
    const board = code.getArray<unknown>('board');
    board.push([{ color: '#2563eb', width: 3, points: [10, 10, 500, 500, 990, 20] }]);
    // anyone in the room can write the document: an entry that is not a stroke is never passed on
    board.push([{ color: 'javascript:alert(1)', width: 3, points: [1, 1, 2, 2] }, 'junk', { points: [1e9, 0] }]);
    const notes = new Y.Doc();
    const noteUpdates: Uint8Array[] = [];
    notes.on('update', (u: Uint8Array) => noteUpdates.push(u));
    notes.getText('code').insert(0, 'Strong on recursion.');
    notes.getText('code').insert(0, 'Private: ');
    await t.deps.db.insert(interviewUpdates).values([
      ...codeUpdates.map((data, i) => ({
        interviewId: id,
        doc: 'code' as const,
        data,
        createdAt: new Date(started.getTime() + 1000 * (i + 1)),
      })),
      ...noteUpdates.map((data, i) => ({
        interviewId: id,
        doc: 'notes' as const,
        data,
        createdAt: new Date(started.getTime() + 5000 * (i + 1)),
      })),
    ]);
    expect((await t.as(team.recruiter).post(`/api/interviews/${id}/end`)).statusCode).toBe(200);
    const res = await t.as(team.reviewer).get(`/api/interviews/${id}/playback`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().notes).toBe('Private: Strong on recursion.');
    expect(res.json().board).toEqual([{ color: '#2563eb', width: 3, points: [10, 10, 500, 500, 990, 20] }]);
  });

  it('the room shows the candidate by the name the interviewer gave, else by their email', async () => {
    const named = await t.as(team.recruiter).post('/api/interviews', {
      title: 'Named',
      candidateEmail: candidate.email,
      candidateName: '  Ada Lovelace ',
    });
    const unnamed = await t
      .as(team.recruiter)
      .post('/api/interviews', { title: 'Unnamed', candidateEmail: candidate.email });
    for (const [made, name] of [
      [named, 'Ada Lovelace'],
      [unnamed, candidate.email],
    ] as const) {
      expect(made.statusCode, made.body).toBe(201);
      const token = new URL(made.json().joinUrl).searchParams.get('token')!;
      const room = await t.as(null).get(`/api/interviews/${made.json().id}/room`, { 'x-join-token': token });
      expect(room.statusCode, room.body).toBe(200);
      expect(room.json()).toMatchObject({ role: 'candidate', name });
    }
    const tooLong = await t
      .as(team.recruiter)
      .post('/api/interviews', { title: 'Long', candidateEmail: candidate.email, candidateName: 'x'.repeat(101) });
    expect(tooLong.statusCode).toBe(400);
  });
});
