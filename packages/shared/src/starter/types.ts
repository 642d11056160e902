/**
 * The starter library's item format (issue 25): one small module per item in this folder, listed in index.ts.
 * Every company reads these; adding one to a test copies it like any library item. The SQL problems of
 * ../starter-sql/ join the list the same way (one module each, added to STARTER_ITEMS).
 */
import type { TFunctionSignature } from '../function-problems';
import type { TStarterSqlProblem } from '../starter-sql/types';

export type TStarterDifficulty = 'easy' | 'medium' | 'hard';

interface StarterBase {
  /** Stable, unique, kebab-case: a copy remembers its starter item by it. */
  slug: string;
  difficulty: TStarterDifficulty;
  /** Skills, lower case (the library's tag filter). */
  tags: string[];
  marks: number;
}

/** A function problem with a checked model solution and a known-wrong one that its hidden cases catch. */
export interface TStarterFunctionProblem extends StarterBase {
  kind: 'function';
  title: string;
  description: string;
  constraints: string[];
  signature: TFunctionSignature;
  examples: { input: string; output: string }[];
  /** Hidden cases: among them, the ones that catch the usual wrong answers (knownWrong.catches). */
  testCases: { input: string; output: string }[];
  unorderedResult?: boolean;
  floatTolerance?: number;
  model: { language: 'python'; code: string };
  knownWrong: { language: 'python'; code: string; catches: string };
}

/**
 * A standard input/output problem (issue 46): the program reads stdin and prints the answer, compared token by
 * token. A checked model solution and a known-wrong one that its hidden cases catch, as for function problems.
 */
export interface TStarterStdioProblem extends StarterBase {
  kind: 'stdio';
  title: string;
  description: string;
  constraints: string[];
  examples: { input: string; output: string }[];
  testCases: { input: string; output: string }[];
  model: { language: 'python'; code: string };
  knownWrong: { language: 'python'; code: string; catches: string };
}

/** A single-answer (correctAnswer) or multiple-answer (correctAnswers with scoring) question. */
export interface TStarterChoiceQuestion extends StarterBase {
  kind: 'choice';
  questionText: string;
  options: string[];
  correctAnswer?: number;
  correctAnswers?: number[];
  scoring?: 'all' | 'partial';
  explanation: string;
}

/** A written question graded by a reviewer against its rubric. */
export interface TStarterWrittenQuestion extends StarterBase {
  kind: 'text';
  questionText: string;
  rubric: string;
}

/** An SQL problem of ../starter-sql/ (its model and known-wrong queries checked on the real judge). */
export type TStarterSqlItem = TStarterSqlProblem & { kind: 'sql' };

export type TStarterItem =
  | TStarterFunctionProblem
  | TStarterStdioProblem
  | TStarterSqlItem
  | TStarterChoiceQuestion
  | TStarterWrittenQuestion;

/** The starter items that are coding problems (function, standard input/output or SQL). */
export type TStarterProblem = TStarterFunctionProblem | TStarterStdioProblem | TStarterSqlItem;
