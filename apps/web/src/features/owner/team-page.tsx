import {
  COMPANY_ROLES,
  INVITABLE_ROLES,
  ROLE_LABELS,
  type TCompanyInvite,
  type TCompanyMember,
  type TCompanyRole,
  type TInvitableRole,
  ZInviteColleague,
} from '@assessly/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { toast } from 'react-toastify';
import { PageSpinner } from '../../app/page-spinner';
import { ApiError, serverMessage } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { changeMemberRole, inviteColleague, readMyCompany, removeMember, revokeColleagueInvite } from './owner-api';
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
              <p className="muted">
                Owners and admins manage members and settings; recruiters author tests, invite and review; reviewers
                read results and write notes.
              </p>
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
                        {team.data.isAdmin ? (
                          <MemberControls member={m} myRole={team.data.myRole ?? 'recruiter'} />
                        ) : (
                          <span className="badge">{ROLE_LABELS[m.companyRole ?? 'owner']}</span>
                        )}
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

/** Role select and Remove for one member (owners and admins only; the server enforces the owner rules). */
function MemberControls({ member, myRole }: { member: TCompanyMember; myRole: TCompanyRole }) {
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const name = `${member.firstName} ${member.lastName}`.trim() || member.email;
  const roles = myRole === 'owner' ? COMPANY_ROLES : COMPANY_ROLES.filter((r) => r !== 'owner');
  const run = async (fn: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await fn();
      toast.success(done);
      await qc.invalidateQueries({ queryKey: TEAM_KEY });
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : 'Could not reach the server.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="row">
      <select
        aria-label={`Role of ${name}`}
        value={member.companyRole ?? 'owner'}
        disabled={busy || (member.companyRole === 'owner' && myRole !== 'owner')}
        onChange={(e) => {
          const role = e.target.value as TCompanyRole;
          void run(() => changeMemberRole(member.id, role), `${name} is now ${ROLE_LABELS[role].toLowerCase()}`);
        }}
      >
        {(member.companyRole === 'owner' && myRole !== 'owner' ? COMPANY_ROLES : roles).map((r) => (
          <option key={r} value={r}>
            {ROLE_LABELS[r]}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="btn btn-outline btn-sm"
        aria-label={`Remove ${name}`}
        disabled={busy}
        onClick={() => {
          if (window.confirm(`Remove ${name} from the company? They are signed out at once.`))
            void run(() => removeMember(member.id), `${name} was removed`);
        }}
      >
        Remove
      </button>
    </div>
  );
}

function InviteSection({ invitations }: { invitations: TCompanyInvite[] }) {
  const qc = useQueryClient();
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [role, setRole] = useState<TInvitableRole>('recruiter');
  const form = useForm({ resolver: zodResolver(ZInviteColleague.pick({ email: true })), defaultValues: { email: '' } });
  const error = form.formState.errors.email?.message;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setSent(null);
    setFailure(null);
    try {
      const invite = await inviteColleague(email, role);
      setSent(`Invitation sent to ${invite.email}.`);
      form.reset();
      await qc.invalidateQueries({ queryKey: TEAM_KEY });
    } catch (err) {
      setFailure(serverMessage(err, 'Could not reach the server. Please try again.'));
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
        <div className="field">
          <label htmlFor="invite-role">Role</label>
          <select id="invite-role" value={role} onChange={(e) => setRole(e.target.value as TInvitableRole)}>
            {INVITABLE_ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </select>
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
            <li key={i.id ?? i.email}>
              {i.email}{' '}
              <span className="muted">
                · {ROLE_LABELS[i.role ?? 'recruiter']} · expires {formatDate(i.expiresAt)}
              </span>{' '}
              {i.id && (
                <button
                  type="button"
                  className="btn btn-outline btn-sm"
                  aria-label={`Revoke invitation to ${i.email}`}
                  onClick={async () => {
                    try {
                      await revokeColleagueInvite(i.id!);
                      toast.success(`Invitation to ${i.email} revoked`);
                      await qc.invalidateQueries({ queryKey: TEAM_KEY });
                    } catch (err) {
                      toast.error(err instanceof ApiError ? err.message : 'Could not reach the server.');
                    }
                  }}
                >
                  Revoke
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
