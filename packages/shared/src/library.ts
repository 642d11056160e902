import { z } from 'zod';

/** Problem and question library (issue 13). */
export const DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export type TDifficulty = (typeof DIFFICULTIES)[number];
export const LIBRARY_KINDS = ['problem', 'question'] as const;
export type TLibraryKind = (typeof LIBRARY_KINDS)[number];

/** The kinds of item the library can be searched by (issue 25). */
export const LIBRARY_TYPES = ['stdio', 'function', 'sql', 'project', 'single', 'multiple', 'text'] as const;
export type TLibraryType = (typeof LIBRARY_TYPES)[number];

export const ZLibraryQuery = z.object({
  kind: z.enum(LIBRARY_KINDS, { error: 'Choose problems or questions' }).default('problem'),
  q: z.string().trim().max(200).optional(),
  tag: z.string().trim().toLowerCase().max(30).optional(),
  difficulty: z.enum(DIFFICULTIES, { error: 'Choose easy, medium or hard' }).optional(),
  language: z.string().trim().max(20).optional(),
  /** `company`: the company's own items; `starter`: the starter library every company reads (issue 25). */
  source: z.enum(['company', 'starter'], { error: 'Choose company or starter' }).default('company'),
  /** Search by kind (issue 25): problems stdio or function; questions single, multiple or text (written). */
  type: z.enum(LIBRARY_TYPES, { error: 'Choose a kind of item' }).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type TLibraryQuery = z.infer<typeof ZLibraryQuery>;

const tag = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'Tags cannot be empty')
  .max(30, 'A tag is at most 30 characters')
  .regex(/^[a-z0-9][a-z0-9 +#.-]*$/, 'Tags use letters, digits, spaces and + # . -');

export const ZLibraryMeta = z.object({
  tags: z.array(tag).max(10, 'At most 10 tags').default([]),
  difficulty: z.enum(DIFFICULTIES, { error: 'Choose easy, medium or hard' }).nullable().default(null),
});
export type TLibraryMeta = z.infer<typeof ZLibraryMeta>;

export const ZAddFromLibrary = z.object({
  testId: z.string().uuid('Test not found'),
  kind: z.enum(LIBRARY_KINDS),
  itemId: z.string().uuid('Not found in your library'),
  version: z.number().int().optional(),
});
export type TAddFromLibrary = z.infer<typeof ZAddFromLibrary>;

export const ZLibraryItem = z.object({
  id: z.string(),
  kind: z.enum(LIBRARY_KINDS),
  title: z.string(),
  preview: z.string(),
  tags: z.array(z.string()),
  difficulty: z.enum(DIFFICULTIES).nullable(),
  /** Problems: the languages it has starter code for. */
  languages: z.array(z.string()),
  marks: z.number(),
  /** Tests that use it or a copy of it. */
  usageCount: z.number(),
  updatedAt: z.string(),
  createdByEmail: z.string().nullable(),
  /** Which kind of problem or question it is (issue 25). */
  type: z.enum(LIBRARY_TYPES).optional(),
  /** An item of the starter library (read-only: add it to a test to get your own copy). */
  starter: z.boolean().optional(),
});
export type TLibraryItem = z.infer<typeof ZLibraryItem>;

/** GET /api/library. */
export const ZLibraryPage = z.object({
  items: z.array(ZLibraryItem),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  tags: z.array(z.string()),
  /**
   * The filter values that exist in this source and kind (issue 46): the page offers only these, so no filter
   * value by itself matches nothing. `languages`: starter code languages of the company's problems (the
   * starter library's problems have a template in every language and are not filtered by it: empty).
   */
  types: z.array(z.enum(LIBRARY_TYPES)),
  difficulties: z.array(z.enum(DIFFICULTIES)),
  languages: z.array(z.string()),
});
export type TLibraryPage = z.infer<typeof ZLibraryPage>;

/** PUT /api/library/{kind}/{id} answer. */
export const ZLibraryMetaSaved = z.object({
  id: z.string(),
  tags: z.array(z.string()),
  difficulty: z.enum(DIFFICULTIES).nullable(),
});
