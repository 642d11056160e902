/** The starter library's SQL problems (issue 25): one file per problem, each checked on the real judge. */
import { customersWithoutOrders } from './customers-without-orders';
import { filmReviewSummary } from './film-review-summary';
import { runningBalance } from './running-balance';
import { secondHighestSalary } from './second-highest-salary';
import type { TStarterSqlProblem } from './types';

export type { TStarterSqlProblem } from './types';

export const STARTER_SQL_PROBLEMS: readonly TStarterSqlProblem[] = [
  customersWithoutOrders,
  filmReviewSummary,
  secondHighestSalary,
  runningBalance,
];
