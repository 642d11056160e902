/**
 * The typing side of the interview benchmark, in its own process so the server's CPU is measured alone:
 * reads the rooms from argv (JSON), connects 3 y-protocols clients per room, and has each type at human speed
 * (one character every ~TYPE_MS with jitter, a cursor/awareness update with each) for `seconds`. Prints JSON:
 * the propagation delays (keystroke → each peer has it, through the server) in ms.
 */
import { performance } from 'node:perf_hooks';
import * as Y from 'yjs';
import { connectRoom, type RoomClient } from '../../test/fixtures/interviews';

interface Spec {
  base: string;
  seconds: number;
  typeMs: number;
  rooms: { id: string; token: string; cookie: string }[];
}

const spec = JSON.parse(process.argv[2]!) as Spec;
const delays: number[] = [];

interface Sent {
  clock: number;
  at: number;
}

async function main() {
  const rooms: RoomClient[][] = [];
  for (const room of spec.rooms) {
    const url = `${spec.base}/api/interviews/${room.id}/sync`;
    const clients = await Promise.all([
      connectRoom(url, { cookie: room.cookie }),
      connectRoom(url, { token: room.token }),
      connectRoom(url, { token: room.token }),
    ]);
    await Promise.all(clients.map((c) => c.synced));
    rooms.push(clients);
  }
  process.stderr.write('ready\n');
  await new Promise((resolve) => process.stdin.once('data', resolve));
  // Per sender: what it typed, in order; per (receiver, sender): how far the receiver has seen.
  const sent = new Map<number, Sent[]>();
  const seen = new Map<string, number>();
  for (const clients of rooms) {
    for (const receiver of clients) {
      receiver.doc.on('update', (_u: Uint8Array, origin: unknown) => {
        if (origin !== 'remote') return;
        const now = performance.now();
        for (const sender of clients) {
          if (sender === receiver) continue;
          const id = sender.doc.clientID;
          const key = `${receiver.doc.clientID}:${id}`;
          const list = sent.get(id) ?? [];
          const have = Y.getState(receiver.doc.store, id);
          let i = seen.get(key) ?? 0;
          while (i < list.length && list[i]!.clock <= have) delays.push(now - list[i++]!.at);
          seen.set(key, i);
        }
      });
    }
  }
  const stopAt = performance.now() + spec.seconds * 1000;
  process.stdin.pause();
  const typists = rooms.flat().map(async (client) => {
    const id = client.doc.clientID;
    sent.set(id, []);
    // A typist writes runs of characters at their cursor and now and then moves it elsewhere.
    let cursor = 0;
    let typed = 0;
    while (performance.now() < stopAt) {
      await new Promise((r) => setTimeout(r, spec.typeMs * (0.5 + Math.random())));
      const text = client.text;
      const at = performance.now();
      if (typed++ % 40 === 0) cursor = Math.floor(Math.random() * (text.length + 1));
      cursor = Math.min(cursor, text.length);
      text.insert(cursor++, typed % 8 === 0 ? '\n' : 'x');
      sent.get(id)!.push({ clock: Y.getState(client.doc.store, id), at });
      client.awareness.setLocalStateField('cursor', { index: cursor, at });
    }
  });
  await Promise.all(typists);
  process.stderr.write('typed\n');
  // Let the last keystrokes arrive before closing.
  await new Promise((r) => setTimeout(r, 1000));
  await Promise.all(rooms.flat().map((c) => c.close()));
  // Awareness keeps a timer per document: leave once the figures are written.
  process.stdout.write(JSON.stringify({ delays, clients: rooms.flat().length }), () => process.exit(0));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
