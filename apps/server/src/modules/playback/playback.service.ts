/**
 * Reading the recording back (issue 29): the streams of an attempt for the reviewer's player, and the integrity
 * signals computed from them (integrity.rules.ts) for the reviewer and, after the test, the candidate.
 */
import type { TPlayback, TPlaybackStream } from '@assessly/shared';
import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import {
  type AttemptRow,
  attempts,
  codingProblems,
  editBatches,
  integrityResponses,
  proctoringEvents,
  submissions,
  type TestRow,
} from '../../db/schema';
import type { AppDeps } from '../../deps';
import { decodeEvents } from './edits.codec';
import { findSignals, type Signal } from './integrity.rules';
import { attemptMoments } from './runs';

type Deps = Pick<AppDeps, 'db'>;

/** The streams of these attempts, by attempt, in the test's problem order then language. */
export async function loadStreams(deps: Deps, attemptIds: string[], test?: TestRow) {
  const byAttempt = new Map<string, TPlaybackStream[]>();
  if (attemptIds.length === 0) return byAttempt;
  const rows = await deps.db
    .select()
    .from(editBatches)
    .where(inArray(editBatches.attemptId, attemptIds))
    .orderBy(asc(editBatches.attemptId), asc(editBatches.questionId), asc(editBatches.language), asc(editBatches.seq));
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

export async function getPlayback(deps: Deps, attempt: AttemptRow, test: TestRow): Promise<TPlayback> {
  const [streams, moments] = await Promise.all([
    loadStreams(deps, [attempt.id], test),
    attemptMoments(deps, attempt.id, attempt.startedAt),
  ]);
  return { streams: streams.get(attempt.id) ?? [], moments };
}

/** Other (non-preview) attempts of the test compared with for edit patterns: the latest few. */
const PATTERN_ATTEMPTS = 20;

export async function computeSignals(deps: Deps, attempt: AttemptRow, test: TestRow): Promise<Signal[]> {
  const [own, events, subs, problems, others] = await Promise.all([
    loadStreams(deps, [attempt.id], test),
    deps.db
      .select({ kind: proctoringEvents.kind, occurredAt: proctoringEvents.occurredAt })
      .from(proctoringEvents)
      .where(eq(proctoringEvents.attemptId, attempt.id)),
    deps.db
      .select({
        attemptId: submissions.attemptId,
        userId: submissions.userId,
        questionId: submissions.questionId,
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
    deps.db
      .select({ id: attempts.id })
      .from(attempts)
      .where(and(eq(attempts.testId, test.id), ne(attempts.id, attempt.id), eq(attempts.isPreview, false)))
      .orderBy(desc(attempts.startedAt))
      .limit(PATTERN_ATTEMPTS),
  ]);
  const preview = new Set(
    (
      await deps.db
        .select({ id: attempts.id })
        .from(attempts)
        .where(and(eq(attempts.testId, test.id), eq(attempts.isPreview, true)))
    ).map((a) => a.id),
  );
  const othersCode = new Map<string, { who: string; code: string }[]>();
  const ownSubmitted = new Map<string, string[]>();
  for (const s of subs) {
    if (s.attemptId && preview.has(s.attemptId)) continue;
    if (s.userId === attempt.userId)
      ownSubmitted.set(s.questionId, [...(ownSubmitted.get(s.questionId) ?? []), s.code]);
    else othersCode.set(s.questionId, [...(othersCode.get(s.questionId) ?? []), { who: s.userId, code: s.code }]);
  }
  const othersStreams = new Map<string, TPlaybackStream['events'][]>();
  const theirs = await loadStreams(
    deps,
    others.map((o) => o.id),
    test,
  );
  for (const list of theirs.values()) {
    for (const s of list) othersStreams.set(s.questionId, [...(othersStreams.get(s.questionId) ?? []), s.events]);
  }
  const started = attempt.startedAt.getTime();
  return findSignals({
    streams: own.get(attempt.id) ?? [],
    pageEvents: events.map((e) => ({ kind: e.kind, at: e.occurredAt.getTime() - started })),
    problemLabel: (q) => `problem ${test.questionIds.indexOf(q) + 1}`,
    othersCode,
    solutions: new Map(problems.filter((p) => p.solution.trim()).map((p) => [p.id, p.solution])),
    othersStreams,
    ownSubmitted,
    pastesAllowed: test.pastePolicy === 'allow',
  });
}

export async function loadResponses(deps: Deps, attemptId: string) {
  return deps.db.select().from(integrityResponses).where(eq(integrityResponses.attemptId, attemptId));
}
