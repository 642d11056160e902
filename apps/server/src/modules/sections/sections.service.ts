/**
 * Sections of a mixed test (issue 46): the employer sets the whole ordered list at once; the candidate moves from
 * one section to the next. See sections.state.ts for the rule every route that accepts work checks.
 */
import { randomUUID } from 'node:crypto';
import type { TSectionsUpdate, TTakeTest } from '@assessly/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  type AttemptRow,
  attempts,
  type QuestionRow,
  type TestSectionJson,
  tests,
  type UserRow,
} from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { findQuestionsByIds } from '../aptitude-questions/aptitude-questions.repo';
import { requireOpenAttempt } from '../attempts/attempts.service';
import { readTakeState, requireTest } from '../attempts/attempts.take';
import { findProblemsByIds } from '../coding-problems/coding-problems.repo';
import { syncTestTotals } from '../tests/test-totals';
import { canManageTest, requireManagedTest } from '../tests/tests.access';
import { toEmployerTest } from '../tests/tests.projections';
import { findCreatorEmail, updateTestRow } from '../tests/tests.repo';
import { conflict, copyAddedProblems } from '../tests/tests.service';
import { currentIndex, effectiveSections } from './sections.state';

/** The kind of section a question belongs in. */
export function questionKind(q: Pick<QuestionRow, 'kind' | 'correctAnswers'>): 'single' | 'multiple' | 'written' {
  if (q.kind === 'text') return 'written';
  return Array.isArray(q.correctAnswers) ? 'multiple' : 'single';
}

const KIND_WORD: Record<TestSectionJson['kind'], string> = {
  coding: 'a coding problem',
  single: 'a single-select question',
  multiple: 'a multi-select question',
  written: 'a written question',
};

function invalid(field: string, message: string): AppError {
  return new AppError('VALIDATION', message, { [field]: message });
}

/**
 * PUT /api/tests/{id}/sections: the whole ordered list. Every item must be of this tenant and of the section's
 * kind, and in one section only. The flat lists follow (problems of the coding sections in order, questions of
 * the others in order), so the total is the sum of every section's item marks (test-totals.ts). An empty list
 * makes the test one without sections again (its items stay).
 */
export async function setSections(db: Db, user: UserRow, id: string, input: TSectionsUpdate) {
  const test = await requireManagedTest(db, user, id, 'tests.author');
  if (test.testType !== 'CODING') {
    throw invalid('sections', 'Sections are for coding tests, which may hold every kind of problem and question');
  }
  if (input.version !== undefined && input.version !== test.version) throw conflict();
  const all = input.sections.flatMap((s) => s.itemIds);
  if (new Set(all).size !== all.length) throw invalid('sections', 'Each item can be in a test only once');
  const problemIds = input.sections.filter((s) => s.kind === 'coding').flatMap((s) => s.itemIds);
  const questionIds = input.sections.filter((s) => s.kind !== 'coding').flatMap((s) => s.itemIds);
  // the candidate takes a mixed test on the coding page, which opens on problems: questions alone are an aptitude test
  if (input.sections.length > 0 && problemIds.length === 0) {
    throw invalid(
      'sections',
      'A test with sections needs at least one coding problem; questions alone make an aptitude test',
    );
  }
  const problems = new Map((await findProblemsByIds(db, problemIds)).map((p) => [p.id, p]));
  const questions = new Map((await findQuestionsByIds(db, questionIds)).map((q) => [q.id, q]));
  input.sections.forEach((s, i) => {
    for (const itemId of s.itemIds) {
      const row = s.kind === 'coding' ? problems.get(itemId) : questions.get(itemId);
      // another company's item reads exactly like a missing one
      if (!row || !canManageTest(user, row))
        throw invalid(`sections.${i}.itemIds`, `Section ${i + 1}: item ${itemId} was not found`);
      if (s.kind !== 'coding' && questionKind(row as QuestionRow) !== s.kind) {
        throw invalid(`sections.${i}.itemIds`, `Section ${i + 1} holds ${KIND_WORD[s.kind].slice(2)}s only`);
      }
    }
  });
  const ids = new Set(input.sections.map((s) => s.id).filter(Boolean));
  if (ids.size !== input.sections.filter((s) => s.id).length) throw invalid('sections', 'Each section id once');
  return db.transaction(async (tx) => {
    // a problem of another test (or the bank) is copied, as update-questions does (issue 11)
    const copied = await copyAddedProblems(tx, user, test, problemIds, new Set(input.linkIds ?? []));
    const copyOf = new Map(problemIds.map((pid, i) => [pid, copied[i]!]));
    const sections: TestSectionJson[] = input.sections.map((s) => ({
      id: s.id ?? randomUUID(),
      title: s.title,
      kind: s.kind,
      itemIds: s.kind === 'coding' ? s.itemIds.map((pid) => copyOf.get(pid)!) : s.itemIds,
      minutes: s.minutes ?? null,
    }));
    const row = await updateTestRow(
      tx,
      id,
      {
        sections: sections.length ? sections : null,
        questionIds: sections.filter((s) => s.kind === 'coding').flatMap((s) => s.itemIds),
        writtenQuestionIds: sections.filter((s) => s.kind !== 'coding').flatMap((s) => s.itemIds),
      },
      test.version,
    );
    if (!row) throw conflict();
    // one total rule (issue 46, test-totals.ts): the sum of every section's item marks
    await syncTestTotals(tx, { testIds: [id] });
    const [fresh] = await tx.select().from(tests).where(eq(tests.id, id));
    return toEmployerTest(fresh!, await findCreatorEmail(tx, fresh!.createdBy));
  });
}

/**
 * POST /api/attempts/{testId}/sections/next: the candidate leaves `sectionId` (the current section) for the next
 * one; leaving the last leaves the test's work closed until End Test. Asking to leave a section already left
 * changes nothing and answers the state (a second tab, a resend).
 */
export async function nextSection(
  deps: Pick<AppDeps, 'db' | 'database' | 'clock' | 'face'>,
  user: UserRow,
  testId: string,
  sectionId: string,
): Promise<TTakeTest> {
  // one's own open attempt first: nothing about the test is told to anyone else
  const attempt: AttemptRow = await requireOpenAttempt(deps, user.id, testId);
  const test = await requireTest(deps, testId);
  const sections = effectiveSections(test);
  if (!sections)
    throw new AppError('VALIDATION', 'This test has no sections', { sectionId: 'This test has no sections' });
  const current = currentIndex(sections, attempt);
  const at = sections.findIndex((s) => s.id === sectionId);
  if (at === -1) throw new AppError('NOT_FOUND', 'Section not found', { sectionId: 'Section not found' });
  if (at > current && current !== -1) {
    throw new AppError('SECTION_CLOSED', 'This section has not started yet');
  }
  if (at === current) {
    const now = deps.clock.now().toISOString();
    const log = attempt.sectionLog.length
      ? attempt.sectionLog
      : [{ id: sections[0]!.id, startedAt: attempt.startedAt.toISOString(), endedAt: null }];
    const next = sections[at + 1];
    const moved = [
      ...log.map((e) => (e.id === sectionId && !e.endedAt ? { ...e, endedAt: now } : e)),
      ...(next ? [{ id: next.id, startedAt: now, endedAt: null }] : []),
    ];
    // only from the log this call read: two tabs moving at once move once
    await deps.db
      .update(attempts)
      .set({ sectionLog: moved })
      .where(
        and(
          eq(attempts.id, attempt.id),
          isNull(attempts.endedAt),
          sql`${attempts.sectionLog} = ${JSON.stringify(attempt.sectionLog)}::jsonb`,
        ),
      );
  }
  return readTakeState(deps, user, testId);
}
