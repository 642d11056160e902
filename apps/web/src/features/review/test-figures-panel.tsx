/**
 * Per-test figures on the results page (issue 26): the funnel, the score distribution with percentiles and the
 * per-question figures. Charts are SVG with a text alternative, and every number is also written beside them.
 */
import type { TTestFigures } from '@assessly/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

function Bars({ label, items }: { label: string; items: { name: string; value: number }[] }) {
  const max = Math.max(1, ...items.map((i) => i.value));
  const rowH = 22;
  return (
    <svg
      className="rv-chart"
      role="img"
      aria-label={`${label}: ${items.map((i) => `${i.name} ${i.value}`).join(', ')}`}
      viewBox={`0 0 320 ${items.length * rowH}`}
      width="100%"
      style={{ maxWidth: 480 }}
    >
      {items.map((item, i) => (
        <g key={item.name} transform={`translate(0 ${i * rowH})`}>
          <text x={0} y={15} fontSize={12} fill="currentColor">
            {item.name}
          </text>
          <rect x={90} y={4} height={14} width={(item.value / max) * 190} fill="var(--primary, #2563eb)" rx={2} />
          <text x={90 + (item.value / max) * 190 + 4} y={15} fontSize={12} fill="currentColor">
            {item.value}
          </text>
        </g>
      ))}
    </svg>
  );
}

export function TestFiguresPanel({ testId }: { testId: string }) {
  const q = useQuery({
    queryKey: ['review', 'figures', testId],
    queryFn: () => api<TTestFigures>(`/api/review/tests/${testId}/figures`),
  });
  return (
    <section className="card rv-section" aria-labelledby="figures-h">
      <div className="row" style={{ justifyContent: 'space-between' }}>
        <h2 id="figures-h">Figures</h2>
        <a className="btn btn-outline btn-sm no-print" href={`/api/review/tests/${testId}/figures.csv`} download>
          Download figures (CSV)
        </a>
      </div>
      {q.isPending ? (
        <p className="muted">Loading figures…</p>
      ) : q.isError ? (
        <p className="alert alert-error" role="alert">
          {q.error.message}
        </p>
      ) : (
        <Figures f={q.data} />
      )}
    </section>
  );
}

function Figures({ f }: { f: TTestFigures }) {
  const { funnel, distribution: d } = f;
  return (
    <>
      <h3>Funnel</h3>
      <Bars
        label="Candidates at each stage"
        items={[
          { name: 'Invited', value: funnel.invited },
          { name: 'Started', value: funnel.started },
          { name: 'Completed', value: funnel.completed },
        ]}
      />
      <p>
        {funnel.invited} invited · {funnel.started} started · {funnel.completed} completed
      </p>
      <h3>Score distribution</h3>
      {d.count === 0 ? (
        <p className="muted">No candidate has completed the test yet.</p>
      ) : (
        <>
          <Bars
            label="Completed attempts per score band"
            items={d.bands.map((b) => ({ name: `${b.from}–${b.to}%`, value: b.count }))}
          />
          {d.percentiles && (
            <p>
              {d.count} completed · 25th percentile {d.percentiles.p25}% · median {d.percentiles.p50}% · 75th{' '}
              {d.percentiles.p75}% · 90th {d.percentiles.p90}%
            </p>
          )}
        </>
      )}
      <h3>Per question</h3>
      {f.questions.length === 0 ? (
        <p className="muted">This test has no questions.</p>
      ) : (
        <div className="rv-table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Question</th>
                <th scope="col">Attempted</th>
                <th scope="col">Average score</th>
                <th scope="col">Fully right</th>
                <th scope="col">Most common wrong answer</th>
              </tr>
            </thead>
            <tbody>
              {f.questions.map((q) => (
                <tr key={q.id}>
                  <td>{q.title}</td>
                  <td>
                    {q.attempted}
                    {(q.awaitingGrading ?? 0) > 0 && ` (${q.awaitingGrading} awaiting grading)`}
                  </td>
                  <td>{q.averageScore === null ? '—' : `${q.averageScore} / ${q.maxScore}`}</td>
                  <td>{q.passRate === null ? '—' : `${q.passRate}%`}</td>
                  <td>{q.commonWrongAnswer ? `${q.commonWrongAnswer.option} (${q.commonWrongAnswer.count})` : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
