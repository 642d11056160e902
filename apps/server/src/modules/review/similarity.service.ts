/**
 * Similarity over a test: for each coding problem, each candidate's latest submission is fingerprinted
 * (minus the problem's starter code) and compared with every other candidate's submission in the same
 * language family. Pairs over the threshold are returned for a human to look at side by side.
 */
import type { TSimilarityPair, TSimilarityReport } from '@assessly/shared';
import type { TestRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { functionStarterCode } from '../coding-problems/function-problems';
import { type LatestCodeRow, latestCodePerProblem, testProblems } from './review.repo';
import {
  CONTAINMENT_THRESHOLD,
  compareFingerprints,
  type Fingerprinted,
  FLAG_THRESHOLD,
  fingerprintCode,
  isFlagged,
  languageFamily,
  withoutCommonFingerprints,
} from './similarity';

/** Bounds the pairwise work (n² / 2 comparisons) for one problem. */
export const MAX_SUBMISSIONS_PER_PROBLEM = 600;

export async function findSimilarPairs(deps: Pick<AppDeps, 'database'>, test: TestRow): Promise<TSimilarityReport> {
  const [rows, problems] = await Promise.all([
    latestCodePerProblem(deps.database, test.id),
    testProblems(deps.database, test.id),
  ]);
  const problemById = new Map(problems.map((p) => [p.id, p]));
  const groups = new Map<string, LatestCodeRow[]>();
  for (const r of rows) {
    const key = `${r.questionId}|${languageFamily(r.language)}`;
    const list = groups.get(key) ?? [];
    if (list.length < MAX_SUBMISSIONS_PER_PROBLEM) list.push(r);
    groups.set(key, list);
  }
  const pairs: TSimilarityPair[] = [];
  for (const list of groups.values()) {
    const problem = problemById.get(list[0]!.questionId);
    // a function problem's base file is the generated function stub of each language (issue 25)
    const starter =
      problem?.kind === 'function' && problem.signature
        ? functionStarterCode(problem.signature, problem.starterCode)
        : problem?.starterCode;
    // Starter code (the problem's base file) and lines most submissions share are not evidence.
    const prints: Fingerprinted[] = withoutCommonFingerprints(
      list.map((r) => fingerprintCode(r.code, r.language, starterFor(starter, r.language))),
    );
    for (let i = 0; i < list.length; i++) {
      for (let j = i + 1; j < list.length; j++) {
        const a = list[i]!;
        const b = list[j]!;
        if (a.userId === b.userId) continue;
        const c = compareFingerprints(prints[i]!, prints[j]!);
        if (!isFlagged(c, prints[i]!, prints[j]!)) continue;
        pairs.push({
          questionId: a.questionId,
          questionNumber: a.questionNumber,
          problemTitle: problem?.title ?? `Problem ${a.questionNumber + 1}`,
          score: c.score,
          containment: c.containment,
          reason: c.score >= FLAG_THRESHOLD ? 'similarity' : 'containment',
          a: side(a, c.linesA),
          b: side(b, c.linesB),
        });
      }
    }
  }
  pairs.sort((p, q) => q.score - p.score || p.questionNumber - q.questionNumber);
  return {
    testId: test.id,
    threshold: FLAG_THRESHOLD,
    containmentThreshold: CONTAINMENT_THRESHOLD,
    pairs,
    comparedSubmissions: rows.length,
  };
}

function starterFor(starter: Record<string, string> | undefined, language: string): string | null {
  if (!starter) return null;
  if (starter[language]) return starter[language]!;
  const family = languageFamily(language);
  const key = Object.keys(starter).find(
    (k) => k.toLowerCase() === language.toLowerCase() || languageFamily(k) === family,
  );
  return key ? starter[key]! : null;
}

function side(r: LatestCodeRow, lines: number[]) {
  return {
    submissionId: r.id,
    attemptId: r.attemptId,
    userId: r.userId,
    name: `${r.firstName} ${r.lastName}`.trim() || r.email,
    email: r.email,
    language: r.language,
    code: r.code,
    lines,
  };
}

/** How many flagged pairs each user appears in (for the results table and the CSV). */
export function flagsByUser(report: TSimilarityReport): Map<string, number> {
  const m = new Map<string, number>();
  for (const p of report.pairs) {
    m.set(p.a.userId, (m.get(p.a.userId) ?? 0) + 1);
    m.set(p.b.userId, (m.get(p.b.userId) ?? 0) + 1);
  }
  return m;
}
