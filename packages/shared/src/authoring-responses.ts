/** Answers of the coding-problem authoring routes beyond the problem itself (issue 11's check, versions). */
import { z } from 'zod';
import { ZResultItem, ZVerdict } from './submissions';

/** POST /api/coding-tests/{id}/check: the model solution judged against every example and hidden case. */
export const ZSolutionCheckResult = z.object({
  verdict: ZVerdict,
  passedCount: z.number(),
  totalCount: z.number(),
  compileOutput: z.string().nullable(),
  results: z.array(ZResultItem),
  checkedAt: z.string(),
});
export type TSolutionCheckResult = z.infer<typeof ZSolutionCheckResult>;

/** GET /api/coding-tests/{id}/history. */
export const ZProblemHistory = z.object({
  version: z.number(),
  /** Judged submissions whose results belong to an older version (what a re-judge would judge again). */
  outdatedSubmissions: z.number(),
  versions: z.array(
    z.object({ version: z.number(), title: z.string(), testCaseCount: z.number(), createdAt: z.string() }),
  ),
  rejudges: z.array(
    z.object({
      id: z.string(),
      toVersion: z.number(),
      submissionCount: z.number(),
      requestedBy: z.string(),
      createdAt: z.string(),
    }),
  ),
});
export type TProblemHistory = z.infer<typeof ZProblemHistory>;

/** POST /api/coding-tests/{id}/rejudge. */
export const ZRejudgeResult = z.object({ id: z.string(), toVersion: z.number(), submissionCount: z.number() });

/** GET /api/coding-tests/{id}/usage: the tests that list the problem. */
export const ZProblemUsage = z.object({
  problemId: z.string(),
  tests: z.array(z.object({ id: z.string(), testName: z.string() })),
});
