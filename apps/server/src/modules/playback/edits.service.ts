/**
 * Recording (issue 29): the coding page sends the editor's changes in numbered batches per stream (attempt,
 * problem, language). The server applies each batch to its own copy of the text and keeps it with its hash, so
 * a replay is known to rebuild exactly what was typed. A batch that does not apply, or whose result disagrees
 * with the page's own text (the `hash` of what its autosave saves as the draft), is refused whole
 * (EDITS_OUT_OF_SYNC) and the page resyncs with a `reset` to its current text, the draft.
 */
import {
  applyEdit,
  DRAFT_MAX_CHARS,
  EDIT_AT_SKEW_MS,
  EDIT_ATTEMPT_MAX_CHARS,
  EDIT_STREAM_MAX_CHARS,
  EDIT_STREAM_MAX_EVENTS,
  type TEditBatch,
  type TEditBatchSaved,
  type TEditEvent,
} from '@assessly/shared';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { aiExchanges, attempts, editBatches, editStreams, tests, type UserRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { requireOpenAttempt } from '../attempts/attempts.service';
import { openAttemptWithProblem } from '../drafts/drafts.service';
import { requireOfferedLanguage } from '../submissions/offered-languages';
import { findTest } from '../tests/tests.access';
import { encodeEvents, hashText } from './edits.codec';
import { patternStep } from './integrity.rules';

const outOfSync = (why: string) =>
  new AppError('EDITS_OUT_OF_SYNC', `These edits do not apply to the recorded code (${why}); resend from the draft`);

/**
 * Applies the batch's events to `text`. A `reset` replaces the whole text whatever its `to` (the page may not
 * know the server's copy when it resyncs); it is stored with the true range so a replay applies it as is.
 */
export function applyBatch(text: string, events: readonly TEditEvent[]): { text: string; events: TEditEvent[] } {
  const stored: TEditEvent[] = [];
  let current = text;
  for (const [i, e] of events.entries()) {
    const event = e.kind === 'reset' ? { ...e, to: current.length } : e;
    if (e.kind === 'reset' && e.from !== 0) throw outOfSync(`edit ${i + 1}: a reset starts at 0`);
    const next = applyEdit(current, event);
    if (next === null) throw outOfSync(`edit ${i + 1} is outside the code`);
    if (next.length > DRAFT_MAX_CHARS) throw outOfSync(`edit ${i + 1} makes the code longer than 64 KiB`);
    current = next;
    stored.push(event);
  }
  return { text: current, events: stored };
}

/** Characters the events insert plus delete: what a recording costs to keep, whatever the final text. */
export function editChars(events: readonly TEditEvent[]): number {
  return events.reduce((n, e) => n + e.insert.length + Math.max(0, e.to - e.from), 0);
}

/**
 * The page's `at` is ms since the attempt started on the server's clock (the page corrects its own by the
 * offset it measured). Times may not go back, within a batch or from the stream's last edit, and may not lie
 * more than EDIT_AT_SKEW_MS past the attempt's elapsed time on the server.
 */
export function checkEditTimes(events: readonly TEditEvent[], lastAt: number, elapsedMs: number) {
  let prev = lastAt;
  for (const [i, e] of events.entries()) {
    if (e.at < prev) {
      throw new AppError('EDITS_BAD_TIME', `Edit ${i + 1} is timed before the edit recorded before it`);
    }
    if (e.at > elapsedMs + EDIT_AT_SKEW_MS) {
      throw new AppError('EDITS_BAD_TIME', `Edit ${i + 1} is timed after now`);
    }
    prev = e.at;
  }
}

export async function recordEdits(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  user: UserRow,
  testId: string,
  batch: TEditBatch,
): Promise<TEditBatchSaved> {
  const now = deps.clock.now();
  const key = { questionId: batch.questionId, language: batch.language };
  const answer = await deps.db.transaction(async (tx) => {
    // The open attempt's row lock orders this batch against End Test and other batches of the attempt (as
    // drafts do): a batch is either applied before the end or refused.
    const [open] = await tx
      .select({
        id: attempts.id,
        startedAt: attempts.startedAt,
        // characters all of this attempt's streams have recorded so far (the attempt's budget)
        chars: sql<number>`(SELECT COALESCE(SUM(${editStreams.chars}), 0)::int FROM ${editStreams} WHERE ${editStreams.attemptId} = ${attempts.id})`,
        // the languages the test offers (null = all): a recording in another one is refused like its draft
        offered: sql<string[] | null>`(SELECT ${tests.languages} FROM ${tests} WHERE ${tests.id} = ${attempts.testId})`,
      })
      .from(attempts)
      .where(openAttemptWithProblem(user.id, testId, batch.questionId, now))
      .for('update', { of: attempts })
      .limit(1);
    if (!open) return null;
    requireOfferedLanguage({ languages: open.offered }, batch.language);
    const where = and(
      eq(editStreams.attemptId, open.id),
      eq(editStreams.questionId, key.questionId),
      eq(editStreams.language, key.language),
    );
    const [stream] = await tx.select().from(editStreams).where(where).limit(1);
    const lastSeq = stream?.lastSeq ?? 0;
    const text = stream?.text ?? '';
    if (batch.seq <= lastSeq) return { ok: true as const, applied: false, seq: lastSeq, hash: stream!.textHash };
    // A gap means a batch was lost; only a batch that starts from a reset (the page's resync) may follow one.
    if (batch.seq !== lastSeq + 1 && batch.events[0]?.kind !== 'reset') {
      throw outOfSync(`batch ${lastSeq + 1} is missing`);
    }
    const eventCount = (stream?.eventCount ?? 0) + batch.events.length;
    if (eventCount > EDIT_STREAM_MAX_EVENTS) {
      throw new AppError('EDITS_LIMIT', `A recording keeps at most ${EDIT_STREAM_MAX_EVENTS} edits per problem`);
    }
    checkEditTimes(batch.events, stream?.lastAt ?? 0, now.getTime() - open.startedAt.getTime());
    const added = editChars(batch.events);
    const chars = (stream?.chars ?? 0) + added;
    if (chars > EDIT_STREAM_MAX_CHARS || Number(open.chars) + added > EDIT_ATTEMPT_MAX_CHARS) {
      const cap = chars > EDIT_STREAM_MAX_CHARS ? 'per problem' : 'per attempt';
      throw new AppError('EDITS_LIMIT', `This recording is over its size limit ${cap}; your draft is still saved`);
    }
    // An `assistant` insertion must be text the assistant gave this attempt (issue 44); any other is recorded as
    // the paste it is, so the kind cannot hide a paste from outside.
    const events = await checkAssistantEdits(tx, open.id, batch.events);
    const applied = applyBatch(text, events);
    const hash = hashText(applied.text);
    if (batch.hash !== undefined && batch.hash !== hash) throw outOfSync('the result differs from your draft');
    await tx.insert(editBatches).values({
      attemptId: open.id,
      ...key,
      seq: batch.seq,
      eventCount: applied.events.length,
      eventsGz: encodeEvents(applied.events),
      receivedAt: now,
    });
    const lastAt = batch.events.at(-1)!.at;
    const pattern = patternStep({ hash: stream?.patternHash ?? '', count: stream?.patternCount ?? 0 }, applied.events);
    const values = {
      patternHash: pattern.hash,
      patternCount: pattern.count,
      text: applied.text,
      textHash: hash,
      lastSeq: batch.seq,
      eventCount,
      chars,
      lastAt,
      updatedAt: now,
    };
    if (stream) await tx.update(editStreams).set(values).where(where);
    else await tx.insert(editStreams).values({ attemptId: open.id, ...key, ...values });
    return { ok: true as const, applied: true, seq: batch.seq, hash };
  });
  if (answer) return answer;
  await requireOpenAttempt(deps, user.id, testId);
  const test = await findTest(deps.db, testId);
  if (test?.testType !== 'CODING' || !test.questionIds.includes(batch.questionId)) {
    throw new AppError('PROBLEM_NOT_FOUND', 'This problem is not part of the test');
  }
  throw new AppError('ATTEMPT_ENDED', 'This test has ended');
}

const crlf = (s: string) => s.replace(/\r\n?/g, '\n');

/** The batch with every `assistant` edit whose text is in none of the attempt's assistant answers made a paste. */
export async function checkAssistantEdits(
  tx: Pick<Db, 'select'>,
  attemptId: string,
  events: readonly TEditEvent[],
): Promise<readonly TEditEvent[]> {
  if (!events.some((e) => e.kind === 'assistant')) return events;
  const answers = await tx
    .select({ answer: aiExchanges.answer })
    .from(aiExchanges)
    .where(and(eq(aiExchanges.attemptId, attemptId), ne(aiExchanges.answer, '')));
  const texts = answers.map((a) => crlf(a.answer));
  return events.map((e) => {
    if (e.kind !== 'assistant') return e;
    const insert = crlf(e.insert).trim();
    return insert.length > 0 && texts.some((t) => t.includes(insert)) ? e : { ...e, kind: 'paste' as const };
  });
}
