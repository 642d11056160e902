/**
 * Updates whose dependencies the server never received (issue 42): Yjs would park them in the document's pending
 * structs, uncounted by the document cap and merged with every later one on the event loop. The room refuses them.
 */

import * as encoding from 'lib0/encoding';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { connectRoom, type RoomClient, updateMessage } from '../../../test/fixtures/interviews';
import { useTeam, useTestApp } from '../../../test/support';
import { BYTE_BURST, MAX_PRESENCE_BYTES, MAX_PRESENCE_IDS, MSG_AWARENESS } from './interviews.rooms';

const t = useTestApp();
const team = useTeam(t);
let base: string;
let http: string;
const open: RoomClient[] = [];

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  base = `ws://127.0.0.1:${port}`;
  http = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await Promise.all(open.map((c) => c.close()));
});

async function room() {
  const res = await t
    .as(team.recruiter)
    .post('/api/interviews', { title: 'Pairing', candidateEmail: 'cand@example.com' });
  expect(res.statusCode, res.body).toBe(201);
  const { id, joinUrl } = res.json() as { id: string; joinUrl: string };
  return { url: `${base}/api/interviews/${id}/sync`, token: new URL(joinUrl).searchParams.get('token')! };
}

async function join(url: string, opts: Parameters<typeof connectRoom>[1]) {
  const client = await connectRoom(url, opts);
  open.push(client);
  await client.synced;
  return client;
}

/** The attack as reported: a 240 KiB insert whose first character (its first dependency) is left out. */
function parkedInsert(clientId: number): Uint8Array {
  const doc = new Y.Doc();
  doc.clientID = clientId;
  const text = doc.getText('code');
  text.insert(0, 'P');
  const before = Y.encodeStateVector(doc);
  text.insert(1, 'Z'.repeat(240 * 1024));
  return Y.encodeStateAsUpdate(doc, before);
}

describe('updates with missing dependencies', () => {
  it('closes the socket with 4422, keeps nothing of the update, and the API keeps answering', async () => {
    const { url, token } = await room();
    const interviewer = await join(url, { cookie: team.recruiter.cookie });
    interviewer.text.insert(0, 'hello');
    const attacker = await join(url, { token });
    const payload = updateMessage(parkedInsert(777_001));
    for (let i = 0; i < 25; i++) attacker.send(payload);
    expect(await attacker.closed).toBe(4422);

    const health = await fetch(`${http}/api/health`);
    expect(health.status).toBe(200);

    const late = await join(url, { cookie: team.owner.cookie });
    await late.until(() => late.text.toString() === 'hello');
    const state = Y.encodeStateAsUpdate(late.doc);
    expect(state.byteLength).toBeLessThan(1024);
    expect(Y.decodeStateVector(Y.encodeStateVector(late.doc)).has(777_001)).toBe(false);
    expect(late.doc.store.pendingStructs).toBeNull();
    // The room goes on for the others.
    interviewer.text.insert(5, ' world');
    await late.until(() => late.text.toString() === 'hello world');
  });

  it('refuses an insert anchored on another client the server never saw, and drops what Yjs parked', async () => {
    const { url, token } = await room();
    const interviewer = await join(url, { cookie: team.recruiter.cookie });
    const unseen = new Y.Doc();
    unseen.clientID = 777_002;
    unseen.getText('code').insert(0, 'a');
    const forged = new Y.Doc();
    forged.clientID = 777_003;
    Y.applyUpdate(forged, Y.encodeStateAsUpdate(unseen));
    const known = Y.encodeStateVector(forged);
    forged.getText('code').insert(1, 'Q'.repeat(1000));
    const attacker = await join(url, { token });
    attacker.send(updateMessage(Y.encodeStateAsUpdate(forged, known)));
    expect(await attacker.closed).toBe(4422);
    // Had the parked part stayed, the unseen client's edit would release it into everyone's document.
    const other = await join(url, { token });
    Y.applyUpdate(other.doc, Y.encodeStateAsUpdate(unseen));
    await interviewer.until(() => interviewer.text.toString() === 'a');
    await other.roundTrip();
    expect(other.text.toString()).toBe('a');
    const late = await join(url, { cookie: team.owner.cookie });
    expect(late.text.toString()).toBe('a');
  });

  it('closes a socket that sends more bytes than its budget with 4429, even of well-formed updates', async () => {
    const { url, token } = await room();
    const flooder = await join(url, { token });
    const doc = new Y.Doc();
    const text = doc.getText('code');
    const sent: Uint8Array[] = [];
    for (let i = 0; i * 200 * 1024 <= BYTE_BURST; i++) {
      const before = Y.encodeStateVector(doc);
      text.insert(text.length, 'y'.repeat(200 * 1024));
      sent.push(updateMessage(Y.encodeStateAsUpdate(doc, before)));
    }
    for (const m of sent) flooder.send(m);
    expect(await flooder.closed).toBe(4429);
  });
});

describe('the room byte budget closes the heaviest sender', () => {
  it('when guests with the link use up the room budget, the interviewer who sends next stays (issue 42)', async () => {
    // The budgets run on the app's clock: frozen, nothing refills while the test runs, however loaded the machine.
    t.clock.freeze();
    try {
      const { url, token } = await room();
      const interviewer = await join(url, { cookie: team.recruiter.cookie });
      // Two guests each send just under their own budget: together nearly all of the room's (2 MiB).
      const guests = [await join(url, { token }), await join(url, { token })];
      const chunk = 250 * 1024;
      for (const guest of guests) {
        const doc = new Y.Doc();
        Y.applyUpdate(doc, Y.encodeStateAsUpdate(guest.doc));
        const text = doc.getText('code');
        for (let i = 0; i < 4; i++) {
          const sv = Y.encodeStateVector(doc);
          text.insert(text.length, 'z'.repeat(chunk));
          guest.send(updateMessage(Y.encodeStateAsUpdate(doc, sv)));
        }
        await guest.roundTrip();
      }
      // The interviewer pastes 100 KiB, within their own budget, more than the room has left.
      interviewer.text.insert(0, `still here ${'p'.repeat(100 * 1024)}`);
      const first = await Promise.race([
        interviewer.closed.then((code) => ({ who: 'interviewer', code })),
        ...guests.map((g) => g.closed.then((code) => ({ who: 'guest', code }))),
      ]);
      expect(first).toEqual({ who: 'guest', code: 4429 });
      await interviewer.roundTrip();
      expect(interviewer.socket.readyState).toBe(interviewer.socket.OPEN);
      const late = await join(url, { cookie: team.owner.cookie });
      await late.until(() => late.text.toString().startsWith('still here '), 'the interviewer’s paste');
      expect(interviewer.socket.readyState).toBe(interviewer.socket.OPEN);
    } finally {
      t.clock.unfreeze();
    }
  });
});

describe('the room socket origin check', () => {
  it('ignores X-Forwarded-Host when no proxy is trusted', async () => {
    const { url } = await room();
    const forged = connectRoom(url, {
      cookie: team.recruiter.cookie,
      origin: 'https://evil.example',
      headers: { 'x-forwarded-host': 'evil.example' },
    });
    const status = await forged.then(
      async (c) => {
        await c.close();
        return 101;
      },
      (err: { status?: number }) => err.status ?? -1,
    );
    expect(status).toBe(403);
  });
});

describe('presence', () => {
  it('relays only the known fields, and drops an oversized cursor', async () => {
    const { url, token } = await room();
    const interviewer = await join(url, { cookie: team.recruiter.cookie });
    const candidate = await join(url, { token });
    const id = candidate.doc.clientID;
    candidate.awareness.setLocalState({
      user: { name: 'x', color: '#00aa00' },
      cursor: { anchor: 1, head: 2 },
      media: 'video',
      junk: 'J'.repeat(200 * 1024),
    });
    await interviewer.until(() => interviewer.awareness.getStates().has(id), 'the cursor');
    const seen = interviewer.awareness.getStates().get(id) as Record<string, unknown>;
    expect(Object.keys(seen).sort()).toEqual(['cursor', 'media', 'user']);
    expect(seen.cursor).toEqual({ anchor: 1, head: 2 });
    expect(seen.media).toBe('video');

    candidate.awareness.setLocalStateField('cursor', { anchor: 'A'.repeat(10_000), head: 0 });
    await interviewer.until(() => (interviewer.awareness.getStates().get(id) as { cursor: unknown }).cursor === null);
  });
});

/** One awareness message announcing these client ids with these states (as a page's provider encodes them). */
function presenceMessage(entries: { id: number; state: unknown }[]): Uint8Array {
  const update = encoding.createEncoder();
  encoding.writeVarUint(update, entries.length);
  for (const { id, state } of entries) {
    encoding.writeVarUint(update, id);
    encoding.writeVarUint(update, 1);
    encoding.writeVarString(update, JSON.stringify(state));
  }
  const e = encoding.createEncoder();
  encoding.writeVarUint(e, MSG_AWARENESS);
  encoding.writeVarUint8Array(e, encoding.toUint8Array(update));
  return encoding.toUint8Array(e);
}

describe('presence limits (issue 42)', () => {
  it(`lets one socket hold at most ${MAX_PRESENCE_IDS} awareness client ids, and closes it (4429) past that`, async () => {
    const { url, token } = await room();
    const interviewer = await join(url, { cookie: team.recruiter.cookie });
    const guest = await join(url, { token });
    const ids = [778_001, 778_002, 778_003, 778_004, 778_005];
    const state = { user: { name: 'g', color: '#00aa00' }, cursor: null, media: null };
    guest.send(presenceMessage(ids.slice(0, MAX_PRESENCE_IDS).map((id) => ({ id, state }))));
    const seen = () => ids.filter((id) => interviewer.awareness.getStates().has(id)).length;
    await interviewer.until(() => seen() === MAX_PRESENCE_IDS, 'four presence ids');
    guest.send(presenceMessage([{ id: ids[4]!, state }]));
    const outcome = await Promise.race([
      guest.closed,
      interviewer.until(() => seen() === ids.length, 'a fifth presence id').then(() => 'relayed'),
    ]);
    expect(outcome).toBe(4429);
    // Its ids leave with it; the room goes on.
    await interviewer.until(() => seen() === 0, 'the ids removed');
    expect(interviewer.socket.readyState).toBe(interviewer.socket.OPEN);
  });

  it(`closes a socket whose presence (every id it holds, after the filter) passes ${MAX_PRESENCE_BYTES} bytes with 4413`, async () => {
    const { url, token } = await room();
    const interviewer = await join(url, { cookie: team.recruiter.cookie });
    const guest = await join(url, { token });
    // Within the cursor's 1024 JSON characters, but three UTF-8 bytes each: about 3 KB per state.
    const state = { user: { name: 'g', color: '#00aa00' }, cursor: { anchor: '€'.repeat(1000) }, media: null };
    guest.send(presenceMessage([{ id: 779_001, state }]));
    await interviewer.until(() => interviewer.awareness.getStates().has(779_001), 'the first state');
    guest.send(presenceMessage([{ id: 779_002, state }]));
    const outcome = await Promise.race([
      guest.closed,
      interviewer.until(() => interviewer.awareness.getStates().has(779_002), 'the second state').then(() => 'relayed'),
    ]);
    expect(outcome).toBe(4413);
    await interviewer.until(() => !interviewer.awareness.getStates().has(779_001), 'the first state removed');
  });
});

describe('runs in a room', () => {
  it('refuses a language the interview does not offer with 422', async () => {
    const res = await t
      .as(team.recruiter)
      .post('/api/interviews', { title: 'JS only', candidateEmail: 'cand@example.com', languages: ['javascript'] });
    expect(res.statusCode, res.body).toBe(201);
    const { id, joinUrl } = res.json() as { id: string; joinUrl: string };
    const token = new URL(joinUrl).searchParams.get('token')!;
    await join(`${base}/api/interviews/${id}/sync`, { token });
    const run = await t
      .as(null)
      .post(
        `/api/interviews/${id}/run`,
        { language: 'python', code: 'print(1)', input: '' },
        { 'x-join-token': token },
      );
    expect(run.statusCode, run.body).toBe(422);
    expect(run.json()).toMatchObject({ code: 'LANGUAGE_UNAVAILABLE' });
  });
});
