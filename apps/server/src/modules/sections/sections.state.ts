/**
 * Where an attempt stands in a mixed test's sections (issue 46). Pure functions over the test row and the attempt
 * row, so every route that accepts work (answers, drafts, runs, submissions) checks the same rule:
 *
 * - the sections are taken in order; the first starts with the attempt, the next when the candidate moves on
 *   (POST /api/attempts/{testId}/sections/next) — a section left is closed for good;
 * - a section with its own minutes closes at its start + those minutes (stretched by the attempt's extra time in
 *   the same proportion as the whole test), and never later than the attempt's deadline: the overall timer rules;
 * - an item outside the current section, or of a section whose time is over, is refused with SECTION_CLOSED.
 *
 * A test without sections is unchanged: nothing here refuses anything.
 */
import type { TTakeSection } from '@assessly/shared';
import type { AttemptRow, SectionLogEntry, TestRow, TestSectionJson } from '../../db/schema';
import { AppError } from '../../lib/errors';

/** Items the flat lists hold that no section names (added by the older builders) go to trailing sections. */
const REST_TITLES = { coding: 'More problems', questions: 'More questions' } as const;

/**
 * The test's sections as they stand: each section's items that are still in the test (in the flat lists), then
 * any item of the flat lists no section names, in a trailing section of its own. null for a test without sections.
 */
export function effectiveSections(
  test: Pick<TestRow, 'id' | 'sections' | 'questionIds' | 'writtenQuestionIds'>,
): TestSectionJson[] | null {
  if (!test.sections || test.sections.length === 0) return null;
  const problems = new Set(test.questionIds);
  const questions = new Set(test.writtenQuestionIds);
  const named = new Set<string>();
  const out = test.sections.map((s) => {
    const pool = s.kind === 'coding' ? problems : questions;
    const itemIds = s.itemIds.filter((id) => pool.has(id) && !named.has(id));
    for (const id of itemIds) named.add(id);
    return { ...s, itemIds };
  });
  const restProblems = test.questionIds.filter((id) => !named.has(id));
  if (restProblems.length) {
    out.push({
      id: `${test.id}-rest-coding`,
      title: REST_TITLES.coding,
      kind: 'coding',
      itemIds: restProblems,
      minutes: null,
    });
  }
  const restQuestions = test.writtenQuestionIds.filter((id) => !named.has(id));
  if (restQuestions.length) {
    // only the sections route lists choice questions in a coding test: what the older builders add is written
    out.push({
      id: `${test.id}-rest-questions`,
      title: REST_TITLES.questions,
      kind: 'written',
      itemIds: restQuestions,
      minutes: null,
    });
  }
  return out;
}

/** The log as it stands: the first section counts as entered when the attempt started. */
function logOf(sections: TestSectionJson[], attempt: Pick<AttemptRow, 'sectionLog' | 'startedAt'>): SectionLogEntry[] {
  if (attempt.sectionLog.length > 0) return attempt.sectionLog;
  const first = sections[0];
  return first ? [{ id: first.id, startedAt: attempt.startedAt.toISOString(), endedAt: null }] : [];
}

/** Index of the section the attempt is in (the last one entered), or -1 when all are left. */
export function currentIndex(
  sections: TestSectionJson[],
  attempt: Pick<AttemptRow, 'sectionLog' | 'startedAt'>,
): number {
  const log = logOf(sections, attempt);
  const last = log[log.length - 1];
  if (!last || last.endedAt) return -1;
  return sections.findIndex((s) => s.id === last.id);
}

/** When a section entered at `startedAt` closes: its own minutes (stretched by extra time) or the deadline. */
export function sectionDeadline(
  section: TestSectionJson,
  startedAt: Date,
  attempt: Pick<AttemptRow, 'deadlineAt' | 'extraMinutes'>,
  duration: number,
): Date {
  if (!section.minutes) return attempt.deadlineAt;
  const stretch = duration > 0 ? 1 + attempt.extraMinutes / duration : 1;
  const own = new Date(startedAt.getTime() + Math.round(section.minutes * stretch * 60_000));
  return own < attempt.deadlineAt ? own : attempt.deadlineAt;
}

/** The take state's reading of the sections: each one done, current or upcoming, with its times. */
export function takeSections(
  sections: TestSectionJson[],
  test: Pick<TestRow, 'duration'>,
  attempt: Pick<AttemptRow, 'sectionLog' | 'startedAt' | 'deadlineAt' | 'extraMinutes'>,
): TTakeSection[] {
  const log = logOf(sections, attempt);
  const current = currentIndex(sections, attempt);
  const entered = new Map(log.map((e) => [e.id, e]));
  return sections.map((s, i) => {
    const entry = entered.get(s.id);
    // taken in order: a section entered and not the current one was left
    const state = i === current ? 'current' : entry ? 'done' : 'upcoming';
    const start = entry ? new Date(entry.startedAt) : null;
    return {
      id: s.id,
      title: s.title,
      kind: s.kind,
      itemIds: s.itemIds,
      itemCount: s.itemIds.length,
      minutes: s.minutes,
      state,
      startedAt: start ? start.toISOString() : null,
      deadlineAt: start ? sectionDeadline(s, start, attempt, test.duration).toISOString() : null,
    };
  });
}

/**
 * Throws SECTION_CLOSED unless the item is in the attempt's current section and that section's time is not over.
 * Anything goes on a test without sections (and for an item no section holds, which the caller refuses itself).
 */
export function requireSectionOpen(
  test: Pick<TestRow, 'id' | 'sections' | 'questionIds' | 'writtenQuestionIds' | 'duration'>,
  attempt: Pick<AttemptRow, 'sectionLog' | 'startedAt' | 'deadlineAt' | 'extraMinutes'>,
  itemId: string,
  now: Date,
): void {
  const sections = effectiveSections(test);
  if (!sections) return;
  const at = sections.findIndex((s) => s.itemIds.includes(itemId));
  if (at === -1) return;
  const current = currentIndex(sections, attempt);
  if (at !== current) {
    const message = at < current || current === -1 ? 'This section is over' : 'This section has not started yet';
    throw new AppError('SECTION_CLOSED', message);
  }
  const entry = logOf(sections, attempt).find((e) => e.id === sections[at]!.id)!;
  if (sectionDeadline(sections[at]!, new Date(entry.startedAt), attempt, test.duration) <= now) {
    throw new AppError('SECTION_CLOSED', "This section's time is over: move on to the next section");
  }
}

/** Before the attempt: what the entry page may say (titles, kinds, counts, minutes), never the items. */
export function entrySections(sections: TestSectionJson[]): TTakeSection[] {
  return sections.map((s) => ({
    id: s.id,
    title: s.title,
    kind: s.kind,
    itemIds: [],
    itemCount: s.itemIds.length,
    minutes: s.minutes,
    state: 'upcoming',
    startedAt: null,
    deadlineAt: null,
  }));
}
