export { judgeProject, PROJECT_LIMITS, type ProjectContext, safeProjectPath } from './judge-project';
export { parseJunit } from './junit';
export { parseTestCommand, STACKS, type StackDef, type StackInfo } from './stacks';
export * from './types';
