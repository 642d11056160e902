/**
 * A starter SQL problem (issue 25): everything a coding problem of kind `sql` needs, a model solution that
 * passes every case and a known-wrong solution that the cases catch (starter-sql.test.ts checks both on the
 * real judge).
 */
export interface TStarterSqlProblem {
  /** Stable id within the starter library. */
  slug: string;
  title: string;
  description: string;
  constraints: string[];
  difficulty: 'easy' | 'medium' | 'hard';
  /** Skill tags for library search. */
  tags: string[];
  marks: number;
  /** The DDL every case starts from. */
  schema: string;
  orderMatters: boolean;
  examples: { input: string; output: string }[];
  testCases: { input: string; output: string }[];
  solution: string;
  wrongSolution: string;
}
