export {
  COMPARE_MODES,
  type CompareMode,
  type CompareRule,
  compareOutput,
  normaliseLines,
  parseFloatToken,
} from './compare';
export {
  FUNCTION_LANGUAGES,
  type FunctionLanguage,
  type FunctionSignature,
  type FunctionSpec,
  functionProgram,
  functionStarter,
  functionStarters,
  hasFunctionGenerator,
  parseArguments,
  parseJsonExact,
  parseTyped,
  sameValue,
  toJsonText,
  VALUE_TYPES,
  type ValueType,
} from './function/index';
export { createJudge } from './judge';
export { startJudgeProcess } from './judge-process';
export {
  PROJECT_LIMITS,
  PROJECT_STACKS,
  type ProjectCase,
  type ProjectFile,
  type ProjectOutcome,
  type ProjectRequest,
  type ProjectResult,
  type ProjectStack,
  type ProjectVerdict,
  parseJunit,
  parseTestCommand,
  STACKS,
  type StackInfo,
  safeProjectPath,
} from './project/index';
export { type Cell, MAX_SQL, parseRowsText, type Rows, rowsText, type SqlSpec, sameRows } from './sql/index';
export type {
  CaseResult,
  CreateJudgeOptions,
  IsolationInfo,
  Judge,
  JudgeCase,
  JudgeLanguage,
  JudgeRequest,
  JudgeResult,
  Language,
  LanguageInfo,
  Verdict,
} from './types';
export { JudgeQueueFullError, LANGUAGES } from './types';
