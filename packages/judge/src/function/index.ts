export {
  functionProgram,
  functionStarter,
  functionStarters,
  hasFunctionGenerator,
  registerGenerator,
} from './generators';
export { type JsonValue, parseJsonExact } from './json';
export { judgeFunction, readRecord } from './judge-function';
export {
  FUNCTION_LANGUAGES,
  type FunctionLanguage,
  type FunctionSignature,
  type FunctionSpec,
  VALUE_TYPES,
  type ValueType,
} from './types';
export { parseArguments, parseTyped, sameValue, toJsonText, type Value } from './values';
