import { z } from 'zod';

/** GET /api/review/tests/{testId}/figures: what an employer acts on beyond the list (issue 26). */
export const ZTestFigures = z.object({
  /** invited: invitations sent; started: candidates with an attempt; completed: attempts that ended. */
  funnel: z.object({ invited: z.number(), started: z.number(), completed: z.number() }),
  /** Completed attempts' percentages in ten bands (0–9, 10–19, … 90–100) and nearest-rank percentiles. */
  distribution: z.object({
    count: z.number(),
    bands: z.array(z.object({ from: z.number(), to: z.number(), count: z.number() })),
    percentiles: z.object({ p25: z.number(), p50: z.number(), p75: z.number(), p90: z.number() }).nullable(),
  }),
  questions: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      maxScore: z.number(),
      /** Candidates who answered it (aptitude, written) or have a judged submission for it (coding). */
      attempted: z.number(),
      /** Written questions (issue 46): answers not graded yet; the average and share are of the graded ones. */
      awaitingGrading: z.number().optional(),
      averageScore: z.number().nullable(),
      /** Share (0–100) of those who got it fully right. */
      passRate: z.number().nullable(),
      /** Multiple choice: the wrong option chosen most often and how often. */
      commonWrongAnswer: z.object({ option: z.string(), count: z.number() }).nullable(),
    }),
  ),
});
export type TTestFigures = z.infer<typeof ZTestFigures>;
