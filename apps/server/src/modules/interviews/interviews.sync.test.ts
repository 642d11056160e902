/**
 * The room sockets over a real port with real y-protocols clients (test/fixtures/interviews.ts): convergence,
 * late joiners, a restart, the notes document, caps, tenancy and the ended room; then Runs through the real judge.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { buildCodingTest, type SignedInUser } from '../../../test/factories';
import { connectRoom, type RoomClient, updateMessage } from '../../../test/fixtures/interviews';
import { useRealJudge, useTeam, useTestApp } from '../../../test/support';
import { buildApp } from '../../app';
import { interviewUpdates } from '../../db/schema';
import { MAX_MESSAGE_BYTES } from './interviews.rooms';

const t = useTestApp();
const team = useTeam(t);
let base: string;
let rival: SignedInUser;
const open: RoomClient[] = [];

beforeAll(async () => {
  rival = await t.signIn({ role: 'employer' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  await Promise.all(open.map((c) => c.close()));
});

async function schedule() {
  const res = await t
    .as(team.recruiter)
    .post('/api/interviews', { title: 'Pairing', candidateEmail: 'cand@example.com', candidateName: 'Cara Lin' });
  expect(res.statusCode, res.body).toBe(201);
  const { id, joinUrl } = res.json() as { id: string; joinUrl: string };
  return { id, token: new URL(joinUrl).searchParams.get('token')! };
}

async function join(url: string, opts: Parameters<typeof connectRoom>[1]) {
  const client = await connectRoom(url, opts);
  open.push(client);
  await client.synced;
  return client;
}

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => 0,
    (err: { status?: number }) => err.status ?? -1,
  );

describe('the shared code document', () => {
  it('converges when two clients type at once, and a late joiner receives the whole document', async () => {
    const { id, token } = await schedule();
    const url = `${base}/api/interviews/${id}/sync`;
    const interviewer = await join(url, { cookie: team.recruiter.cookie });
    const candidate = await join(url, { token });
    for (let i = 0; i < 20; i++) {
      interviewer.text.insert(0, 'a');
      candidate.text.insert(candidate.text.length, 'b');
    }
    const both = (c: RoomClient) => c.text.toString().replace(/[^a]/g, '').length === 20 && c.text.length === 40;
    await Promise.all([interviewer.until(() => both(interviewer)), candidate.until(() => both(candidate))]);
    expect(interviewer.text.toString()).toBe(candidate.text.toString());

    const late = await join(url, { cookie: team.owner.cookie });
    expect(late.text.toString()).toBe(interviewer.text.toString());
    // Interview is live once someone joined.
    const list = (await t.as(team.owner).get('/api/interviews')).json() as { id: string; status: string }[];
    expect(list.find((i) => i.id === id)?.status).toBe('live');
  });

  it('shows each cursor under the name the server knows, whatever name the client claims', async () => {
    const { id, token } = await schedule();
    const url = `${base}/api/interviews/${id}/sync`;
    const interviewer = await join(url, { cookie: team.recruiter.cookie });
    const candidate = await join(url, { token });
    candidate.awareness.setLocalStateField('user', { name: 'The CEO', color: '#ff0000' });
    const id2 = candidate.doc.clientID;
    await interviewer.until(() => interviewer.awareness.getStates().has(id2), 'candidate cursor');
    const state = interviewer.awareness.getStates().get(id2) as { user: { name: string; role: string } };
    expect(state.user).toEqual({ name: 'Cara Lin', role: 'candidate', color: '#ff0000' });
  });

  it('takes back a page whose socket dropped: same client id, its cursor and edits flow again', async () => {
    const { id, token } = await schedule();
    const url = `${base}/api/interviews/${id}/sync`;
    const interviewer = await join(url, { cookie: team.recruiter.cookie });
    const first = await join(url, { token });
    first.awareness.setLocalStateField('user', { name: 'x', color: '#00aa00' });
    const clientId = first.doc.clientID;
    await interviewer.until(() => interviewer.awareness.getStates().has(clientId), 'the cursor');
    await first.close(); // the socket drops without a goodbye, as a lost connection does
    await interviewer.until(() => !interviewer.awareness.getStates().has(clientId), 'the cursor gone');

    const again = await join(url, { token, doc: first.doc });
    again.awareness.setLocalStateField('user', { name: 'x', color: '#00aa00' });
    again.text.insert(0, 'back again');
    // at once, not after the 15 s awareness renewal; and the page learns the clock the server keeps
    await interviewer.until(() => interviewer.awareness.getStates().has(clientId), 'the cursor again');
    await again.until(() => (again.awareness.meta.get(clientId)?.clock ?? 0) > 1, 'its own state back');
    await interviewer.until(() => interviewer.text.toString() === 'back again', 'the edit after the reconnect');
    await again.roundTrip();
    expect(again.socket.readyState).toBe(again.socket.OPEN);
  });

  it('loses nothing over a server restart, edits made offline included', async () => {
    const { id, token } = await schedule();
    let app: FastifyInstance = await buildApp(t.deps);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const urlOf = (a: FastifyInstance) => {
      const address = a.server.address();
      return `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/interviews/${id}/sync`;
    };
    const writer = await join(urlOf(app), { token });
    writer.text.insert(0, 'def solve():\n');
    const watcher = await join(urlOf(app), { cookie: team.recruiter.cookie });
    await watcher.until(() => watcher.text.toString() === 'def solve():\n');
    await app.close(); // stores what arrived before it lets go
    await writer.closed;
    writer.text.insert(writer.text.length, '    return 42\n'); // typed while the server was down

    app = await buildApp(t.deps);
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const back = await join(urlOf(app), { token, doc: writer.doc });
      await back.until(() => back.text.length > 0);
      const fresh = await join(urlOf(app), { cookie: team.owner.cookie });
      await fresh.until(() => fresh.text.toString() === 'def solve():\n    return 42\n', 'the offline edit');
      await back.close();
      await fresh.close();
    } finally {
      await app.close();
    }
  });

  it('refuses an oversized update by closing only that socket', async () => {
    const { id, token } = await schedule();
    const url = `${base}/api/interviews/${id}/sync`;
    const interviewer = await join(url, { cookie: team.recruiter.cookie });
    const candidate = await join(url, { token });
    const big = new Y.Doc();
    big.getText('code').insert(0, 'x'.repeat(MAX_MESSAGE_BYTES + 10));
    candidate.send(updateMessage(Y.encodeStateAsUpdate(big)));
    expect(await candidate.closed).toBe(1009);
    interviewer.text.insert(0, 'still here');
    const other = await join(url, { token });
    await other.until(() => other.text.toString() === 'still here');
  });

  it('disconnects a client that sends garbage, and the room goes on', async () => {
    const { id, token } = await schedule();
    const url = `${base}/api/interviews/${id}/sync`;
    const interviewer = await join(url, { cookie: team.recruiter.cookie });
    const bad = await join(url, { token });
    bad.send(new Uint8Array([0, 2, 200, 1, 2, 3]));
    expect(await bad.closed).toBe(4400);
    const unknown = await join(url, { token });
    unknown.send(new Uint8Array([42]));
    expect(await unknown.closed).toBe(4400);
    interviewer.text.insert(0, 'ok');
    const after = await join(url, { token });
    await after.until(() => after.text.toString() === 'ok');
  });

  it('refuses visitors, other companies, cross-site pages and a reviewer before the end', async () => {
    const { id, token } = await schedule();
    const url = `${base}/api/interviews/${id}/sync`;
    expect(await refusal(connectRoom(url))).toBe(401);
    expect(await refusal(connectRoom(url, { token: `${token}x` }))).toBe(401);
    expect(await refusal(connectRoom(url, { cookie: rival.cookie }))).toBe(404);
    expect(await refusal(connectRoom(url, { cookie: team.reviewer.cookie }))).toBe(403);
    expect(await refusal(connectRoom(url, { cookie: team.recruiter.cookie, origin: 'https://evil.example' }))).toBe(
      403,
    );
    expect(await refusal(connectRoom(`${base}/api/interviews/not-a-uuid/sync`, { token }))).toBe(404);
  });
});

describe('the notes document', () => {
  it('opens for interviewers only; the candidate cannot subscribe to it', async () => {
    const { id, token } = await schedule();
    const notes = `${base}/api/interviews/${id}/notes`;
    expect(await refusal(connectRoom(notes, { token }))).toBe(403);
    const a = await join(notes, { cookie: team.recruiter.cookie });
    a.doc.getText('code').insert(0, 'NOTE: strong on recursion');
    const b = await join(notes, { cookie: team.admin.cookie });
    await b.until(() => b.doc.getText('code').toString() === 'NOTE: strong on recursion');
    // The candidate's code room never carries it.
    const code = await join(`${base}/api/interviews/${id}/sync`, { token });
    expect(code.text.toString()).toBe('');
  });
});

describe('an ended room', () => {
  it('refuses updates, keeps its text, and opens read-only to a reviewer', async () => {
    const { id, token } = await schedule();
    const url = `${base}/api/interviews/${id}/sync`;
    const candidate = await join(url, { token });
    candidate.text.insert(0, 'final answer');
    const interviewer = await join(url, { cookie: team.recruiter.cookie });
    await interviewer.until(() => interviewer.text.toString() === 'final answer');
    expect((await t.as(team.recruiter).post(`/api/interviews/${id}/end`)).statusCode).toBe(200);
    await candidate.until(() => candidate.events.some((e) => e.type === 'ended'), 'the end event');
    candidate.text.insert(0, 'sneaky ');
    expect(await candidate.closed).toBe(4409);
    const reviewer = await join(url, { cookie: team.reviewer.cookie });
    expect(reviewer.text.toString()).toBe('final answer');
    reviewer.text.insert(0, 'edit ');
    expect(await reviewer.closed).toBe(4409);
    const again = await join(url, { cookie: team.owner.cookie });
    expect(again.text.toString()).toBe('final answer');
    // The history keeps the stored updates for the replay.
    const history = await t.as(team.reviewer).get(`/api/interviews/${id}/history`);
    expect(history.statusCode).toBe(200);
    const replay = new Y.Doc();
    for (const u of history.json().updates) Y.applyUpdate(replay, Buffer.from(u.data, 'base64'));
    expect(replay.getText('code').toString()).toBe('final answer');
  });
});

describe('a deleted interview', () => {
  it('closes every socket of its rooms, stores nothing more and refuses new ones', async () => {
    const { id, token } = await schedule();
    const url = `${base}/api/interviews/${id}/sync`;
    const candidate = await join(url, { token });
    const notes = await join(`${base}/api/interviews/${id}/notes`, { cookie: team.recruiter.cookie });
    candidate.text.insert(0, 'about to go');
    notes.doc.getText('code').insert(0, 'private');
    expect((await t.as(team.owner).request('DELETE', `/api/interviews/${id}`)).statusCode).toBe(200);
    expect(await candidate.closed).toBe(4410);
    expect(await notes.closed).toBe(4410);
    expect(await t.deps.db.select().from(interviewUpdates).where(eq(interviewUpdates.interviewId, id))).toEqual([]);
    expect(await refusal(connectRoom(url, { token }))).toBe(404);
  });
});

describe('running code in the room (real judge)', () => {
  useRealJudge(t);
  const MARK = 'ROOM-HIDDEN-5c1e';

  it('sends a Run to everyone, and shows the candidate hidden tests as passed/failed only', async () => {
    const { problems } = await buildCodingTest(t.deps.db, {
      employer: team.owner,
      problems: [
        {
          title: 'Sum',
          examples: [{ input: '1 2\n', output: '3\n' }],
          testCases: [
            { input: '40 2\n', output: '42\n' },
            { input: `${MARK}\n5 5\n`, output: `11${MARK}\n` },
          ],
        },
      ],
    });
    const { id, token } = await schedule();
    const url = `${base}/api/interviews/${id}/sync`;
    const interviewer = await join(url, { cookie: team.recruiter.cookie });
    const candidate = await join(url, { token });
    const code = 'import sys\nn = sys.stdin.read().split()\nprint(int(n[-2]) + int(n[-1]))\n';

    const run = await t.as(null).post(
      `/api/interviews/${id}/run`,
      { language: 'python', code, input: '2 3' },
      {
        'x-join-token': token,
      },
    );
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json()).toMatchObject({ kind: 'run', output: '5\n', runBy: 'Cara Lin' });
    await interviewer.until(() => interviewer.events.some((e) => e.type === 'run'), 'the run on the interviewer side');
    expect(interviewer.events.find((e) => e.type === 'run')).toMatchObject({ run: { output: '5\n' } });

    expect(
      (await t.as(team.recruiter).post(`/api/interviews/${id}/reveal`, { problemId: problems[0]!.id })).statusCode,
    ).toBe(200);
    const byCandidate = await t.as(null).post(
      `/api/interviews/${id}/hidden-tests`,
      { language: 'python', code },
      {
        'x-join-token': token,
      },
    );
    expect(byCandidate.statusCode).toBe(403);
    const hidden = await t.as(team.recruiter).post(`/api/interviews/${id}/hidden-tests`, { language: 'python', code });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toMatchObject({ kind: 'hidden', verdict: 'Wrong Answer', passed: 1, total: 2 });
    const isHidden = (e: Record<string, unknown>) => e.type === 'run' && (e.run as { kind: string }).kind === 'hidden';
    await candidate.until(() => candidate.events.some(isHidden), 'the hidden run on the candidate side');
    const seen = candidate.events.find(isHidden)!.run;
    expect(seen).toMatchObject({ verdict: 'Failed', output: '', stderr: '', passed: 1, total: 2 });
    expect(JSON.stringify(candidate.events)).not.toContain(MARK);
    const room = await t.as(null).get(`/api/interviews/${id}/room`, { 'x-join-token': token });
    expect(room.body).not.toContain(MARK);
    expect(room.json().runs.map((r: { kind: string }) => r.kind)).toEqual(['run', 'hidden']);
  });

  it('a revealed function problem comes with its stubs, and a Run calls the function with the input as arguments', async () => {
    const { problems } = await buildCodingTest(t.deps.db, {
      employer: team.owner,
      problems: [
        {
          title: 'Add',
          kind: 'function',
          signature: {
            name: 'add',
            params: [
              { name: 'a', type: 'int' },
              { name: 'b', type: 'int' },
            ],
            returns: 'int',
          },
          starterCode: { python: 'def add(a: int, b: int) -> int:\n    pass\n' },
          examples: [{ input: '1\n2', output: '3' }],
          testCases: [{ input: '40\n2', output: '42' }],
        },
      ],
    });
    const { id, token } = await schedule();
    const revealed = await t.as(team.recruiter).post(`/api/interviews/${id}/reveal`, { problemId: problems[0]!.id });
    expect(revealed.statusCode, revealed.body).toBe(200);
    expect(revealed.json()).toMatchObject({
      kind: 'function',
      starterCode: { python: expect.stringContaining('def add') },
    });
    const room = await t.as(null).get(`/api/interviews/${id}/room`, { 'x-join-token': token });
    expect(room.json().problem).toMatchObject({ kind: 'function', starterCode: { python: expect.any(String) } });
    const run = await t
      .as(null)
      .post(
        `/api/interviews/${id}/run`,
        { language: 'python', code: 'def add(a, b):\n    return a + b\n', input: '20\n22' },
        { 'x-join-token': token },
      );
    expect(run.statusCode, run.body).toBe(200);
    // without the harness the file would define add and print nothing
    expect(run.json()).toMatchObject({ kind: 'run', verdict: 'Accepted', output: '42' });
  });
});
