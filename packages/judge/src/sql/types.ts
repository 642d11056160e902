/** An SQL problem (issue 25): the DDL every case starts from and whether the rows' order counts. */
export interface SqlSpec {
  /** CREATE statements run on a fresh in-memory database before the case's own data. */
  schema: string;
  /** Rows must come in the expected order; otherwise the rows are compared as a multiset. */
  orderMatters?: boolean;
}
