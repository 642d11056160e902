/** /admin/tests/:id/invite: invite candidates to one test and follow their progress. */
import { Link, useParams } from 'react-router-dom';
import { InvitePanel } from './invite-panel';
import './review.css';

export function InvitePage() {
  const { testId = '' } = useParams();
  return (
    <main className="container rv-page">
      <p className="rv-nav">
        <Link to="/admin/submission">← Dashboard</Link>
        <Link to={`/admin/tests/${testId}/results`}>Results</Link>
        <Link to="/admin/templates">Email templates</Link>
      </p>
      <h1>Invite candidates</h1>
      <InvitePanel testId={testId} />
    </main>
  );
}
