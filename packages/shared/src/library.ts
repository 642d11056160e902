import { z } from 'zod';

/** Problem and question library (issue 13). */
export const DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export type TDifficulty = (typeof DIFFICULTIES)[number];
export const LIBRARY_KINDS = ['problem', 'question'] as const;
export type TLibraryKind = (typeof LIBRARY_KINDS)[number];

export const ZLibraryQuery = z.object({
  kind: z.enum(LIBRARY_KINDS, { error: 'Choose problems or questions' }).default('problem'),
  q: z.string().trim().max(200).optional(),
  tag: z.string().trim().toLowerCase().max(30).optional(),
  difficulty: z.enum(DIFFICULTIES, { error: 'Choose easy, medium or hard' }).optional(),
  language: z.string().trim().max(20).optional(),
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

export interface TLibraryItem {
  id: string;
  kind: TLibraryKind;
  title: string;
  preview: string;
  tags: string[];
  difficulty: TDifficulty | null;
  /** Problems: the languages it has starter code for. */
  languages: string[];
  marks: number;
  /** Tests that use it or a copy of it. */
  usageCount: number;
  updatedAt: string;
  createdByEmail: string | null;
}

export interface TLibraryPage {
  items: TLibraryItem[];
  total: number;
  page: number;
  pageSize: number;
  tags: string[];
}
