/**
 * The browser's side of a room socket: the y-websocket protocol (sync step 1/2, updates, awareness) over one
 * WebSocket, reconnecting with back-off. The document lives on in the page while the socket is down, so edits
 * made offline are sent when it comes back (sync step 1 both ways). A close the server means (4xxx: refused,
 * read-only, ended) is final.
 */
import type { TRelayedSignal, TRoomSignal } from '@assessly/shared';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as awarenessProtocol from 'y-protocols/awareness';
import * as syncProtocol from 'y-protocols/sync';
import type * as Y from 'yjs';

export type ConnectionState = 'connecting' | 'connected' | 'offline' | 'closed';

export interface RoomEventMessage {
  type: string;
  [key: string]: unknown;
}

export interface ConnectionCallbacks {
  onState(state: ConnectionState, reason?: string): void;
  onEvent?(event: RoomEventMessage): void;
  onSynced?(): void;
  /** A WebRTC signal another participant sent to this one (video-call.ts). */
  onSignal?(signal: TRelayedSignal): void;
}

const MSG_SYNC = 0;
const MSG_AWARENESS = 1;
const MSG_ROOM_EVENT = 100;
const MSG_SIGNAL = 101;

export class RoomConnection {
  readonly awareness: awarenessProtocol.Awareness;
  private socket: WebSocket | null = null;
  private closed = false;
  private attempts = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly url: string,
    readonly doc: Y.Doc,
    private readonly callbacks: ConnectionCallbacks,
  ) {
    this.awareness = new awarenessProtocol.Awareness(doc);
    doc.on('update', this.onDocUpdate);
    this.awareness.on('update', this.onAwarenessUpdate);
    this.connect();
  }

  private send(bytes: Uint8Array) {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(bytes as Uint8Array<ArrayBuffer>);
  }

  private onDocUpdate = (update: Uint8Array, origin: unknown) => {
    if (origin === this) return;
    const e = encoding.createEncoder();
    encoding.writeVarUint(e, MSG_SYNC);
    syncProtocol.writeUpdate(e, update);
    this.send(encoding.toUint8Array(e));
  };

  private onAwarenessUpdate = (
    { added, updated, removed }: Record<'added' | 'updated' | 'removed', number[]>,
    origin: unknown,
  ) => {
    if (origin === this) return;
    const e = encoding.createEncoder();
    encoding.writeVarUint(e, MSG_AWARENESS);
    encoding.writeVarUint8Array(
      e,
      awarenessProtocol.encodeAwarenessUpdate(this.awareness, [...added, ...updated, ...removed]),
    );
    this.send(encoding.toUint8Array(e));
  };

  private connect() {
    this.callbacks.onState('connecting');
    const socket = new WebSocket(this.url);
    socket.binaryType = 'arraybuffer';
    this.socket = socket;
    socket.onopen = () => {
      this.attempts = 0;
      this.callbacks.onState('connected');
      const e = encoding.createEncoder();
      encoding.writeVarUint(e, MSG_SYNC);
      syncProtocol.writeSyncStep1(e, this.doc);
      this.send(encoding.toUint8Array(e));
      if (this.awareness.getLocalState() !== null) {
        const a = encoding.createEncoder();
        encoding.writeVarUint(a, MSG_AWARENESS);
        encoding.writeVarUint8Array(a, awarenessProtocol.encodeAwarenessUpdate(this.awareness, [this.doc.clientID]));
        this.send(encoding.toUint8Array(a));
      }
    };
    socket.onmessage = (msg) => this.onMessage(new Uint8Array(msg.data as ArrayBuffer));
    socket.onclose = (ev) => {
      if (this.socket !== socket) return;
      this.socket = null;
      const others = [...this.awareness.getStates().keys()].filter((id) => id !== this.doc.clientID);
      awarenessProtocol.removeAwarenessStates(this.awareness, others, this);
      if (this.closed) return;
      if (ev.code >= 4000 && ev.code < 5000) {
        this.closed = true;
        this.callbacks.onState('closed', ev.reason);
        return;
      }
      this.callbacks.onState('offline');
      const delay = Math.min(10_000, 500 * 2 ** this.attempts++);
      this.timer = setTimeout(() => this.connect(), delay);
    };
  }

  private onMessage(bytes: Uint8Array) {
    const d = decoding.createDecoder(bytes);
    const type = decoding.readVarUint(d);
    if (type === MSG_SYNC) {
      const e = encoding.createEncoder();
      encoding.writeVarUint(e, MSG_SYNC);
      const sub = syncProtocol.readSyncMessage(d, e, this.doc, this);
      if (sub === syncProtocol.messageYjsSyncStep1) this.send(encoding.toUint8Array(e));
      if (sub === syncProtocol.messageYjsSyncStep2) this.callbacks.onSynced?.();
    } else if (type === MSG_AWARENESS) {
      awarenessProtocol.applyAwarenessUpdate(this.awareness, decoding.readVarUint8Array(d), this);
    } else if (type === MSG_ROOM_EVENT) {
      this.callbacks.onEvent?.(JSON.parse(decoding.readVarString(d)) as RoomEventMessage);
    } else if (type === MSG_SIGNAL) {
      this.callbacks.onSignal?.(JSON.parse(decoding.readVarString(d)) as TRelayedSignal);
    }
  }

  /** Sends a WebRTC signal to one other participant (dropped while the socket is down: the call renegotiates). */
  sendSignal(signal: TRoomSignal) {
    const e = encoding.createEncoder();
    encoding.writeVarUint(e, MSG_SIGNAL);
    encoding.writeVarString(e, JSON.stringify(signal));
    this.send(encoding.toUint8Array(e));
  }

  destroy() {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.doc.off('update', this.onDocUpdate);
    this.awareness.off('update', this.onAwarenessUpdate);
    awarenessProtocol.removeAwarenessStates(this.awareness, [this.doc.clientID], 'local');
    this.socket?.close();
    this.awareness.destroy();
  }
}

/** The socket URL of a room document on this origin, with the candidate's join token when there is one. */
export function roomSocketUrl(id: string, doc: 'sync' | 'notes', token: string | null): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  const query = token ? `?token=${encodeURIComponent(token)}` : '';
  return `${scheme}://${window.location.host}/api/interviews/${encodeURIComponent(id)}/${doc}${query}`;
}
