/**
 * WebRTC signalling on the code room's socket: offers, answers and ICE candidates go from one participant to
 * one other, named by their awareness client ids. The relay is the only path between two browsers until their
 * peer connection opens, so it checks what an attacker would try: a signal is relayed only inside its room, only
 * to the socket that owns the target id, only from an id the sender owns, only with the fields of the contract,
 * and only under the size cap. Media never passes through the server.
 */
import { MAX_ROOM_SIGNAL_BYTES, ZRoomSignal } from '@assessly/shared';
import * as encoding from 'lib0/encoding';

/** What to do with a signal: relay `message` to the owner of `to`, drop it, or close the sender. */
export type SignalVerdict<C> =
  | { relay: C; message: Uint8Array }
  | { drop: true }
  | { refuse: 'malformed' | 'signalTooLarge' | 'impostor' };

export interface SignalSender {
  clientIds: Set<number>;
  name: string;
  role: string;
}

/**
 * Checks one signal (the JSON text of message type `type`) from `sender` against the room's owners of
 * client ids; an unknown or departed target is dropped (the peer left), never an error.
 */
export function relaySignal<C extends SignalSender>(
  type: number,
  text: string,
  sender: C,
  owners: Map<number, C>,
): SignalVerdict<C> {
  if (Buffer.byteLength(text) > MAX_ROOM_SIGNAL_BYTES) return { refuse: 'signalTooLarge' };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { refuse: 'malformed' };
  }
  const parsed = ZRoomSignal.safeParse(json);
  if (!parsed.success) return { refuse: 'malformed' };
  const signal = parsed.data;
  if (!sender.clientIds.has(signal.from)) return { refuse: 'impostor' };
  const target = owners.get(signal.to);
  if (!target || target === sender) return { drop: true };
  const e = encoding.createEncoder();
  encoding.writeVarUint(e, type);
  encoding.writeVarString(e, JSON.stringify({ ...signal, name: sender.name, role: sender.role }));
  return { relay: target, message: encoding.toUint8Array(e) };
}
