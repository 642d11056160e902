/**
 * An ended interview room's history as a code playback (issue 29): the stored Yjs updates of the room's code
 * document become edit events of the same stream shape as a test attempt's, so the reviewer's player replays
 * both. Each stored update is applied in order and the code text's change (its Yjs delta) becomes one event per
 * inserted or deleted run of characters, at the update's stored time; the room's runs become Run moments with
 * their output. A room cannot tell typing from pasting, so insertions are `type` and removals `delete`.
 */

import { type TBoardStroke, type TEditEvent, type TInterviewPlayback, ZBoardStroke } from '@assessly/shared';
import { asc, eq } from 'drizzle-orm';
import * as Y from 'yjs';
import { interviewRuns, type UserRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { memberRole, requireCompanyInterview } from './interviews.access';
import { toRoomRun } from './interviews.run';
import { listUpdates } from './interviews.store';

/** The code text's edits, in order, from the room's stored updates (`at`: ms since `start`). */
export function updatesToEvents(updates: readonly { data: Uint8Array; createdAt: Date }[], start: Date): TEditEvent[] {
  return replayRoom(updates, start).events;
}

/** The edits, and the room's shared language at the end (the room page keeps it in the 'room' map). */
export function replayRoom(updates: readonly { data: Uint8Array; createdAt: Date }[], start: Date) {
  const doc = new Y.Doc();
  const text = doc.getText('code');
  const events: TEditEvent[] = [];
  let at = 0;
  text.observe((e) => {
    let pos = 0;
    for (const op of e.delta) {
      if (op.retain !== undefined) pos += op.retain;
      else if (op.delete !== undefined) events.push({ at, from: pos, to: pos + op.delete, insert: '', kind: 'delete' });
      else if (typeof op.insert === 'string') {
        events.push({ at, from: pos, to: pos, insert: op.insert, kind: 'type' });
        pos += op.insert.length;
      }
    }
  });
  for (const u of updates) {
    at = Math.max(0, u.createdAt.getTime() - start.getTime());
    Y.applyUpdate(doc, new Uint8Array(u.data));
  }
  const language = doc.getMap<string>('room').get('language');
  // anyone in the room could write the board: only entries that are strokes are kept
  const board = doc
    .getArray<unknown>('board')
    .toArray()
    .flatMap((e): TBoardStroke[] => {
      const s = ZBoardStroke.safeParse(e);
      return s.success ? [s.data] : [];
    });
  doc.destroy();
  return { events, language: typeof language === 'string' ? language : null, board };
}

/** The interviewers' private notes as the room held them at its end. */
export function notesText(updates: readonly { data: Uint8Array }[]): string {
  const doc = new Y.Doc();
  for (const u of updates) Y.applyUpdate(doc, new Uint8Array(u.data));
  const text = doc.getText('code').toString();
  doc.destroy();
  return text;
}

/** `GET /api/interviews/{id}/playback`: the company's interviewers and reviewers, once the room has ended. */
export async function readInterviewPlayback(
  deps: Pick<AppDeps, 'db'>,
  user: UserRow,
  id: string,
): Promise<TInterviewPlayback> {
  const row = await requireCompanyInterview(deps.db, user, id);
  if (!memberRole(user, row)) throw new AppError('FORBIDDEN', 'Reviewers can read an interview once it has ended.');
  if (!row.endedAt) throw new AppError('INTERVIEW_NOT_ENDED', 'The replay opens once the interview has ended');
  const [updates, notes, runs] = await Promise.all([
    listUpdates(deps.db, id, 'code'),
    listUpdates(deps.db, id, 'notes'),
    deps.db.select().from(interviewRuns).where(eq(interviewRuns.interviewId, id)).orderBy(asc(interviewRuns.createdAt)),
  ]);
  const start = row.startedAt ?? updates[0]?.createdAt ?? row.createdAt;
  const questionId = row.revealedProblemId ?? row.id;
  const room = replayRoom(updates, start);
  const events = room.events;
  const language = room.language ?? runs.at(-1)?.language ?? row.languages[0] ?? '';
  return {
    notes: notesText(notes),
    board: room.board,
    streams: events.length === 0 ? [] : [{ questionId, language, initial: '', events }],
    moments: runs.map((r) => {
      const run = toRoomRun(r, 'interviewer');
      return {
        at: Math.max(0, r.createdAt.getTime() - start.getTime()),
        kind: 'run' as const,
        questionId,
        language: run.language,
        verdict: run.kind === 'hidden' ? `Hidden tests: ${run.verdict}` : run.verdict,
        passed: run.passed ?? 0,
        total: run.total ?? 0,
        output: run.output,
      };
    }),
  };
}
