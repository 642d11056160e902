/**
 * SQL problems on screen (issue 25): the schema's tables, a case's data and a query result as HTML tables
 * (with captions, for screen readers), used by the candidate page, the results panel and the builder preview.
 */
import { insertedRows, parseResultText, schemaTables, type TResultCell } from '@assessly/shared';
import './sql-tables.css';

function Cell({ v }: { v: TResultCell }) {
  return v === null ? <td className="sql-null">NULL</td> : <td>{v}</td>;
}

function RowsTable({ caption, head, rows }: { caption: string; head?: string[] | null; rows: TResultCell[][] }) {
  return (
    <div className="sql-table-wrap">
      <table className="sql-table">
        <caption>{caption}</caption>
        {head && (
          <thead>
            <tr>
              {head.map((h, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional
                <th key={i} scope="col">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
        )}
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td className="muted">(no rows)</td>
            </tr>
          ) : (
            rows.map((r, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional
              <tr key={i}>
                {r.map((c, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
                  <Cell key={j} v={c} />
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

/** The tables a schema creates: each with its columns and types. */
export function SchemaTables({ schema }: { schema: string }) {
  const tables = schemaTables(schema);
  if (tables.length === 0) return <pre className="taking-pre">{schema}</pre>;
  return (
    <div className="sql-tables" data-testid="schema-tables">
      {tables.map((t) => (
        <RowsTable
          key={t.name}
          caption={t.name}
          head={['Column', 'Type']}
          rows={t.columns.map((c) => [c.name, c.type || '—'])}
        />
      ))}
    </div>
  );
}

/** A case's data (plain INSERTs) as tables; other SQL is shown as it is. */
export function DataTables({ data, schema }: { data: string; schema: string }) {
  const inserted = insertedRows(data);
  if (!inserted) return <pre className="taking-pre">{data}</pre>;
  const tables = schemaTables(schema);
  return (
    <div className="sql-tables">
      {inserted.map((t, i) => (
        <RowsTable
          // biome-ignore lint/suspicious/noArrayIndexKey: one entry per table and column list
          key={i}
          caption={t.table}
          head={t.columns ?? tables.find((s) => s.name === t.table)?.columns.map((c) => c.name) ?? null}
          rows={t.rows}
        />
      ))}
    </div>
  );
}

/** A query result (result text: `|` between values, NULL for null) as a table. */
export function ResultTable({ text, caption }: { text: string; caption: string }) {
  return <RowsTable caption={caption} rows={parseResultText(text)} />;
}

/** The candidate's result beside the expected one (a reviewer's screen names it "Candidate's result"). */
export function ResultsSideBySide({
  expected,
  actual,
  actualCaption = 'Your result',
}: {
  expected: string;
  actual: string;
  actualCaption?: string;
}) {
  return (
    <div className="sql-side-by-side" data-testid="sql-results">
      <ResultTable caption={actualCaption} text={actual} />
      <ResultTable caption="Expected result" text={expected} />
    </div>
  );
}
