/**
 * The starter library (issue 25): items written for Assessly, under the Creative Commons Attribution 4.0 licence
 * (LICENSE.md in this folder). One module per item; this list is the library every company reads.
 */

import { STARTER_SQL_PROBLEMS } from '../starter-sql';
import { average } from './fn-average';
import { bestTrade } from './fn-best-trade';
import { cleanPalindrome } from './fn-clean-palindrome';
import { countVowels } from './fn-count-vowels';
import { exactTotal } from './fn-exact-total';
import { fewestCoins } from './fn-fewest-coins';
import { fewestHops } from './fn-fewest-hops';
import { longestDistinctRun } from './fn-longest-distinct-run';
import { longestIncreasing } from './fn-longest-increasing';
import { mergeIntervals } from './fn-merge-intervals';
import { pairWithSum } from './fn-pair-with-sum';
import { sumOfEvens } from './fn-sum-of-evens';
import { mcBigOBinarySearch } from './mc-big-o-binary-search';
import { mcCapTheorem } from './mc-cap-theorem';
import { mcGitRebase } from './mc-git-rebase';
import { mcHashMapWorst } from './mc-hash-map-worst';
import { mcHttpIdempotent } from './mc-http-idempotent';
import { mcIndexTradeoff } from './mc-index-tradeoff';
import { mcJsEquality } from './mc-js-equality';
import { mcPythonMutableDefault } from './mc-python-mutable-default';
import { mcRaceCondition } from './mc-race-condition';
import { mcSecurePasswords } from './mc-secure-passwords';
import { mcSqlJoinRows } from './mc-sql-join-rows';
import { mcStackQueue } from './mc-stack-queue';
import { mcTcpVsUdp } from './mc-tcp-vs-udp';
import { balancedBrackets } from './st-balanced-brackets';
import { gridPaths } from './st-grid-paths';
import { maxSubarray } from './st-max-subarray';
import { shortestRoutes } from './st-shortest-routes';
import { wordFrequency } from './st-word-frequency';
import type { TStarterItem, TStarterProblem } from './types';
import { wrApiVersioning } from './wr-api-versioning';
import { wrCachingInvalidation } from './wr-caching-invalidation';
import { wrCodeReview } from './wr-code-review';
import { wrConcurrencyBug } from './wr-concurrency-bug';
import { wrDebugSlowEndpoint } from './wr-debug-slow-endpoint';
import { wrDesignUrlShortener } from './wr-design-url-shortener';
import { wrExplainBigO } from './wr-explain-big-o';
import { wrExplainRecursion } from './wr-explain-recursion';
import { wrExplainToNonTechnical } from './wr-explain-to-non-technical';
import { wrFailureStory } from './wr-failure-story';
import { wrOnboardingCodebase } from './wr-onboarding-codebase';
import { wrPrioritiseBugs } from './wr-prioritise-bugs';
import { wrSecurityInput } from './wr-security-input';
import { wrSqlVsNosql } from './wr-sql-vs-nosql';
import { wrTestingPyramid } from './wr-testing-pyramid';

export type * from './types';

export const STARTER_LICENCE = 'CC BY 4.0';

/** Every starter item, problems first, each difficulty from easy to hard. */
export const STARTER_ITEMS: readonly TStarterItem[] = [
  sumOfEvens,
  cleanPalindrome,
  countVowels,
  bestTrade,
  pairWithSum,
  mergeIntervals,
  longestDistinctRun,
  exactTotal,
  fewestCoins,
  longestIncreasing,
  fewestHops,
  average,
  balancedBrackets,
  wordFrequency,
  maxSubarray,
  gridPaths,
  shortestRoutes,
  ...STARTER_SQL_PROBLEMS.map((p) => ({ ...p, kind: 'sql' as const })),
  mcBigOBinarySearch,
  mcHttpIdempotent,
  mcSqlJoinRows,
  mcGitRebase,
  mcHashMapWorst,
  mcStackQueue,
  mcJsEquality,
  mcPythonMutableDefault,
  mcTcpVsUdp,
  mcIndexTradeoff,
  mcRaceCondition,
  mcCapTheorem,
  mcSecurePasswords,
  wrExplainRecursion,
  wrCodeReview,
  wrDebugSlowEndpoint,
  wrDesignUrlShortener,
  wrSqlVsNosql,
  wrTestingPyramid,
  wrFailureStory,
  wrExplainBigO,
  wrApiVersioning,
  wrConcurrencyBug,
  wrSecurityInput,
  wrOnboardingCodebase,
  wrCachingInvalidation,
  wrPrioritiseBugs,
  wrExplainToNonTechnical,
];

/** Whether a starter item is a coding problem (any kind) rather than a question. */
export function isStarterProblem(i: TStarterItem): i is TStarterProblem {
  return i.kind === 'function' || i.kind === 'stdio' || i.kind === 'sql';
}
