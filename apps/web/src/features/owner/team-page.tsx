import { ZInviteColleague } from '@assessly/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { PageSpinner } from '../../app/page-spinner';
import { ApiError } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { inviteColleague, readMyCompany } from './owner-api';
import './owner.css';

const TEAM_KEY = ['company', 'me'] as const;

/** /admin/team (admin area, employers only): the company's members; a company admin invites colleagues (recruiters) by email. */
export function TeamPage() {
  const team = useQuery({ queryKey: TEAM_KEY, queryFn: readMyCompany });
  return (
    <main className="container owner-team">
      <nav className="owner-team-nav" aria-label="Breadcrumb">
        <Link to="/admin">← Back to Dashboard</Link>
      </nav>
      {team.isPending && <PageSpinner label="Loading your team..." />}
      {team.isError && (
        <p className="alert alert-error" role="alert">
          {team.error instanceof ApiError ? team.error.message : 'Could not load your team.'}
        </p>
      )}
      {team.data && (
        <>
          <header className="owner-team-head">
            {team.data.company.logoUrl && (
              <img src={team.data.company.logoUrl} alt={`${team.data.company.name} logo`} className="owner-team-logo" />
            )}
            <div>
              <h1>{team.data.company.name} — Team</h1>
              <p className="muted">Everyone on this team sees and manages the company's tests and submissions.</p>
            </div>
          </header>
          <section className="card" aria-labelledby="members-title">
            <h2 id="members-title">Members</h2>
            <div className="table-scroll">
              <table className="table">
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Email</th>
                    <th scope="col">Role</th>
                  </tr>
                </thead>
                <tbody>
                  {team.data.members.map((m) => (
                    <tr key={m.id}>
                      <td>
                        {`${m.firstName} ${m.lastName}`.trim() || '—'}
                        {m.designation && <span className="muted"> · {m.designation}</span>}
                      </td>
                      <td>
                        {m.email} {!m.emailVerified && <span className="badge badge-warning">unverified</span>}
                      </td>
                      <td>
                        <span className={`badge${m.companyRole === 'admin' ? '' : ' badge-success'}`}>
                          {m.companyRole === 'admin' ? 'Admin' : 'Recruiter'}
                        </span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
          {team.data.isAdmin && <InviteSection invitations={team.data.invitations} />}
        </>
      )}
    </main>
  );
}

function InviteSection({ invitations }: { invitations: { email: string; expiresAt: string }[] }) {
  const qc = useQueryClient();
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(ZInviteColleague), defaultValues: { email: '' } });
  const error = form.formState.errors.email?.message;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setSent(null);
    setFailure(null);
    try {
      const invite = await inviteColleague(email);
      setSent(`Invitation sent to ${invite.email}.`);
      form.reset();
      await qc.invalidateQueries({ queryKey: TEAM_KEY });
    } catch (err) {
      setFailure(
        err instanceof ApiError && err.status > 0 ? err.message : 'Could not reach the server. Please try again.',
      );
    }
  });

  return (
    <section className="card" aria-labelledby="invite-title">
      <h2 id="invite-title">Invite a colleague</h2>
      <form onSubmit={onSubmit} noValidate className="owner-invite">
        <div className="field">
          <label htmlFor="invite-email">Colleague's email</label>
          <input
            id="invite-email"
            type="email"
            placeholder="colleague@company.com"
            aria-invalid={!!error}
            aria-describedby={error ? 'invite-email-error' : undefined}
            {...form.register('email', { onChange: () => form.clearErrors('email') })}
          />
          {error && (
            <span id="invite-email-error" className="field-error">
              {error}
            </span>
          )}
        </div>
        <button type="submit" className="btn btn-primary" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? 'Sending...' : 'Send Invitation'}
        </button>
      </form>
      {sent && (
        <p className="alert alert-success" role="status">
          {sent}
        </p>
      )}
      {failure && (
        <p className="alert alert-error" role="alert">
          {failure}
        </p>
      )}
      <h3>Pending invitations</h3>
      {invitations.length === 0 ? (
        <p className="muted">No pending invitations.</p>
      ) : (
        <ul className="owner-invites">
          {invitations.map((i) => (
            <li key={i.email}>
              {i.email} <span className="muted">· expires {formatDate(i.expiresAt)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
