export { dotCommandLine, judgeSql } from './judge-sql';
export { MAX_SQL } from './plan';
export { type Cell, parseRowsText, type Rows, rowsText, sameRows } from './result-text';
export type { SqlSpec } from './types';
