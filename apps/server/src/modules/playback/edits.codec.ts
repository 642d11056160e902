/**
 * The stored form of one edit batch: compact rows `[at, from, to, insert, kind]` (kind as its index in
 * EDIT_KINDS), JSON, gzip, base64 — an asciinema-like cast that costs a few bytes a keystroke.
 */
import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { EDIT_KINDS, type TEditEvent } from '@assessly/shared';

type Row = [number, number, number, string, number];

export function encodeEvents(events: readonly TEditEvent[]): string {
  const rows: Row[] = events.map((e) => [e.at, e.from, e.to, e.insert, EDIT_KINDS.indexOf(e.kind)]);
  return gzipSync(JSON.stringify(rows)).toString('base64');
}

export function decodeEvents(stored: string): TEditEvent[] {
  const rows = JSON.parse(gunzipSync(Buffer.from(stored, 'base64')).toString('utf8')) as Row[];
  return rows.map(([at, from, to, insert, kind]) => ({ at, from, to, insert, kind: EDIT_KINDS[kind] ?? 'type' }));
}

export function hashText(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
