/**
 * The company's problem and question library: browse and search with tags, difficulty, language, usage and
 * last edit; tag items; add one to a test as a COPY (editing the copy never changes the library item or the
 * other tests using it). `copyLibraryItemIntoTest` is the one copy function (to unify with problem versions).
 */
import {
  CODE_LANGUAGES,
  DIFFICULTIES,
  LIBRARY_TYPES,
  type TAddFromLibrary,
  type TLibraryItem,
  type TLibraryMeta,
  type TLibraryPage,
  type TLibraryQuery,
  type TTest,
} from '@assessly/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { aptitudeQuestions, codingProblems } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { authorize } from '../../lib/policy';
import { findStarterItem, starterCopyValues, starterPage } from '../starter/starter-library';
import { canManageTest, requireManagedTest } from '../tests/tests.access';
import { updateTestRow } from '../tests/tests.repo';
import { conflict, updateTest } from '../tests/tests.service';
import * as repo from './library.repo';

type Deps = Pick<AppDeps, 'db' | 'database'>;

export async function browseLibrary(deps: Deps, user: UserRow, q: TLibraryQuery): Promise<TLibraryPage> {
  authorize(user, 'tests.read');
  if (q.source === 'starter') {
    const starter = await starterPage(deps.database, { companyId: user.companyId, userId: user.id }, q);
    return { ...starter, page: q.page, pageSize: q.pageSize };
  }
  const viewer = { companyId: user.companyId, userId: user.id };
  const [rows, facets] = await Promise.all([
    repo.libraryPage(deps.database, viewer, q),
    repo.libraryFacets(deps.database, viewer, q.kind),
  ]);
  return {
    items: rows.map(
      (r): TLibraryItem => ({
        id: r.id,
        kind: q.kind,
        type: r.type,
        title: r.title,
        preview: r.preview,
        tags: r.tags,
        difficulty: r.difficulty,
        languages: r.languages,
        marks: r.marks,
        usageCount: r.usageCount,
        updatedAt: new Date(r.updatedAt).toISOString(),
        createdByEmail: r.createdByEmail,
      }),
    ),
    total: rows[0]?.total ?? 0,
    page: q.page,
    pageSize: q.pageSize,
    tags: facets.tags,
    // in the order the page lists them
    types: LIBRARY_TYPES.filter((t) => facets.types.includes(t)),
    difficulties: DIFFICULTIES.filter((d) => facets.difficulties.includes(d)),
    languages: CODE_LANGUAGES.filter((l) => facets.languages.includes(l)),
  };
}

async function findItem(db: Db, user: UserRow, kind: 'problem' | 'question', id: string) {
  const table = kind === 'problem' ? codingProblems : aptitudeQuestions;
  const [row] = await db.select().from(table).where(eq(table.id, id)).limit(1);
  if (!row || !canManageTest(user, row)) throw new AppError('NOT_FOUND', 'Not found in your library');
  return row;
}

export async function setLibraryMeta(
  deps: Deps,
  user: UserRow,
  kind: 'problem' | 'question',
  id: string,
  meta: TLibraryMeta,
) {
  authorize(user, 'tests.author');
  await findItem(deps.db, user, kind, id);
  const table = kind === 'problem' ? codingProblems : aptitudeQuestions;
  const tags = [...new Set(meta.tags)];
  await deps.db.update(table).set({ tags, difficulty: meta.difficulty }).where(eq(table.id, id));
  return { id, tags, difficulty: meta.difficulty };
}

/** What a copy of the item holds: a company item's fields, or a starter item's checked values (issue 25). */
async function copiedFields(db: Db, user: UserRow, input: TAddFromLibrary) {
  const starter = findStarterItem(input.itemId);
  if (starter) {
    const copy = starterCopyValues(starter);
    if (copy.table !== input.kind) throw new AppError('NOT_FOUND', 'Not found in your library');
    return { ...copy.values, createdBy: user.id };
  }
  const item = await findItem(db, user, input.kind, input.itemId);
  const { id: _id, createdAt: _c, updatedAt: _u, ...fields } = item;
  return { ...fields, createdBy: user.id, sourceId: item.sourceId ?? item.id };
}

/**
 * Copies a library problem or question into a test and appends it to the test's questions (version-checked
 * through the tests service). The copy remembers its source, so usage counts follow it.
 */
export async function copyLibraryItemIntoTest(deps: Deps, user: UserRow, input: TAddFromLibrary): Promise<TTest> {
  const test = await requireManagedTest(deps.db, user, input.testId, 'tests.author');
  const wanted = input.kind === 'problem' ? 'CODING' : 'APTITUDE';
  // a written question may stand in a coding test too (issue 25): it joins the test's written questions
  const writtenIntoCoding = input.kind === 'question' && test.testType === 'CODING';
  if (test.testType !== wanted && !writtenIntoCoding)
    throw new AppError(
      'VALIDATION',
      input.kind === 'problem'
        ? 'Problems can only be added to a coding test'
        : 'Questions can only be added to an aptitude test',
    );
  const values = { ...(await copiedFields(deps.db, user, input)), testId: test.id, companyId: test.companyId };
  if (writtenIntoCoding && (values as { kind?: string }).kind !== 'text') {
    throw new AppError('VALIDATION', 'Only written questions can be added to a coding test');
  }
  const table = input.kind === 'problem' ? codingProblems : aptitudeQuestions;
  const [copy] = await deps.db
    .insert(table)
    .values(values as typeof table.$inferInsert)
    .returning({ id: table.id });
  try {
    if (writtenIntoCoding) {
      const moved = await updateTestRow(
        deps.db,
        test.id,
        { writtenQuestionIds: [...test.writtenQuestionIds, copy!.id] },
        input.version ?? test.version,
      );
      if (!moved) throw conflict();
      return await updateTest(deps.db, user, test.id, { recomputeTotal: true });
    }
    return await updateTest(deps.db, user, test.id, {
      questionIds: [...test.questionIds, copy!.id],
      version: input.version ?? test.version,
      // The test's marks follow its questions: a 25-mark problem added to an empty test makes 25 marks.
      recomputeTotal: true,
    });
  } catch (err) {
    await deps.db.delete(table).where(eq(table.id, copy!.id));
    throw err;
  }
}
