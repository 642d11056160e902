/**
 * Saving a test with its questions is all or nothing: new and changed questions (or problems) and the
 * test's questionIds are written in ONE transaction, so no test ever points at questions that were not
 * saved. The test's version guards against two tabs overwriting each other.
 */
import {
  type TAptitudeQuestion,
  type TCodingProblem,
  type TTest,
  type TTestWithQuestions,
  validateAptitudeQuestions,
  validateCodingProblems,
  ZAptitudeQuestionInput,
  ZCodingProblemInput,
  type ZQuestionBatch,
} from '@assessly/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { ProblemRow, QuestionRow, UserRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { findQuestion, insertQuestion, updateQuestion } from '../aptitude-questions/aptitude-questions.repo';
import { toQuestionValues } from '../aptitude-questions/aptitude-questions.service';
import { findAnsweredQuestions } from '../attempts/attempts.questions';
import { findProblem, findProblemsByIds, insertProblem } from '../coding-problems/coding-problems.repo';
import { toProblemValues } from '../coding-problems/coding-problems.service';
import { updateProblemVersioned } from '../coding-problems/problem-versions';
import { canManageTest, requireManagedTest } from './tests.access';
import { toEmployerProblem, toEmployerQuestion, toEmployerTest } from './tests.projections';
import * as repo from './tests.repo';
import { conflict } from './tests.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An item's id when it names a saved row; the builder's temporary ids mean "new". */
function savedId(item: unknown): string | null {
  const id = (item as { id?: unknown })?.id;
  return typeof id === 'string' && UUID.test(id) ? id : null;
}

function parseItem<T>(schema: z.ZodType<T>, item: unknown, n: number): T {
  const r = schema.safeParse(item);
  if (r.success) return r.data;
  const message = `Question ${n}: ${r.error.issues[0]?.message ?? 'Invalid question'}`;
  throw new AppError('VALIDATION', message, { [`items.${n - 1}`]: message });
}

export async function saveQuestionBatch(
  db: Db,
  user: UserRow,
  testId: string,
  input: z.output<typeof ZQuestionBatch>,
): Promise<TTestWithQuestions<TAptitudeQuestion, TCodingProblem, TTest>> {
  const test = await requireManagedTest(db, user, testId, 'tests.author');
  if (input.version !== undefined && input.version !== test.version) throw conflict();
  const aptitude = test.testType === 'APTITUDE';
  const items = aptitude ? input.questions : input.problems;
  if (!items)
    throw new AppError(
      'VALIDATION',
      aptitude ? 'Send the questions of this aptitude test' : 'Send the problems of this coding test',
    );
  if (items.length === 0) {
    throw new AppError(
      'VALIDATION',
      aptitude ? 'Test must have at least one question' : 'At least one question is required',
    );
  }

  // The spec's save rules first, with its messages: aptitude lists every error, coding stops at the first.
  if (aptitude) {
    const errors = validateAptitudeQuestions(items as Parameters<typeof validateAptitudeQuestions>[0]);
    if (errors.length) throw new AppError('VALIDATION', errors.join('\n'), { questions: errors.join('\n') });
  } else {
    const first = validateCodingProblems(items as Parameters<typeof validateCodingProblems>[0]);
    if (first) throw new AppError('VALIDATION', first.message, { [`problems.${first.index}`]: first.message });
  }
  const parsed = aptitude
    ? items.map((it, i) => ({
        id: savedId(it),
        values: toQuestionValues(parseItem(ZAptitudeQuestionInput, it, i + 1), `Question ${i + 1}: `),
      }))
    : items.map((it, i) => ({ id: savedId(it), values: toProblemValues(parseItem(ZCodingProblemInput, it, i + 1)) }));
  // a coding test's written questions (issue 25), when sent: otherwise the ones it has stay
  const written = !aptitude && input.questions ? parseWritten(input.questions) : null;

  return db.transaction(async (tx) => {
    // Bumping the version first locks the test row, so concurrent saves of one test run one after another.
    const locked = await repo.updateTestRow(tx, testId, {}, input.version ?? test.version);
    if (!locked) throw conflict();
    const saved: { id: string; marks: number; row: unknown }[] = [];
    for (const [i, item] of parsed.entries()) {
      const owner = { testId, companyId: locked.companyId, createdBy: user.id };
      const existing = item.id ? await (aptitude ? findQuestion(tx, item.id) : findProblem(tx, item.id)) : null;
      if (existing && !canManageTest(user, existing)) {
        throw new AppError(aptitude ? 'QUESTION_NOT_FOUND' : 'PROBLEM_NOT_FOUND', `Question ${i + 1}: not found`);
      }
      let row: { id: string; marks: number };
      if (aptitude) {
        const values = item.values as ReturnType<typeof toQuestionValues>;
        row = existing
          ? await updateQuestion(tx, existing.id, { ...values, testId: existing.testId ?? testId })
          : await insertQuestion(tx, { ...values, ...owner });
      } else {
        const values = item.values as ReturnType<typeof toProblemValues>;
        // a problem of another test that is not yet in this one is added as a copy (issue 11): the other
        // test's problem and its submissions stay as they were
        const foreign =
          existing &&
          existing.testId !== testId &&
          !locked.questionIds.includes(existing.id) &&
          existing.testId !== null;
        row =
          existing && !foreign
            ? await updateProblemVersioned(tx, existing as ProblemRow, { ...values, testId: existing.testId ?? testId })
            : await insertProblem(tx, { ...values, ...owner });
      }
      saved.push({ id: row.id, marks: row.marks, row });
    }
    // issue 43: the test's project problems have their own routes, not the builder's batch: they stay listed
    const projects = aptitude
      ? []
      : (await findProblemsByIds(tx, locked.questionIds)).filter(
          (p) => p.kind === 'project' && !saved.some((x) => x.id === p.id),
        );
    const questionIds = [...saved.map((s) => s.id), ...projects.map((p) => p.id)];
    if (new Set(questionIds).size !== questionIds.length)
      throw new AppError('VALIDATION', 'Each question can be in a test only once');
    const changes: Parameters<typeof repo.updateTestRow>[2] = { questionIds };
    const writtenRows = written
      ? await saveWritten(tx, user, { testId, companyId: locked.companyId, createdBy: user.id }, written)
      : aptitude
        ? []
        : await findAnsweredQuestions(tx, locked);
    // a mixed test's single- and multi-select questions (issue 46, its sections) are not the builder's to drop
    const choiceRows = written ? (await findAnsweredQuestions(tx, locked)).filter((q) => q.kind !== 'text') : [];
    if (written) changes.writtenQuestionIds = [...writtenRows, ...choiceRows].map((q) => q.id);
    // the total is the sum of the questions' marks (issue 46, test-totals.ts), asked for or not
    const total = [...saved, ...projects, ...writtenRows, ...choiceRows].reduce((s, q) => s + q.marks, 0);
    if (total > 0) {
      changes.totalMarks = total;
      changes.passingMarks = Math.min(locked.passingMarks, total);
    }
    const final = await repo.updateTestRow(tx, testId, changes);
    return {
      test: toEmployerTest(final!, await repo.findCreatorEmail(tx, final!.createdBy)),
      questions: aptitude
        ? saved.map((s) => toEmployerQuestion(s.row as never))
        : writtenRows.filter((q) => q.kind === 'text').map(toEmployerQuestion),
      problems: aptitude ? [] : saved.map((s) => toEmployerProblem(s.row as never)),
    };
  });
}

/** A coding test's written questions (issue 25): each must be `kind: "text"`; messages name "Written question n". */
function parseWritten(items: unknown[]): { id: string | null; values: ReturnType<typeof toQuestionValues> }[] {
  const rename = (m: string) => m.replace(/^Question (\d+)/, 'Written question $1');
  const errors = validateAptitudeQuestions(items as Parameters<typeof validateAptitudeQuestions>[0]).map(rename);
  items.forEach((it, i) => {
    if ((it as { kind?: unknown })?.kind !== 'text') {
      errors.push(`Written question ${i + 1}: a coding test holds written questions only (kind "text")`);
    }
  });
  if (errors.length) throw new AppError('VALIDATION', errors.join('\n'), { questions: errors.join('\n') });
  return items.map((it, i) => {
    const r = ZAptitudeQuestionInput.safeParse(it);
    if (!r.success) {
      const message = `Written question ${i + 1}: ${r.error.issues[0]?.message ?? 'Invalid question'}`;
      throw new AppError('VALIDATION', message, { [`questions.${i}`]: message });
    }
    return { id: savedId(it), values: toQuestionValues(r.data, `Written question ${i + 1}: `) };
  });
}

async function saveWritten(
  tx: Db,
  user: UserRow,
  owner: { testId: string; companyId: string | null; createdBy: string },
  items: { id: string | null; values: ReturnType<typeof toQuestionValues> }[],
): Promise<QuestionRow[]> {
  const rows: QuestionRow[] = [];
  for (const [i, item] of items.entries()) {
    const existing = item.id ? await findQuestion(tx, item.id) : null;
    // only a written question of this test is changed in place; any other id is refused
    if (existing && (!canManageTest(user, existing) || existing.testId !== owner.testId || existing.kind !== 'text')) {
      throw new AppError('QUESTION_NOT_FOUND', `Written question ${i + 1}: not found`);
    }
    rows.push(
      existing
        ? await updateQuestion(tx, existing.id, { ...item.values, testId: owner.testId })
        : await insertQuestion(tx, { ...item.values, ...owner }),
    );
  }
  if (new Set(rows.map((r) => r.id)).size !== rows.length) {
    throw new AppError('VALIDATION', 'Each question can be in a test only once');
  }
  return rows;
}
