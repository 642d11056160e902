/**
 * The schema editor of an SQL problem (issue 25): the DDL every case starts from, with a preview of the tables
 * it creates, and whether the result's rows must come in order. Cases are SQL filling the tables (input) and
 * the expected result (output: one row per line, values separated by |, NULL for null).
 */
import { ZSqlSpec } from '@assessly/shared';
import { SchemaTables } from '../taking/sql-tables';

export const DEFAULT_SQL_SCHEMA = `CREATE TABLE employees (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  department TEXT,
  salary INTEGER
);`;

export interface SqlDraft {
  sqlSchema: string;
  orderMatters: boolean;
}

export function SqlFields({
  value,
  onChange,
  idPrefix,
}: {
  value: SqlDraft;
  onChange: (patch: Partial<SqlDraft>) => void;
  idPrefix: string;
}) {
  const checked = ZSqlSpec.safeParse({ schema: value.sqlSchema });
  const problems = checked.success ? [] : checked.error.issues.map((i) => i.message);
  return (
    <div className="card function-signature">
      <div className="field">
        <label htmlFor={`${idPrefix}-sql-schema`}>Schema (SQLite CREATE TABLE statements)</label>
        <textarea
          id={`${idPrefix}-sql-schema`}
          className="input mono"
          rows={6}
          spellCheck={false}
          value={value.sqlSchema}
          aria-describedby={`${idPrefix}-sql-schema-hint`}
          onChange={(e) => onChange({ sqlSchema: e.target.value })}
        />
        <span className="field-hint" id={`${idPrefix}-sql-schema-hint`}>
          Every case starts from a fresh database with these tables; a case&apos;s input is the SQL that fills them
          (INSERT statements), its output the expected result: one row per line, values separated by |, NULL for null,
          numbers as SQLite prints them, no header. &quot;Fill outputs from the model solution&quot; writes them for
          you.
        </span>
      </div>
      {problems.length > 0 ? (
        <ul className="field-error" role="alert">
          {problems.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      ) : (
        <section aria-label="Preview of the tables" data-testid="schema-preview">
          <p className="label">Preview</p>
          <SchemaTables schema={value.sqlSchema} />
        </section>
      )}
      <label>
        <input
          type="checkbox"
          checked={value.orderMatters}
          onChange={(e) => onChange({ orderMatters: e.target.checked })}
        />{' '}
        The rows must come in the expected order (otherwise any order passes)
      </label>
    </div>
  );
}
