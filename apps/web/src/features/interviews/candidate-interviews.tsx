/**
 * The live interviews held with one candidate address, for the candidate's record in the dashboard: each with
 * its status, the scorecard (employer side only) and a link to its record and replay.
 */
import type { TInterviewSummary, TScorecard } from '@assessly/shared';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { ApiError, serverMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { interviewsApi } from './interviews-api';
import './interviews.css';

const RECOMMENDATION = { strong_no: 'Strong no', no: 'No', yes: 'Yes', strong_yes: 'Strong yes' } as const;
const STATUS = { scheduled: 'Scheduled', live: 'Live', ended: 'Ended' } as const;

function ScorecardView({ card }: { card: TScorecard }) {
  return (
    <div>
      <p>
        Recommendation: <strong>{RECOMMENDATION[card.recommendation]}</strong>
      </p>
      <ul>
        {card.ratings.map((r) => (
          <li key={r.criterion}>
            {r.criterion}: {r.score} / 5
          </li>
        ))}
      </ul>
      {card.summary && <p className="iv-pre">{card.summary}</p>}
    </div>
  );
}

function when(i: TInterviewSummary): string {
  if (i.endedAt) return `ended ${formatDateTime(i.endedAt)}`;
  if (i.startedAt) return `started ${formatDateTime(i.startedAt)}`;
  if (i.scheduledAt) return `scheduled for ${formatDateTime(i.scheduledAt)}`;
  return `created ${formatDateTime(i.createdAt)}`;
}

export function CandidateInterviews({ email }: { email: string }) {
  const q = useQuery({ queryKey: ['interviews', 'of', email], queryFn: () => interviewsApi.ofCandidate(email) });
  // A colleague whose role does not read interviews simply has no such section.
  if (q.isError && q.error instanceof ApiError && q.error.status === 403) return null;
  return (
    <section className="card rv-section" aria-labelledby="interviews-h">
      <h2 id="interviews-h">Live interviews</h2>
      {q.isPending && <p className="muted">Loading interviews…</p>}
      {q.isError && (
        <p className="alert alert-error">{serverMessage(q.error, 'The interviews could not be loaded.')}</p>
      )}
      {q.data?.length === 0 && <p className="muted">No live interview with this candidate.</p>}
      {q.data?.map((i) => (
        <article key={i.id} className="iv-record" aria-label={`Interview: ${i.title}`}>
          <h3>
            {i.title}{' '}
            <span className="muted">
              · {STATUS[i.status]}, {when(i)}
            </span>
          </h3>
          {i.scorecard ? <ScorecardView card={i.scorecard} /> : <p className="muted">No scorecard yet.</p>}
          <Link to={`/admin/interviews/${i.id}`}>
            {i.status === 'ended' ? 'Interview record and replay' : 'Interview record'}
          </Link>
        </article>
      ))}
    </section>
  );
}
