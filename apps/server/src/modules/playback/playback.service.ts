/**
 * Reading the recording back (issue 29): the streams of an attempt for the reviewer's player, and the integrity
 * signals computed from them (integrity.rules.ts) for the reviewer and, after the test, the candidate.
 */
import type { TPlayback, TPlaybackStream } from '@assessly/shared';
import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import {
  type AttemptRow,
  attempts,
  codingProblems,
  editBatches,
  editStreams,
  integrityResponses,
  proctoringEvents,
  submissions,
  type TestRow,
} from '../../db/schema';
import type { AppDeps } from '../../deps';
import { decodeEvents } from './edits.codec';
import { type BatchTiming, batchTimingSignals, recordingSignals } from './integrity.recorded';
import { findSignals, RULES, type Signal } from './integrity.rules';
import { attemptMoments } from './runs';

type Deps = Pick<AppDeps, 'db'>;

/** The streams of these attempts, by attempt, in the test's problem order then language. */
/** A batch's problem's place in the test, so pages come in the test's order of problems. */
const problemOrder = (ids: readonly string[]) =>
  ids.length === 0
    ? editBatches.questionId
    : sql<number>`array_position(ARRAY[${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}]::uuid[], ${editBatches.questionId})`;

export async function loadStreams(
  deps: Deps,
  attemptIds: string[],
  test?: TestRow,
  page?: { offset: number; limit: number },
) {
  const byAttempt = new Map<string, TPlaybackStream[]>();
  if (attemptIds.length === 0) return byAttempt;
  const query = deps.db
    .select()
    .from(editBatches)
    .where(inArray(editBatches.attemptId, attemptIds))
    .orderBy(
      asc(editBatches.attemptId),
      asc(problemOrder(test?.questionIds ?? [])),
      asc(editBatches.questionId),
      asc(editBatches.language),
      asc(editBatches.seq),
    );
  const rows = page ? await query.offset(page.offset).limit(page.limit) : await query;
  for (const row of rows) {
    const list = byAttempt.get(row.attemptId) ?? [];
    byAttempt.set(row.attemptId, list);
    let stream = list.find((s) => s.questionId === row.questionId && s.language === row.language);
    if (!stream) {
      stream = { questionId: row.questionId, language: row.language, initial: '', events: [] };
      list.push(stream);
    }
    for (const e of decodeEvents(row.eventsGz)) stream.events.push(e);
  }
  const order = (q: string) => test?.questionIds.indexOf(q) ?? 0;
  for (const list of byAttempt.values()) {
    list.sort((a, b) => order(a.questionId) - order(b.questionId) || a.language.localeCompare(b.language));
  }
  return byAttempt;
}

/** The candidate's own recordings for their data export. */
export async function exportRecordings(deps: Deps, attemptIds: string[]) {
  const byAttempt = await loadStreams(deps, attemptIds);
  return [...byAttempt].flatMap(([attemptId, list]) => list.map((s) => ({ attemptId, ...s })));
}

/**
 * One page of an attempt's playback: at most `limit` batches from `cursor` (batches given so far, in stream
 * then seq order), so no answer is larger than `limit` batches however long the recording (issue 42).
 */
export async function getPlayback(
  deps: Deps,
  attempt: AttemptRow,
  test: TestRow,
  page: { limit: number; cursor?: string } = { limit: 200 },
): Promise<TPlayback> {
  const offset = Number(page.cursor ?? 0);
  // one more than the page, to know whether another follows
  const [streams, moments, more] = await Promise.all([
    loadStreams(deps, [attempt.id], test, { offset, limit: page.limit }),
    attemptMoments(deps, attempt.id, attempt.startedAt),
    deps.db
      .select({ seq: editBatches.seq })
      .from(editBatches)
      .where(eq(editBatches.attemptId, attempt.id))
      .orderBy(
        asc(problemOrder(test.questionIds)),
        asc(editBatches.questionId),
        asc(editBatches.language),
        asc(editBatches.seq),
      )
      .offset(offset + page.limit)
      .limit(1),
  ]);
  return { streams: streams.get(attempt.id) ?? [], moments, next: more.length ? String(offset + page.limit) : null };
}

/** Other (non-preview) attempts of the test compared with for edit patterns: the latest few. */
const PATTERN_ATTEMPTS = 20;

export async function computeSignals(deps: Deps, attempt: AttemptRow, test: TestRow): Promise<Signal[]> {
  return (await computeSignalsOf(deps, test, [attempt])).get(attempt.id) ?? [];
}

/**
 * The signals of several attempts of one test (issue 46: the results list, the CSV and the dashboard count them
 * for every row). The test's submissions, solutions and edit-pattern fingerprints are read once; each attempt's
 * recording is read and decoded once.
 */
export async function computeSignalsOf(
  deps: Deps,
  test: TestRow,
  list: readonly Pick<AttemptRow, 'id' | 'userId' | 'startedAt'>[],
): Promise<Map<string, Signal[]>> {
  const out = new Map<string, Signal[]>();
  if (list.length === 0) return out;
  const ids = list.map((a) => a.id);
  const [batchRows, events, subs, problems, recent, previews] = await Promise.all([
    deps.db
      .select()
      .from(editBatches)
      .where(inArray(editBatches.attemptId, ids))
      .orderBy(
        asc(editBatches.attemptId),
        asc(editBatches.questionId),
        asc(editBatches.language),
        asc(editBatches.seq),
      ),
    deps.db
      .select({
        attemptId: proctoringEvents.attemptId,
        kind: proctoringEvents.kind,
        occurredAt: proctoringEvents.occurredAt,
      })
      .from(proctoringEvents)
      .where(inArray(proctoringEvents.attemptId, ids)),
    deps.db
      .select({
        attemptId: submissions.attemptId,
        userId: submissions.userId,
        questionId: submissions.questionId,
        language: submissions.language,
        code: submissions.code,
      })
      .from(submissions)
      .where(eq(submissions.testId, test.id)),
    test.questionIds.length === 0
      ? []
      : deps.db
          .select({ id: codingProblems.id, solution: codingProblems.solution })
          .from(codingProblems)
          .where(inArray(codingProblems.id, test.questionIds)),
    // the latest attempts (one more than compared with, so each attempt still has as many others)
    deps.db
      .select({ id: attempts.id })
      .from(attempts)
      .where(and(eq(attempts.testId, test.id), eq(attempts.isPreview, false)))
      .orderBy(desc(attempts.startedAt))
      .limit(PATTERN_ATTEMPTS + 1),
    deps.db
      .select({ id: attempts.id })
      .from(attempts)
      .where(and(eq(attempts.testId, test.id), eq(attempts.isPreview, true))),
  ]);
  const preview = new Set(previews.map((a) => a.id));
  const kept = subs.filter((s) => !(s.attemptId && preview.has(s.attemptId)));
  // Other attempts are compared by their streams' pattern fingerprints, never loaded whole (issue 42).
  const theirs =
    recent.length === 0
      ? []
      : await deps.db
          .select({
            attemptId: editStreams.attemptId,
            questionId: editStreams.questionId,
            hash: editStreams.patternHash,
          })
          .from(editStreams)
          .where(
            and(
              inArray(
                editStreams.attemptId,
                recent.map((o) => o.id),
              ),
              gte(editStreams.patternCount, RULES.patternChunks),
            ),
          );
  const solutions = new Map(problems.filter((p) => p.solution.trim()).map((p) => [p.id, p.solution]));
  const problemLabel = (q: string) => `problem ${test.questionIds.indexOf(q) + 1}`;
  const order = (q: string) => test.questionIds.indexOf(q);
  const rowsOf = groupBy(batchRows, (r) => r.attemptId);
  const eventsOf = groupBy(events, (e) => e.attemptId);
  for (const attempt of list) {
    const started = attempt.startedAt.getTime();
    const streams: TPlaybackStream[] = [];
    const timings: BatchTiming[] = [];
    for (const row of rowsOf.get(attempt.id) ?? []) {
      const decoded = decodeEvents(row.eventsGz);
      let stream = streams.find((x) => x.questionId === row.questionId && x.language === row.language);
      if (!stream) {
        stream = { questionId: row.questionId, language: row.language, initial: '', events: [] };
        streams.push(stream);
      }
      for (const e of decoded) stream.events.push(e);
      timings.push({
        questionId: row.questionId,
        language: row.language,
        receivedAt: row.receivedAt.getTime() - started,
        firstAt: decoded[0]?.at ?? 0,
        lastAt: decoded.at(-1)?.at ?? 0,
      });
    }
    streams.sort((a, b) => order(a.questionId) - order(b.questionId) || a.language.localeCompare(b.language));
    const othersCode = new Map<string, { who: string; code: string }[]>();
    const ownSubmitted = new Map<string, string[]>();
    for (const s of kept) {
      if (s.userId === attempt.userId)
        ownSubmitted.set(s.questionId, [...(ownSubmitted.get(s.questionId) ?? []), s.code]);
      else othersCode.set(s.questionId, [...(othersCode.get(s.questionId) ?? []), { who: s.userId, code: s.code }]);
    }
    const others = new Set(
      recent
        .filter((o) => o.id !== attempt.id)
        .slice(0, PATTERN_ATTEMPTS)
        .map((o) => o.id),
    );
    const othersPatterns = new Map<string, string[]>();
    for (const s of theirs) {
      if (others.has(s.attemptId))
        othersPatterns.set(s.questionId, [...(othersPatterns.get(s.questionId) ?? []), s.hash]);
    }
    const found = findSignals({
      streams,
      pageEvents: (eventsOf.get(attempt.id) ?? []).map((e) => ({ kind: e.kind, at: e.occurredAt.getTime() - started })),
      problemLabel,
      othersCode,
      solutions,
      othersPatterns,
      ownSubmitted,
      pastesAllowed: test.pastePolicy === 'allow',
    });
    out.set(attempt.id, [
      ...found,
      ...recordingSignals(
        streams,
        subs.filter((s) => s.attemptId === attempt.id),
        problemLabel,
      ),
      ...batchTimingSignals(timings, problemLabel),
    ]);
  }
  return out;
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const list = map.get(key(item));
    if (list) list.push(item);
    else map.set(key(item), [item]);
  }
  return map;
}

export async function loadResponses(deps: Deps, attemptId: string) {
  return deps.db.select().from(integrityResponses).where(eq(integrityResponses.attemptId, attemptId));
}
