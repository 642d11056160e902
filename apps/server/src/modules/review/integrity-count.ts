/**
 * The ONE integrity count (issue 46) that the results list, its filter, the comparison, the report, the CSV and
 * the submissions dashboard show: an attempt's integrity events (proctoring events that are facts about the
 * sitting; @assessly/shared's isIntegrityEventKind leaves out a return to the tab and the face service's own
 * outages) plus, on a coding test, the signals of its integrity report (an outside paste, a submission the
 * recording never held, no recording, implausible timing...; playback/integrity.rules.ts and
 * integrity.recorded.ts). A reload records nothing (the page's exam guard), so it is not counted.
 */
import { type IntegritySummary, isIntegrityEventKind } from '@assessly/shared';
import { count, inArray } from 'drizzle-orm';
import { type AttemptRow, proctoringEvents, type TestRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { computeSignalsOf } from '../playback/playback.service';

type Deps = Pick<AppDeps, 'db'>;

export async function integritySummaries(
  deps: Deps,
  test: TestRow,
  list: readonly Pick<AttemptRow, 'id' | 'userId' | 'startedAt'>[],
): Promise<Map<string, IntegritySummary>> {
  const out = new Map<string, IntegritySummary>(list.map((a) => [a.id, { total: 0, counts: {} }]));
  if (list.length === 0) return out;
  const add = (attemptId: string, kind: string, n: number) => {
    const s = out.get(attemptId);
    if (!s) return;
    s.counts[kind] = (s.counts[kind] ?? 0) + n;
    s.total += n;
  };
  const ids = list.map((a) => a.id);
  const [events, signals] = await Promise.all([
    deps.db
      .select({ attemptId: proctoringEvents.attemptId, kind: proctoringEvents.kind, n: count() })
      .from(proctoringEvents)
      .where(inArray(proctoringEvents.attemptId, ids))
      .groupBy(proctoringEvents.attemptId, proctoringEvents.kind),
    test.testType === 'CODING' ? computeSignalsOf(deps, test, list) : new Map(),
  ]);
  for (const e of events) if (isIntegrityEventKind(e.kind)) add(e.attemptId, e.kind, e.n);
  for (const [attemptId, found] of signals) for (const s of found) add(attemptId, s.kind, 1);
  return out;
}
