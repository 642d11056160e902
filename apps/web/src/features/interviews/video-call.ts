/**
 * Audio and video between the participants of a room: peer to peer (one RTCPeerConnection per pair, media never
 * passes through our server), signalled through the room socket. Who is in the call is in each participant's
 * awareness state (`media: 'video'`); of two participants in the call, the one with the lower client id makes
 * the offer, so two offers never cross. The camera and microphone are asked for only in `start()`, which the
 * page calls when its "Join with video" button is pressed.
 */
import type { TRelayedSignal } from '@assessly/shared';
import type { RoomConnection } from './room-connection';

export interface RemoteVideo {
  clientId: number;
  name: string;
  stream: MediaStream | null;
  state: RTCPeerConnectionState;
}

interface Peer {
  pc: RTCPeerConnection;
  name: string;
  stream: MediaStream | null;
  /** ICE candidates that arrived before the remote description. */
  pending: RTCIceCandidateInit[];
}

interface AwarenessState {
  media?: unknown;
  user?: { name?: string };
}

export class VideoCall {
  private local: MediaStream | null = null;
  private readonly peers = new Map<number, Peer>();

  constructor(
    private readonly connection: RoomConnection,
    private readonly iceServers: RTCIceServer[],
    private readonly onChange: () => void,
  ) {
    connection.awareness.on('change', this.reconcile);
  }

  get joined(): boolean {
    return this.local !== null;
  }

  get localStream(): MediaStream | null {
    return this.local;
  }

  get remotes(): RemoteVideo[] {
    return [...this.peers].map(([clientId, p]) => ({
      clientId,
      name: p.name,
      stream: p.stream,
      state: p.pc.connectionState,
    }));
  }

  private get me(): number {
    return this.connection.doc.clientID;
  }

  /** Asks for the camera and microphone (the browser's prompt), then joins the call. Throws what the browser says. */
  async start(): Promise<void> {
    if (this.local) return;
    if (!navigator.mediaDevices?.getUserMedia) {
      throw new Error('This browser offers no camera or microphone to this page (it needs HTTPS).');
    }
    this.local = await navigator.mediaDevices.getUserMedia({ audio: true, video: { width: 640, height: 360 } });
    this.connection.awareness.setLocalStateField('media', 'video');
    this.reconcile();
    this.onChange();
  }

  /** Leaves the call: the others are told, the camera and microphone are released. */
  stop() {
    for (const id of [...this.peers.keys()]) {
      this.connection.sendSignal({ from: this.me, to: id, kind: 'bye' });
      this.closePeer(id);
    }
    for (const track of this.local?.getTracks() ?? []) track.stop();
    this.local = null;
    if (this.connection.awareness.getLocalState()) this.connection.awareness.setLocalStateField('media', null);
    this.onChange();
  }

  /** Mutes or unmutes the microphone or camera; returns whether the kind is now on. */
  toggle(kind: 'audio' | 'video'): boolean {
    const tracks = kind === 'audio' ? this.local?.getAudioTracks() : this.local?.getVideoTracks();
    const on = !(tracks?.[0]?.enabled ?? false);
    for (const t of tracks ?? []) t.enabled = on;
    this.onChange();
    return on;
  }

  destroy() {
    this.connection.awareness.off('change', this.reconcile);
    this.stop();
  }

  /** Connects to each participant in the call and lets go of those who left it. */
  private reconcile = () => {
    const inCall = new Map<number, string>();
    for (const [id, s] of this.connection.awareness.getStates()) {
      const state = s as AwarenessState;
      if (id !== this.me && state.media === 'video') inCall.set(id, state.user?.name ?? 'Participant');
    }
    for (const id of [...this.peers.keys()]) if (!inCall.has(id)) this.closePeer(id);
    if (!this.local) return;
    for (const [id, name] of inCall) {
      if (this.peers.has(id)) continue;
      const peer = this.openPeer(id, name);
      if (this.me < id) void this.offer(id, peer);
    }
  };

  private openPeer(id: number, name: string): Peer {
    const pc = new RTCPeerConnection({ iceServers: this.iceServers });
    const peer: Peer = { pc, name, stream: null, pending: [] };
    this.peers.set(id, peer);
    for (const track of this.local?.getTracks() ?? []) pc.addTrack(track, this.local!);
    pc.onicecandidate = (e) => {
      if (!e.candidate) return;
      const { candidate, sdpMid, sdpMLineIndex, usernameFragment } = e.candidate;
      this.connection.sendSignal({
        from: this.me,
        to: id,
        kind: 'ice',
        candidate: { candidate, sdpMid, sdpMLineIndex, usernameFragment },
      });
    };
    pc.ontrack = (e) => {
      peer.stream = e.streams[0] ?? new MediaStream([e.track]);
      this.onChange();
    };
    pc.onconnectionstatechange = () => {
      // A failed connection is dropped; the next awareness change (or the other side) starts a fresh one.
      if (pc.connectionState === 'failed') this.closePeer(id);
      this.onChange();
    };
    this.onChange();
    return peer;
  }

  private closePeer(id: number) {
    const peer = this.peers.get(id);
    if (!peer) return;
    this.peers.delete(id);
    peer.pc.close();
    this.onChange();
  }

  private async offer(id: number, peer: Peer) {
    try {
      await peer.pc.setLocalDescription(await peer.pc.createOffer());
      this.connection.sendSignal({ from: this.me, to: id, kind: 'offer', sdp: peer.pc.localDescription?.sdp ?? '' });
    } catch {
      this.closePeer(id);
    }
  }

  private async flush(peer: Peer) {
    const waiting = peer.pending;
    peer.pending = [];
    for (const c of waiting) await peer.pc.addIceCandidate(c).catch(() => {});
  }

  /** A signal another participant sent to this one. */
  onSignal = async (signal: TRelayedSignal) => {
    if (signal.to !== this.me) return;
    if (signal.kind === 'bye') return this.closePeer(signal.from);
    if (!this.local) {
      // Not in the call (anymore): say so, so the other side does not wait.
      if (signal.kind === 'offer') this.connection.sendSignal({ from: this.me, to: signal.from, kind: 'bye' });
      return;
    }
    try {
      if (signal.kind === 'offer') {
        const peer = this.peers.get(signal.from) ?? this.openPeer(signal.from, signal.name);
        await peer.pc.setRemoteDescription({ type: 'offer', sdp: signal.sdp ?? '' });
        await peer.pc.setLocalDescription(await peer.pc.createAnswer());
        this.connection.sendSignal({
          from: this.me,
          to: signal.from,
          kind: 'answer',
          sdp: peer.pc.localDescription?.sdp ?? '',
        });
        await this.flush(peer);
      } else if (signal.kind === 'answer') {
        const peer = this.peers.get(signal.from);
        if (!peer) return;
        await peer.pc.setRemoteDescription({ type: 'answer', sdp: signal.sdp ?? '' });
        await this.flush(peer);
      } else if (signal.kind === 'ice' && signal.candidate) {
        const peer = this.peers.get(signal.from);
        if (!peer) return;
        if (peer.pc.remoteDescription) await peer.pc.addIceCandidate(signal.candidate).catch(() => {});
        else peer.pending.push(signal.candidate);
      }
    } catch {
      this.closePeer(signal.from);
    }
  };
}
