/**
 * The live state of a room for the page: the shared document over its socket, the participants (awareness),
 * the shared language, the runs and the revealed problem as room events bring them, and the end.
 */
import type { TInterviewRoom, TRelayedSignal, TRoomRun } from '@assessly/shared';
import { useEffect, useMemo, useState } from 'react';
import * as Y from 'yjs';
import { type ConnectionState, RoomConnection, roomSocketUrl } from './room-connection';

const COLORS = ['#2563eb', '#c2410c', '#047857', '#7c3aed', '#be123c', '#0e7490'];

export interface Participant {
  clientId: number;
  name: string;
  role: string;
  color: string;
}

/** Where the page's video call (if any) hears its signals; set by useVideoCall. */
export interface SignalSink {
  current: ((signal: TRelayedSignal) => void) | null;
}

export function useRoomDoc(
  id: string,
  doc: 'sync' | 'notes',
  token: string | null,
  room: TInterviewRoom | null,
  signals?: SignalSink,
) {
  const [state, setState] = useState<ConnectionState>('connecting');
  const [reason, setReason] = useState<string | null>(null);
  const [events, setEvents] = useState<Record<string, unknown>[]>([]);
  const connection = useMemo(() => {
    if (!room) return null;
    return new RoomConnection(roomSocketUrl(id, doc, token), new Y.Doc(), {
      onState: (s, why) => {
        setState(s);
        if (why) setReason(why);
      },
      onEvent: (e) => setEvents((list) => [...list, e]),
      onSignal: (s) => signals?.current?.(s),
    });
  }, [id, doc, token, room, signals]);

  useEffect(() => {
    if (!connection || !room) return;
    const color = COLORS[connection.doc.clientID % COLORS.length]!;
    connection.awareness.setLocalStateField('user', { name: room.name, color });
    return () => connection.destroy();
  }, [connection, room]);

  return { connection, state, reason, events };
}

export function useParticipants(connection: RoomConnection | null): Participant[] {
  const [list, setList] = useState<Participant[]>([]);
  useEffect(() => {
    if (!connection) return;
    const update = () => {
      const next: Participant[] = [];
      for (const [clientId, s] of connection.awareness.getStates()) {
        const user = (s as { user?: { name?: string; role?: string; color?: string } }).user;
        if (!user?.name) continue;
        next.push({ clientId, name: user.name, role: user.role ?? '', color: user.color ?? '#4f46e5' });
      }
      setList(next);
    };
    update();
    connection.awareness.on('change', update);
    return () => connection.awareness.off('change', update);
  }, [connection]);
  return list;
}

/** The room's language, shared by everyone in the document's `room` map. */
export function useSharedLanguage(connection: RoomConnection | null, fallback: string) {
  const [language, setLanguage] = useState(fallback);
  useEffect(() => {
    if (!connection) return;
    const map = connection.doc.getMap<string>('room');
    const update = () => setLanguage(map.get('language') ?? fallback);
    update();
    map.observe(update);
    return () => map.unobserve(update);
  }, [connection, fallback]);
  const choose = (next: string) => connection?.doc.getMap<string>('room').set('language', next);
  return [language, choose] as const;
}

/** Runs: those stored when the page loaded, then each one the room broadcasts (newest last, no repeats). */
export function mergeRuns(initial: TRoomRun[], events: Record<string, unknown>[]): TRoomRun[] {
  const byId = new Map(initial.map((r) => [r.id, r]));
  for (const e of events) if (e.type === 'run') byId.set((e.run as TRoomRun).id, e.run as TRoomRun);
  return [...byId.values()];
}
