/**
 * WebRTC signalling through the room socket, from the attacker's side: a signal reaches only the participant it
 * names, in the sender's own room, under the sender's own id and name, with only the contract's fields and under
 * the size cap; readers, ended rooms and the notes document relay nothing. Real sockets, real y-protocols clients.
 */
import { MAX_ROOM_SIGNAL_BYTES } from '@assessly/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRoom, type RoomClient } from '../../../test/fixtures/interviews';
import { useTeam, useTestApp } from '../../../test/support';

const t = useTestApp();
const team = useTeam(t);
let base: string;
const open: RoomClient[] = [];

beforeAll(async () => {
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
    .post('/api/interviews', { title: 'Video', candidateEmail: 'v@example.com', candidateName: 'Vic Vega' });
  expect(res.statusCode, res.body).toBe(201);
  const { id, joinUrl } = res.json() as { id: string; joinUrl: string };
  return { url: `${base}/api/interviews/${id}/sync`, id, token: new URL(joinUrl).searchParams.get('token')! };
}

/** A participant who has announced itself (the server knows which awareness id is its own). */
async function participant(url: string, opts: Parameters<typeof connectRoom>[1]) {
  const client = await connectRoom(url, opts);
  open.push(client);
  await client.synced;
  client.awareness.setLocalStateField('user', { name: 'claimed' });
  await client.roundTrip();
  return client;
}

const offer = (from: RoomClient, to: RoomClient, extra: Record<string, unknown> = {}) => ({
  from: from.doc.clientID,
  to: to.doc.clientID,
  kind: 'offer',
  sdp: 'v=0\r\n',
  ...extra,
});

describe('WebRTC signalling on the room socket', () => {
  it('relays a signal only to the participant it names, stamped with the sender name and side', async () => {
    const room = await schedule();
    const interviewer = await participant(room.url, { cookie: team.recruiter.cookie });
    const candidate = await participant(room.url, { token: room.token });
    const observer = await participant(room.url, { cookie: team.admin.cookie });

    candidate.signal(offer(candidate, interviewer));
    await interviewer.until(() => interviewer.signals.length === 1, 'the offer');
    expect(interviewer.signals[0]).toEqual({
      from: candidate.doc.clientID,
      to: interviewer.doc.clientID,
      kind: 'offer',
      sdp: 'v=0\r\n',
      name: 'Vic Vega',
      role: 'candidate',
    });
    interviewer.signal({
      from: interviewer.doc.clientID,
      to: candidate.doc.clientID,
      kind: 'ice',
      candidate: { candidate: 'candidate:1 1 udp 1 10.0.0.1 5000 typ host', sdpMid: '0', sdpMLineIndex: 0 },
    });
    await candidate.until(() => candidate.signals.length === 1, 'the ICE candidate');
    expect(candidate.signals[0]).toMatchObject({ kind: 'ice', role: 'interviewer' });
    await Promise.all([candidate.roundTrip(), interviewer.roundTrip(), observer.roundTrip()]);
    expect(observer.signals).toEqual([]);
  });

  it('never carries a signal into another room', async () => {
    const mine = await schedule();
    const theirs = await schedule();
    const candidate = await participant(mine.url, { token: mine.token });
    const victim = await participant(theirs.url, { cookie: team.recruiter.cookie });
    const peer = await participant(theirs.url, { cookie: team.admin.cookie });
    candidate.signal(offer(candidate, victim, { sdp: 'v=0\r\nINJECTED' }));
    await candidate.roundTrip(); // the server has handled the signal above
    peer.signal(offer(peer, victim));
    await victim.until(() => victim.signals.length > 0, 'the legitimate offer');
    await victim.roundTrip();
    expect(victim.signals).toHaveLength(1);
    expect(victim.signals[0]).toMatchObject({ from: peer.doc.clientID });
    expect(JSON.stringify(victim.signals)).not.toContain('INJECTED');
    // The sender is not disconnected for naming someone absent: a peer may simply have left.
    expect(candidate.socket.readyState).toBe(candidate.socket.OPEN);
  });

  it('closes a socket that signals under another participant id, and the room goes on', async () => {
    const room = await schedule();
    const interviewer = await participant(room.url, { cookie: team.recruiter.cookie });
    const other = await participant(room.url, { cookie: team.admin.cookie });
    const candidate = await participant(room.url, { token: room.token });
    candidate.signal({ ...offer(candidate, interviewer), from: other.doc.clientID });
    expect(await candidate.closed).toBe(4403);
    // A socket that never announced itself owns no id at all.
    const silent = await connectRoom(room.url, { token: room.token });
    open.push(silent);
    await silent.synced;
    silent.signal({ from: silent.doc.clientID, to: interviewer.doc.clientID, kind: 'offer', sdp: 'x' });
    expect(await silent.closed).toBe(4403);
    other.signal(offer(other, interviewer));
    await interviewer.until(() => interviewer.signals.length === 1, 'the offer after the impostors');
    expect(interviewer.signals[0]).toMatchObject({
      from: other.doc.clientID,
      name: expect.not.stringMatching(/claimed/),
    });
  });

  it('refuses fields outside the contract, malformed JSON and signals over the cap', async () => {
    const room = await schedule();
    const interviewer = await participant(room.url, { cookie: team.recruiter.cookie });
    const extra = await participant(room.url, { token: room.token });
    extra.signal(offer(extra, interviewer, { name: 'Ivy Interviewer', role: 'interviewer' }));
    expect(await extra.closed).toBe(4400);
    const garbage = await participant(room.url, { token: room.token });
    garbage.signal('{"from":');
    expect(await garbage.closed).toBe(4400);
    const big = await participant(room.url, { token: room.token });
    big.signal(offer(big, interviewer, { sdp: 'a'.repeat(MAX_ROOM_SIGNAL_BYTES + 1) }));
    expect(await big.closed).toBe(4413);
    await interviewer.roundTrip();
    expect(interviewer.signals).toEqual([]);
    expect(interviewer.socket.readyState).toBe(interviewer.socket.OPEN);
  });

  it('relays nothing on the notes document or in an ended room', async () => {
    const room = await schedule();
    const notesUrl = room.url.replace(/\/sync$/, '/notes');
    const a = await participant(notesUrl, { cookie: team.recruiter.cookie });
    const b = await participant(notesUrl, { cookie: team.admin.cookie });
    a.signal(offer(a, b));
    expect(await a.closed).toBe(4400);

    const interviewer = await participant(room.url, { cookie: team.recruiter.cookie });
    const candidate = await participant(room.url, { token: room.token });
    expect((await t.as(team.recruiter).post(`/api/interviews/${room.id}/end`)).statusCode).toBe(200);
    await candidate.until(() => candidate.events.some((e) => e.type === 'ended'), 'the end');
    candidate.signal(offer(candidate, interviewer));
    expect(await candidate.closed).toBe(4409);
    expect(interviewer.signals).toEqual([]);
  });
});
