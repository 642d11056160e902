import { languageName } from '@assessly/shared';
/** /admin/similarity/:testId: flagged pairs of submissions, side by side with the matching lines marked. */
import { Link, useParams } from 'react-router-dom';
import { PageSpinner } from '../../app/page-spinner';
import { useSimilarity } from './review-api';
import { CodeBlock, ErrorScreen } from './review-ui';
import './review.css';

export function SimilarityPage() {
  const { testId = '' } = useParams();
  const q = useSimilarity(testId);
  if (q.isPending) return <PageSpinner label="Comparing submissions..." />;
  if (q.isError) return <ErrorScreen message={q.error.message} onRetry={() => q.refetch()} />;
  const { pairs, threshold, containmentThreshold, comparedSubmissions } = q.data;
  return (
    <main className="container rv-page">
      <p className="rv-nav">
        <Link to={`/admin/tests/${testId}/results`}>← Results</Link>
        <Link to="/admin/submission">Dashboard</Link>
      </p>
      <h1>Code similarity</h1>
      <div className="alert alert-info" role="note">
        Each candidate's latest submission per problem is compared with every other one in the same language (winnowed
        fingerprints of the normalised code: names, comments and layout do not matter; the problem's starter code and
        lines that most submissions share are ignored). Listed: pairs sharing {threshold}% or more of their fingerprints
        {containmentThreshold != null && (
          <>, or where {containmentThreshold}% or more of the smaller program is found in the other</>
        )}
        . A flag is evidence for a human reviewer, never a verdict: short or standard solutions can look alike.
      </div>
      <p className="muted">{comparedSubmissions} submissions compared.</p>
      {pairs.length === 0 ? (
        <section className="card rv-empty">
          <h2>No suspicious pairs</h2>
          <p className="muted">No two submissions are similar enough to flag.</p>
        </section>
      ) : (
        pairs.map((p) => (
          <section
            key={`${p.a.submissionId}-${p.b.submissionId}`}
            className="card rv-section rv-evidence"
            aria-label={`${p.a.name} and ${p.b.name}`}
          >
            <h2 style={{ marginTop: 0 }}>
              {p.problemTitle}: {p.score}% similar
              {p.reason === 'containment' && ` (${p.containment}% of the smaller program contained)`}
            </h2>
            <p className="muted">
              {p.a.name} and {p.b.name} · {p.containment}% of the smaller program is found in the other. Marked lines
              match.
            </p>
            <div className="rv-side">
              {[p.a, p.b].map((s) => (
                <div key={s.submissionId}>
                  <h3>
                    {s.name}{' '}
                    <span className="muted">
                      ({s.email}, {languageName(s.language)})
                    </span>
                  </h3>
                  {s.attemptId && (
                    <p>
                      <Link to={`/admin/reports/${s.attemptId}`}>Open report</Link>
                    </p>
                  )}
                  <CodeBlock code={s.code} highlight={s.lines} label={`Code of ${s.name}`} />
                </div>
              ))}
            </div>
          </section>
        ))
      )}
    </main>
  );
}
