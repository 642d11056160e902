/** Library queries: one query per page, tenant-scoped like tests.access.ts (same company, or creator without one). */
import type { TLibraryQuery } from '@assessly/shared';
import type { Database } from '../../db/client';

export interface LibraryRow {
  id: string;
  title: string;
  preview: string;
  tags: string[];
  difficulty: 'easy' | 'medium' | 'hard' | null;
  languages: string[];
  marks: number;
  usageCount: number;
  updatedAt: Date;
  createdByEmail: string | null;
  type: 'stdio' | 'function' | 'sql' | 'project' | 'single' | 'multiple' | 'text';
  total: number;
}

const TABLES = {
  problem: {
    table: 'coding_problems',
    title: 'x.title',
    text: 'x.description',
    languages: `ARRAY(SELECT jsonb_object_keys(x.starter_code) ORDER BY 1)`,
    type: `x.kind`,
  },
  question: {
    table: 'aptitude_questions',
    title: 'x.question_text',
    text: 'x.explanation',
    languages: `ARRAY[]::text[]`,
    type: `(CASE WHEN x.kind = 'text' THEN 'text' WHEN x.correct_answers IS NOT NULL THEN 'multiple' ELSE 'single' END)`,
  },
} as const;

/** Originals only (copies made for tests point back with source_id); usage counts the tests using either. */
export function libraryPage(
  database: Database,
  viewer: { companyId: string | null; userId: string },
  q: TLibraryQuery,
) {
  const t = TABLES[q.kind];
  const params: unknown[] = [viewer.companyId, viewer.userId];
  const where = [
    `(x.company_id = $1::uuid OR (x.company_id IS NULL AND x.created_by = $2::uuid))`,
    'x.source_id IS NULL',
    // a copy of a starter item (issue 25) is a test's copy too, not an original of the company's library
    'x.starter_slug IS NULL',
  ];
  if (q.q) {
    params.push(`%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(`(${t.title} ILIKE $${params.length} OR ${t.text} ILIKE $${params.length})`);
  }
  if (q.tag) {
    params.push(JSON.stringify([q.tag]));
    where.push(`x.tags @> $${params.length}::jsonb`);
  }
  if (q.difficulty) {
    params.push(q.difficulty);
    where.push(`x.difficulty = $${params.length}`);
  }
  if (q.type) {
    params.push(q.type);
    where.push(`${t.type} = $${params.length}`);
  }
  if (q.language && q.kind === 'problem') {
    params.push(q.language);
    where.push(`x.starter_code ? $${params.length}`);
  }
  params.push(q.pageSize, (q.page - 1) * q.pageSize);
  return database.query<LibraryRow>(
    `SELECT x.id, ${t.title} AS title, left(${t.text}, 240) AS preview, x.tags, x.difficulty,
            ${t.languages} AS languages, ${t.type} AS type, x.marks, x.updated_at AS "updatedAt", u.email AS "createdByEmail",
            (SELECT count(*)::int FROM tests tt
              WHERE tt.question_ids ?| ARRAY(SELECT c.id::text FROM ${t.table} c WHERE c.id = x.id OR c.source_id = x.id)
            ) AS "usageCount",
            count(*) OVER ()::int AS total
     FROM ${t.table} x LEFT JOIN users u ON u.id = x.created_by
     WHERE ${where.join(' AND ')}
     ORDER BY x.updated_at DESC, x.id
     LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
}

/**
 * The filter values present in the tenant's library of one kind (the originals the page lists): tags, kinds,
 * difficulties and starter code languages, so the page offers no value that matches nothing (issue 46).
 */
export async function libraryFacets(
  database: Database,
  viewer: { companyId: string | null; userId: string },
  kind: 'problem' | 'question',
) {
  const t = TABLES[kind];
  const tenant = `(x.company_id = $1::uuid OR (x.company_id IS NULL AND x.created_by = $2::uuid))
       AND x.source_id IS NULL AND x.starter_slug IS NULL`;
  const [row] = await database.query<{ tags: string[]; types: string[]; difficulties: string[]; languages: string[] }>(
    `SELECT
       ARRAY(SELECT DISTINCT jsonb_array_elements_text(x.tags) FROM ${t.table} x WHERE ${tenant} ORDER BY 1 LIMIT 200) AS tags,
       ARRAY(SELECT DISTINCT ${t.type} FROM ${t.table} x WHERE ${tenant}) AS types,
       ARRAY(SELECT DISTINCT x.difficulty FROM ${t.table} x WHERE ${tenant} AND x.difficulty IS NOT NULL) AS difficulties,
       ARRAY(SELECT DISTINCT l FROM ${t.table} x, LATERAL unnest(${t.languages}) l WHERE ${tenant}) AS languages`,
    [viewer.companyId, viewer.userId],
  );
  return row ?? { tags: [], types: [], difficulties: [], languages: [] };
}
