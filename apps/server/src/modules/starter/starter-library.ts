/**
 * The starter library (issue 25) on the server: the items of packages/shared/src/starter, read by every company and
 * never stored as rows of their own. Each has a stable id derived from its slug; adding one to a test inserts a
 * copy owned by the company that names the item by slug (starter_slug), so usage counts follow it.
 */
import { createHash } from 'node:crypto';
import {
  DIFFICULTIES,
  isStarterProblem,
  LIBRARY_TYPES,
  STARTER_ITEMS,
  type TLibraryItem,
  type TLibraryPage,
  type TLibraryQuery,
  type TLibraryType,
  type TStarterItem,
  ZAptitudeQuestionInput,
  ZCodingProblemInput,
} from '@assessly/shared';
import type { Database } from '../../db/client';
import { toQuestionValues } from '../aptitude-questions/aptitude-questions.service';
import { toProblemValues } from '../coding-problems/coding-problems.service';

/** A UUID (version 5 layout) from the slug: the same for every server and every run. */
export function starterId(slug: string): string {
  const h = createHash('sha1').update(`assessly-starter:${slug}`).digest();
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

const byId = new Map(STARTER_ITEMS.map((i) => [starterId(i.slug), i]));

export function findStarterItem(id: string): TStarterItem | null {
  return byId.get(id) ?? null;
}

const libraryKindOf = (i: TStarterItem) => (isStarterProblem(i) ? 'problem' : 'question');

export function typeOf(i: TStarterItem): TLibraryType {
  if (isStarterProblem(i)) return i.kind;
  if (i.kind === 'text') return 'text';
  return i.correctAnswers ? 'multiple' : 'single';
}

const titleOf = (i: TStarterItem) => (isStarterProblem(i) ? i.title : i.questionText);
const textOf = (i: TStarterItem) =>
  isStarterProblem(i) ? i.description : i.kind === 'text' ? i.rubric : i.explanation;

/** One page of the starter library, filtered like the company's own (search, tag, difficulty, kind). */
export async function starterPage(
  database: Database,
  viewer: { companyId: string | null; userId: string },
  q: TLibraryQuery,
): Promise<Omit<TLibraryPage, 'page' | 'pageSize'>> {
  const ofKind = STARTER_ITEMS.filter((i) => libraryKindOf(i) === q.kind);
  const needle = q.q?.toLowerCase();
  const matching = ofKind.filter(
    (i) =>
      (!needle || titleOf(i).toLowerCase().includes(needle) || textOf(i).toLowerCase().includes(needle)) &&
      (!q.tag || i.tags.includes(q.tag)) &&
      (!q.difficulty || i.difficulty === q.difficulty) &&
      (!q.type || typeOf(i) === q.type),
  );
  const page = matching.slice((q.page - 1) * q.pageSize, q.page * q.pageSize);
  const usage = await starterUsage(
    database,
    viewer,
    q.kind,
    page.map((i) => i.slug),
  );
  return {
    items: page.map((i) => {
      const id = starterId(i.slug);
      return {
        id,
        kind: q.kind,
        type: typeOf(i),
        starter: true,
        title: titleOf(i),
        preview: textOf(i).slice(0, 240),
        tags: i.tags,
        difficulty: i.difficulty,
        // a function problem's starter and harness are generated for every judge language
        languages: [],
        marks: i.marks,
        usageCount: usage.get(i.slug) ?? 0,
        updatedAt: new Date(0).toISOString(),
        createdByEmail: null,
      };
    }),
    total: matching.length,
    tags: [...new Set(ofKind.flatMap((i) => i.tags))].sort(),
    types: LIBRARY_TYPES.filter((t) => ofKind.some((i) => typeOf(i) === t)),
    difficulties: DIFFICULTIES.filter((d) => ofKind.some((i) => i.difficulty === d)),
    languages: [],
  };
}

/** How many of the company's tests use a copy of each starter item (by slug). */
async function starterUsage(
  database: Database,
  viewer: { companyId: string | null; userId: string },
  kind: 'problem' | 'question',
  slugs: string[],
) {
  if (slugs.length === 0) return new Map<string, number>();
  const table = kind === 'problem' ? 'coding_problems' : 'aptitude_questions';
  const rows = await database.query<{ id: string; n: number }>(
    `SELECT c.starter_slug AS id, count(DISTINCT t.id)::int AS n
     FROM ${table} c JOIN tests t ON t.question_ids ? c.id::text
     WHERE (c.company_id = $1::uuid OR (c.company_id IS NULL AND c.created_by = $2::uuid))
       AND c.starter_slug = ANY($3::text[])
     GROUP BY c.starter_slug`,
    [viewer.companyId, viewer.userId, slugs],
  );
  return new Map(rows.map((r) => [r.id, r.n]));
}

/** The columns of a company's copy of a starter item, checked by the same rules as the builder's. */
export function starterCopyValues(item: TStarterItem) {
  const meta = { tags: item.tags, difficulty: item.difficulty, starterSlug: item.slug };
  if (item.kind === 'function') {
    const parsed = ZCodingProblemInput.parse({
      ...item,
      solution: item.model.code,
      solutionLanguage: item.model.language,
      comparisonMode: item.floatTolerance ? 'float' : undefined,
    });
    return { table: 'problem' as const, values: { ...toProblemValues(parsed), ...meta } };
  }
  if (item.kind === 'stdio') {
    const parsed = ZCodingProblemInput.parse({
      kind: 'stdio',
      title: item.title,
      description: item.description,
      constraints: item.constraints,
      marks: item.marks,
      examples: item.examples,
      testCases: item.testCases,
      solution: item.model.code,
      solutionLanguage: item.model.language,
    });
    return { table: 'problem' as const, values: { ...toProblemValues(parsed), ...meta } };
  }
  if (item.kind === 'sql') {
    const parsed = ZCodingProblemInput.parse({
      kind: 'sql',
      title: item.title,
      description: item.description,
      constraints: item.constraints,
      marks: item.marks,
      sql: { schema: item.schema },
      orderMatters: item.orderMatters,
      examples: item.examples,
      testCases: item.testCases,
      solution: item.solution,
      solutionLanguage: 'sql',
    });
    return { table: 'problem' as const, values: { ...toProblemValues(parsed), ...meta } };
  }
  return { table: 'question' as const, values: { ...toQuestionValues(ZAptitudeQuestionInput.parse(item)), ...meta } };
}
