/**
 * The rooms of live interviews: one Yjs document per (interview, doc) held in memory while anyone is connected,
 * spoken to over the y-websocket protocol (sync + awareness) and persisted as the updates arrive.
 * Every message is checked against the connection's side and the room's state before it is applied: a read-only
 * connection (a reviewer, or anyone once the room has ended) can read but never write; a message the protocol
 * does not know, a flood or an update over the caps closes that one socket, never the room.
 * One API process holds a room (see docs/DECISIONS.md, live interviews): several processes need sticky routing.
 */
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import type { WebSocket } from 'ws';
import * as awarenessProtocol from 'y-protocols/awareness';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';
import type { RoomRole } from './interviews.access';
import { BYTE_BURST, hasClockGap, heaviestSender, takeBytes } from './interviews.limits';
import { relaySignal } from './interviews.signal';
import type { DocName, UpdateStore } from './interviews.store';

export { BYTE_BURST } from './interviews.limits';

export const MSG_SYNC = 0;
export const MSG_AWARENESS = 1;
export const MSG_QUERY_AWARENESS = 3;
/** Ours: a JSON room event from the server (a Run's output, a revealed problem, the end). */
export const MSG_ROOM_EVENT = 100;
/** Ours: WebRTC signalling from one participant to one other of the code room (interviews.signal.ts). */
export const MSG_SIGNAL = 101;

/** Largest message a socket may send; `ws` closes a socket that sends more (1009) before we see it. */
export const MAX_MESSAGE_BYTES = 256 * 1024;
/** Largest stored document: a client whose update would grow it past this is disconnected. */
export const MAX_DOC_BYTES = 4 * 1024 * 1024;
/** Messages a socket may send in a burst, and per second after it (typing plus cursor moves is about 20). */
const BURST = 200;
const PER_SECOND = 60;
/** Longest presence cursor (JSON characters): two relative positions are about 200. */
const MAX_CURSOR_CHARS = 1024;
/** Presence one socket may hold, after the filter: its states' JSON in UTF-8, all its client ids together. */
export const MAX_PRESENCE_BYTES = 4 * 1024;
/** Awareness client ids one socket may hold (a page has one per document; a reconnect reuses it). */
export const MAX_PRESENCE_IDS = 4;

export const CLOSE = {
  readOnly: { code: 4403, reason: 'This room is read-only for you' },
  ended: { code: 4409, reason: 'This interview has ended' },
  malformed: { code: 4400, reason: 'Malformed message' },
  flood: { code: 4429, reason: 'Too many messages' },
  tooLarge: { code: 4413, reason: 'The document is full' },
  revoked: { code: 4401, reason: 'Access withdrawn' },
  impostor: { code: 4403, reason: 'A signal must come from your own participant id' },
  signalTooLarge: { code: 4413, reason: 'Signal too large' },
  erased: { code: 4410, reason: 'This interview was deleted' },
  bytes: { code: 4429, reason: 'Too much data' },
  missingDeps: { code: 4422, reason: 'Update depends on edits the server does not have' },
  presenceTooLarge: { code: 4413, reason: 'Presence over 4 KiB' },
  presenceIds: { code: 4429, reason: 'Too many presence ids on one socket' },
} as const;

export interface RoomEvent {
  type: 'run' | 'reveal' | 'ended' | 'started';
  [key: string]: unknown;
}

interface Conn {
  socket: WebSocket;
  role: RoomRole;
  name: string;
  /** Awareness client ids this socket has announced (removed when it leaves). */
  clientIds: Set<number>;
  tokens: number;
  refilledAt: number;
  /** Byte budget of this socket (see BYTE_BURST). */
  byteTokens: number;
  bytesAt: number;
  /** Re-checks access (the session may have ended); false closes the socket. */
  stillAllowed: () => Promise<boolean>;
  checkedAt: number;
}

class Room {
  readonly doc = new Y.Doc({ gc: true });
  readonly awareness: awarenessProtocol.Awareness;
  readonly conns = new Map<WebSocket, Conn>();
  ended = false;
  bytes = 0;
  /** Byte budget of the whole room: several sockets of one link cannot multiply the per-socket budget. */
  byteTokens = 2 * BYTE_BURST;
  bytesAt: number;
  sinceCompaction = 0;
  /** Writes of this room in arrival order (persistence never reorders). */
  writes: Promise<void> = Promise.resolve();
  /** Updates of the last few milliseconds, stored as one row (a burst of keystrokes is one insert). */
  pending: Uint8Array[] = [];
  flushTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    readonly interviewId: string,
    readonly name: DocName,
    now: number,
  ) {
    this.bytesAt = now;
    this.awareness = new awarenessProtocol.Awareness(this.doc);
    this.awareness.setLocalState(null); // the server is not a participant
  }
}

function send(socket: WebSocket, bytes: Uint8Array): void {
  if (socket.readyState === socket.OPEN) socket.send(bytes);
}

function syncUpdateMessage(update: Uint8Array): Uint8Array {
  const e = encoding.createEncoder();
  encoding.writeVarUint(e, MSG_SYNC);
  syncProtocol.writeUpdate(e, update);
  return encoding.toUint8Array(e);
}

function awarenessMessage(awareness: awarenessProtocol.Awareness, clients: number[]): Uint8Array {
  const e = encoding.createEncoder();
  encoding.writeVarUint(e, MSG_AWARENESS);
  encoding.writeVarUint8Array(e, awarenessProtocol.encodeAwarenessUpdate(awareness, clients));
  return encoding.toUint8Array(e);
}

/** A room event as a protocol message (clients that do not know the type ignore it). */
export function roomEventMessage(event: RoomEvent): Uint8Array {
  const e = encoding.createEncoder();
  encoding.writeVarUint(e, MSG_ROOM_EVENT);
  encoding.writeVarString(e, JSON.stringify(event));
  return encoding.toUint8Array(e);
}

/** True when an update carries nothing (what a client with nothing new answers to sync step 1). */
function isEmptyUpdate(update: Uint8Array): boolean {
  const { structs, ds } = Y.decodeUpdate(update);
  return structs.length === 0 && ds.clients.size === 0;
}

/**
 * The awareness update a client sent, with each state's `user.name` and `user.role` set by the server: nobody
 * can appear under another participant's name. Client ids announced by another socket are refused (malformed);
 * so is an update after which the socket would hold more than MAX_PRESENCE_IDS ids or MAX_PRESENCE_BYTES of
 * presence (issue 42): the whole update, nothing of it is relayed.
 */
function stampAwareness(
  update: Uint8Array,
  conn: Conn,
  owners: Map<number, Conn>,
  awareness: awarenessProtocol.Awareness,
): Uint8Array | 'malformed' | 'presenceIds' | 'presenceTooLarge' {
  // What this socket holds now (ids whose state timed out on the server hold nothing), then what the update sets.
  const held = new Map<number, number>();
  for (const id of conn.clientIds) {
    const state = awareness.getStates().get(id);
    if (state != null) held.set(id, Buffer.byteLength(JSON.stringify(state)));
  }
  const d = decoding.createDecoder(update);
  const e = encoding.createEncoder();
  const n = decoding.readVarUint(d);
  encoding.writeVarUint(e, n);
  for (let i = 0; i < n; i++) {
    const clientId = decoding.readVarUint(d);
    const clock = decoding.readVarUint(d);
    const raw = decoding.readVarString(d);
    const owner = owners.get(clientId);
    if (owner && owner !== conn) return 'malformed';
    const state: unknown = JSON.parse(raw);
    let out: unknown = null;
    if (state !== null && (typeof state !== 'object' || Array.isArray(state))) return 'malformed';
    if (state) {
      // Only what the web client sends (use-room.ts, video-call.ts, y-codemirror's cursor), each bounded.
      const s = state as Record<string, unknown>;
      const user = s.user && typeof s.user === 'object' ? (s.user as Record<string, unknown>) : {};
      const color = typeof user.color === 'string' && /^#[0-9a-f]{6}$/i.test(user.color) ? user.color : '#4f46e5';
      const cursor = s.cursor && JSON.stringify(s.cursor).length <= MAX_CURSOR_CHARS ? s.cursor : null;
      const media = s.media === 'video' ? 'video' : null;
      out = { user: { name: conn.name, role: conn.role, color }, cursor, media };
    }
    encoding.writeVarUint(e, clientId);
    // The server keeps the clock: a page that reconnects announces itself with the clock it had, which is behind
    // the removal the server sent when its socket dropped (everyone would ignore it until its 15 s renewal). It
    // learns the clock back when its own state comes back to it.
    encoding.writeVarUint(e, Math.max(clock, (awareness.meta.get(clientId)?.clock ?? 0) + 1));
    const json = JSON.stringify(out);
    if (out === null) held.delete(clientId);
    else held.set(clientId, Buffer.byteLength(json));
    encoding.writeVarString(e, json);
  }
  if (decoding.hasContent(d)) return 'malformed';
  if (held.size > MAX_PRESENCE_IDS) return 'presenceIds';
  let bytes = 0;
  for (const n of held.values()) bytes += n;
  if (bytes > MAX_PRESENCE_BYTES) return 'presenceTooLarge';
  return encoding.toUint8Array(e);
}

export interface JoinOptions {
  role: RoomRole;
  name: string;
  /** May this socket change the document (interviewer or candidate of a room that has not ended)? */
  canWrite: boolean;
  stillAllowed: () => Promise<boolean>;
}

export interface HubLog {
  error(obj: unknown, msg?: string): void;
}

/** Updates arriving within this many ms are stored as one row (they are broadcast at once regardless). */
const FLUSH_MS = 50;

/** How often (ms) a socket's access is read again from the database while it sends messages. */
const RECHECK_MS = 30_000;

/** All rooms of one API process. */
export class RoomHub {
  private readonly rooms = new Map<string, Promise<Room>>();
  private readonly owners = new Map<Room, Map<number, Conn>>();

  /**
   * `now` is the clock of every budget and re-check (ms): the app passes its clock, so tests move or freeze it
   * instead of waiting for refills on the wall clock.
   */
  constructor(
    private readonly store: UpdateStore,
    private readonly log: HubLog,
    private readonly now: () => number = Date.now,
  ) {}

  private key(interviewId: string, name: DocName) {
    return `${interviewId}:${name}`;
  }

  /** The room, loaded from the stored updates the first time. */
  private room(interviewId: string, name: DocName, ended: boolean): Promise<Room> {
    const key = this.key(interviewId, name);
    let found = this.rooms.get(key);
    if (!found) {
      found = this.load(interviewId, name);
      this.rooms.set(key, found);
      found.catch(() => this.rooms.delete(key));
    }
    return found.then((room) => {
      if (ended) room.ended = true;
      return room;
    });
  }

  private async load(interviewId: string, name: DocName): Promise<Room> {
    const room = new Room(interviewId, name, this.now());
    const state = await this.store.load(interviewId, name);
    if (state) Y.applyUpdate(room.doc, state, 'load');
    room.bytes = state?.byteLength ?? 0;
    room.doc.on('update', (update: Uint8Array, origin: unknown) => {
      if (origin === 'load') return;
      const message = syncUpdateMessage(update);
      for (const conn of room.conns.values()) if (conn !== origin) send(conn.socket, message);
      this.persist(room, update);
    });
    const owners = new Map<number, Conn>();
    this.owners.set(room, owners);
    room.awareness.on(
      'update',
      ({ added, updated, removed }: Record<'added' | 'updated' | 'removed', number[]>, origin: unknown) => {
        const changed = [...added, ...updated, ...removed];
        const conn = origin instanceof Object && room.conns.get((origin as Conn).socket);
        if (conn) {
          for (const id of [...added, ...updated]) {
            conn.clientIds.add(id);
            owners.set(id, conn);
          }
          for (const id of removed) {
            conn.clientIds.delete(id);
            owners.delete(id);
          }
        }
        const message = awarenessMessage(room.awareness, changed);
        for (const c of room.conns.values()) send(c.socket, message);
      },
    );
    return room;
  }

  private persist(room: Room, update: Uint8Array) {
    room.bytes += update.byteLength;
    room.pending.push(update);
    room.flushTimer ??= setTimeout(() => this.flush(room), FLUSH_MS);
  }

  /** Hands what arrived since the last flush to the room's write chain, merged into one update. */
  private flush(room: Room) {
    if (room.flushTimer) clearTimeout(room.flushTimer);
    room.flushTimer = null;
    if (room.pending.length === 0) return;
    const update = room.pending.length === 1 ? room.pending[0]! : Y.mergeUpdates(room.pending);
    room.pending = [];
    room.sinceCompaction++;
    const compact = room.sinceCompaction >= 200;
    if (compact) room.sinceCompaction = 0;
    room.writes = room.writes
      .then(() => this.store.append(room.interviewId, room.name, update))
      .then(() => (compact ? this.store.compact(room.interviewId, room.name, false) : undefined))
      .catch((err) => this.log.error({ err, interviewId: room.interviewId }, 'interview update not stored'));
  }

  /** Adds a socket to the room: sends sync step 1 and the current awareness, then serves its messages. */
  async join(interviewId: string, name: DocName, socket: WebSocket, opts: JoinOptions, ended: boolean) {
    // Listen at once: a client's sync step 1 may arrive while the room is still loading from the database.
    const early: { data: unknown; isBinary: boolean }[] = [];
    const hold = (data: unknown, isBinary: boolean) => early.push({ data, isBinary });
    socket.on('message', hold);
    const room = await this.room(interviewId, name, ended);
    socket.off('message', hold);
    const joinedAt = this.now();
    const conn: Conn = {
      socket,
      role: opts.role,
      name: opts.name,
      clientIds: new Set(),
      tokens: BURST,
      refilledAt: joinedAt,
      byteTokens: BYTE_BURST,
      bytesAt: joinedAt,
      stillAllowed: opts.stillAllowed,
      checkedAt: Date.now(),
    };
    const canWrite = () => opts.canWrite && !room.ended;
    if (socket.readyState !== socket.OPEN) return;
    room.conns.set(socket, conn);
    const onData = (data: unknown, isBinary: boolean) => {
      if (!room.conns.has(socket)) return;
      const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
      if (!isBinary) return this.kick(room, conn, CLOSE.malformed);
      if (!this.takeToken(conn)) return this.kick(room, conn, CLOSE.flood);
      const now = this.now();
      if (!takeBytes(conn, BYTE_BURST, bytes.byteLength, now)) return this.kick(room, conn, CLOSE.bytes);
      if (!takeBytes(room, 2 * BYTE_BURST, bytes.byteLength, now)) {
        // The room is over its budget: its heaviest recent sender is closed, not whoever sends next. A message
        // within its own sender's budget still applies (dropping it would leave that client's later updates with
        // a gap), uncharged: the room keeps what it had for the next, smaller messages.
        const heaviest = heaviestSender(room.conns.values(), now) ?? conn;
        this.kick(room, heaviest, CLOSE.bytes);
        if (heaviest === conn) return;
      }
      this.recheck(room, conn);
      try {
        this.onMessage(room, conn, new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), canWrite);
      } catch {
        this.kick(room, conn, CLOSE.malformed);
      }
    };
    socket.on('message', onData);
    socket.on('close', () => this.leave(room, conn));
    socket.on('error', () => this.leave(room, conn));

    const e = encoding.createEncoder();
    encoding.writeVarUint(e, MSG_SYNC);
    syncProtocol.writeSyncStep1(e, room.doc);
    send(socket, encoding.toUint8Array(e));
    const states = [...room.awareness.getStates().keys()];
    if (states.length > 0) send(socket, awarenessMessage(room.awareness, states));
    for (const m of early) onData(m.data, m.isBinary);
  }

  private takeToken(conn: Conn): boolean {
    const now = this.now();
    conn.tokens = Math.min(BURST, conn.tokens + (Math.max(0, now - conn.refilledAt) / 1000) * PER_SECOND);
    conn.refilledAt = Math.max(conn.refilledAt, now);
    if (conn.tokens < 1) return false;
    conn.tokens -= 1;
    return true;
  }

  /** Access is read again from the database at most every RECHECK_MS while the socket talks. */
  private recheck(room: Room, conn: Conn) {
    // Wall-clock time between database reads (not the budgets' clock: a test moving its clock by days must not
    // turn every message into an access check).
    const now = Date.now();
    if (now - conn.checkedAt < RECHECK_MS) return;
    conn.checkedAt = now;
    conn
      .stillAllowed()
      .then((ok) => {
        if (!ok) this.kick(room, conn, CLOSE.revoked);
      })
      .catch(() => this.kick(room, conn, CLOSE.revoked));
  }

  private onMessage(room: Room, conn: Conn, bytes: Uint8Array, canWrite: () => boolean) {
    const d = decoding.createDecoder(bytes);
    const type = decoding.readVarUint(d);
    if (type === MSG_SYNC) {
      const sub = decoding.readVarUint(d);
      if (sub === syncProtocol.messageYjsSyncStep1) {
        const reply = encoding.createEncoder();
        encoding.writeVarUint(reply, MSG_SYNC);
        syncProtocol.readSyncStep1(d, reply, room.doc);
        send(conn.socket, encoding.toUint8Array(reply));
        return;
      }
      if (sub !== syncProtocol.messageYjsSyncStep2 && sub !== syncProtocol.messageYjsUpdate) {
        return this.kick(room, conn, CLOSE.malformed);
      }
      const update = decoding.readVarUint8Array(d);
      if (isEmptyUpdate(update)) return;
      if (!canWrite()) {
        // A reader answering sync step 1 with edits it made offline: not applied, and it may stay to read.
        if (sub === syncProtocol.messageYjsSyncStep2 && !room.ended) return;
        return this.kick(room, conn, room.ended ? CLOSE.ended : CLOSE.readOnly);
      }
      if (room.bytes + update.byteLength > MAX_DOC_BYTES) return this.kick(room, conn, CLOSE.tooLarge);
      // An update with a gap in a client's clocks would be parked by Yjs (no 'update' event, so uncounted and
      // merged with every later one on the event loop): refused before it touches the shared document.
      if (hasClockGap(room.doc, update)) return this.kick(room, conn, CLOSE.missingDeps);
      Y.applyUpdate(room.doc, update, conn);
      // Any other missing dependency (an origin or a deletion of items never received): drop what Yjs parked.
      const store = room.doc.store;
      if (store.pendingStructs || store.pendingDs) {
        store.pendingStructs = null;
        store.pendingDs = null;
        return this.kick(room, conn, CLOSE.missingDeps);
      }
      return;
    }
    if (type === MSG_AWARENESS) {
      const update = decoding.readVarUint8Array(d);
      const stamped = stampAwareness(update, conn, this.owners.get(room) ?? new Map(), room.awareness);
      if (typeof stamped === 'string') return this.kick(room, conn, CLOSE[stamped]);
      awarenessProtocol.applyAwarenessUpdate(room.awareness, stamped, conn);
      return;
    }
    if (type === MSG_QUERY_AWARENESS) {
      send(conn.socket, awarenessMessage(room.awareness, [...room.awareness.getStates().keys()]));
      return;
    }
    if (type === MSG_SIGNAL && room.name === 'code') {
      if (!canWrite()) return this.kick(room, conn, room.ended ? CLOSE.ended : CLOSE.readOnly);
      const text = decoding.readVarString(d);
      if (decoding.hasContent(d)) return this.kick(room, conn, CLOSE.malformed);
      const verdict = relaySignal(MSG_SIGNAL, text, conn, this.owners.get(room) ?? new Map<number, Conn>());
      if ('relay' in verdict) send(verdict.relay.socket, verdict.message);
      else if ('refuse' in verdict) this.kick(room, conn, CLOSE[verdict.refuse]);
      return;
    }
    this.kick(room, conn, CLOSE.malformed);
  }

  private kick(room: Room, conn: Conn, why: { code: number; reason: string }) {
    this.leave(room, conn);
    try {
      conn.socket.close(why.code, why.reason);
    } catch {
      conn.socket.terminate();
    }
  }

  private leave(room: Room, conn: Conn) {
    if (!room.conns.delete(conn.socket)) return;
    const ids = [...conn.clientIds];
    // The ids are free again: the same page reconnecting (its document keeps its client id) owns them anew
    const owners = this.owners.get(room);
    for (const id of ids) if (owners?.get(id) === conn) owners.delete(id);
    if (ids.length > 0) awarenessProtocol.removeAwarenessStates(room.awareness, ids, null);
    if (room.conns.size === 0) this.unload(room);
  }

  /** The last one left: compact what is stored and forget the room (unless someone joined meanwhile). */
  private unload(room: Room) {
    this.flush(room);
    room.writes = room.writes
      .then(() => this.store.compact(room.interviewId, room.name, true))
      .catch((err) => this.log.error({ err, interviewId: room.interviewId }, 'interview compaction failed'));
    void room.writes.then(() => {
      const key = this.key(room.interviewId, room.name);
      if (room.conns.size === 0) {
        this.rooms.delete(key);
        this.owners.delete(room);
        room.awareness.destroy();
        room.doc.destroy();
      }
    });
  }

  /** Sends a room event to every socket of the interview's code room; `forRole` may shape or drop it per side. */
  broadcast(interviewId: string, forRole: (role: RoomRole) => RoomEvent | null) {
    const found = this.rooms.get(this.key(interviewId, 'code'));
    if (!found) return;
    void found.then((room) => {
      for (const conn of room.conns.values()) {
        const event = forRole(conn.role);
        if (event) send(conn.socket, roomEventMessage(event));
      }
    });
  }

  /**
   * The interview ended: both rooms become read-only at once, and everyone is told. What arrived before the end
   * is stored before this returns (the 50 ms batch flushed, the write chain awaited), so the history and the replay
   * read after the end hold the final text.
   */
  async end(interviewId: string) {
    const open: Room[] = [];
    for (const name of ['code', 'notes'] as const) {
      const found = this.rooms.get(this.key(interviewId, name));
      if (!found) continue;
      const room = await found;
      room.ended = true;
      open.push(room);
    }
    this.broadcast(interviewId, () => ({ type: 'ended' }));
    for (const room of open) {
      this.flush(room);
      await room.writes;
    }
  }

  /** The interview was erased: everyone is disconnected, nothing more is stored, the rooms are forgotten. */
  async forget(interviewId: string) {
    for (const name of ['code', 'notes'] as const) {
      const key = this.key(interviewId, name);
      const found = this.rooms.get(key);
      if (!found) continue;
      const room = await found.catch(() => null);
      this.rooms.delete(key);
      if (!room) continue;
      room.ended = true;
      if (room.flushTimer) clearTimeout(room.flushTimer);
      room.flushTimer = null;
      room.pending = [];
      for (const conn of [...room.conns.values()]) {
        room.conns.delete(conn.socket);
        conn.socket.close(CLOSE.erased.code, CLOSE.erased.reason);
      }
      await room.writes;
      this.owners.delete(room);
      room.awareness.destroy();
      room.doc.destroy();
    }
  }

  /** The current text of a room's code, from memory when the room is open, else from storage. */
  async text(interviewId: string, name: DocName): Promise<string> {
    const found = this.rooms.get(this.key(interviewId, name));
    if (found) return (await found).doc.getText('code').toString();
    const doc = new Y.Doc();
    const state = await this.store.load(interviewId, name);
    if (state) Y.applyUpdate(doc, state);
    const text = doc.getText('code').toString();
    doc.destroy();
    return text;
  }

  /** Closes every socket and waits for their updates to be stored (server shutdown). */
  async close() {
    const rooms = await Promise.allSettled([...this.rooms.values()]);
    for (const r of rooms) {
      if (r.status !== 'fulfilled') continue;
      for (const conn of [...r.value.conns.values()]) {
        r.value.conns.delete(conn.socket);
        conn.socket.close(1012, 'Server restarting');
      }
    }
    for (const r of rooms) {
      if (r.status !== 'fulfilled') continue;
      this.flush(r.value);
      await r.value.writes;
    }
  }
}
