import { describe, expect, it } from 'vitest';
import { insertedRows, parseResultText, schemaTables, ZSqlSpec } from './sql-problems';

describe('SQL problem helpers', () => {
  it('reads the tables of a schema for the preview', () => {
    const tables = schemaTables(`-- shop
CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT NOT NULL, city VARCHAR(40));
create table if not exists "orders" (
  id integer primary key, customer_id integer references customers(id), amount numeric(10, 2) default 0,
  FOREIGN KEY (customer_id) REFERENCES customers(id)
);`);
    expect(tables).toEqual([
      {
        name: 'customers',
        columns: [
          { name: 'id', type: 'INTEGER' },
          { name: 'name', type: 'TEXT' },
          { name: 'city', type: 'VARCHAR(40)' },
        ],
      },
      {
        name: 'orders',
        columns: [
          { name: 'id', type: 'INTEGER' },
          { name: 'customer_id', type: 'INTEGER' },
          { name: 'amount', type: 'NUMERIC(10, 2)' },
        ],
      },
    ]);
  });

  it('reads plain INSERTs as rows and gives up on anything else', () => {
    expect(
      insertedRows("INSERT INTO t VALUES (1, 'it''s', NULL), (2.5, 'b', -3);\ninsert into t (a) values ('x');"),
    ).toEqual([
      {
        table: 't',
        columns: null,
        rows: [
          ['1', "it's", null],
          ['2.5', 'b', '-3'],
        ],
      },
      { table: 't', columns: ['a'], rows: [['x']] },
    ]);
    expect(insertedRows('UPDATE t SET a = 1;')).toBeNull();
    expect(insertedRows('')).toEqual([]);
  });

  it('reads result text with NULL apart from the string NULL', () => {
    expect(parseResultText('a|NULL|\\NULL\nb\\|c|1\n')).toEqual([
      ['a', null, 'NULL'],
      ['b|c', '1'],
    ]);
    expect(ZSqlSpec.safeParse({ schema: '.shell id' }).success).toBe(false);
  });
});
