import type { TCandidateProblem } from '@assessly/shared';
import './signature-bar.css';

/** Above the editor of a function or SQL problem (issue 25): what to write; a stdio problem shows nothing. */
export function SignatureBar({ problem }: { problem: TCandidateProblem }) {
  const sig = problem.signature;
  if (problem.kind === 'sql')
    return (
      <div className="signature-bar" role="note" aria-label="What to write">
        <code className="mono">SQL (SQLite)</code>
        <span className="muted">
          {' '}
          Write a query over the tables shown; every case starts from a fresh database.
          {problem.orderMatters ? ' Rows must come in the order asked.' : ' Rows may come in any order.'}
        </span>
      </div>
    );
  if (problem.kind !== 'function' || !sig) return null;
  const params = sig.params.map((p) => `${p.name}: ${p.type}`).join(', ');
  return (
    <div className="signature-bar" role="note" aria-label="Function to implement">
      <code className="mono">
        {sig.name}({params}) → {sig.returns}
      </code>
      <span className="muted">
        {' '}
        Return the answer from <code>{sig.name}</code>; nothing is read from input. What you print is shown as debug
        output and is not compared.
        {problem.unorderedResult ? ' The returned list may be in any order.' : ''}
      </span>
    </div>
  );
}
