/** A company with one member of every role, made through the real API (registration, verification, team invitations). */
import type { TestApp } from '../../../test/build-test-app';
import { type SignedInUser, sessionCookie, uniqueEmail } from '../../../test/factories';
import { tokenFromOutbox, validRegistration } from './companies.fixtures';

export type Role = 'owner' | 'admin' | 'recruiter' | 'reviewer';
export type Team = Record<Role, SignedInUser>;

const PASSWORD = 'Hiring-2-team';

export async function registerVerifiedOwner(t: TestApp, opts: { verify?: boolean } = {}): Promise<SignedInUser> {
  const form = validRegistration({ password: PASSWORD });
  const res = await t.app.inject({ method: 'POST', url: '/api/register-company', payload: form });
  if (res.statusCode !== 201) throw new Error(res.body);
  const email = String(form.adminEmail);
  if (opts.verify ?? true) {
    const token = await tokenFromOutbox(t.deps.database.query.bind(t.deps.database), email, '/verify-email');
    const ok = await t.app.inject({ method: 'POST', url: '/api/users/verify-email', payload: { token } });
    if (ok.statusCode !== 200) throw new Error(ok.body);
  }
  return {
    id: res.json().user.id,
    email,
    password: PASSWORD,
    role: 'employer',
    cookie: sessionCookie(res),
    companyId: res.json().company.id,
  };
}

export async function joinAs(t: TestApp, inviter: SignedInUser, role: Exclude<Role, 'owner'>): Promise<SignedInUser> {
  const email = uniqueEmail(role);
  const invite = await t.app.inject({
    method: 'POST',
    url: '/api/companies/invitations',
    headers: { cookie: inviter.cookie },
    payload: { email, role },
  });
  if (invite.statusCode !== 201) throw new Error(invite.body);
  const token = await tokenFromOutbox(t.deps.database.query.bind(t.deps.database), email, '/join');
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/companies/invitations/${token}/accept`,
    payload: { firstName: role, lastName: 'Member', password: PASSWORD },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return {
    id: res.json().id,
    email,
    password: PASSWORD,
    role: 'employer',
    cookie: sessionCookie(res),
    companyId: res.json().companyId,
  };
}

export async function buildTeam(t: TestApp): Promise<Team> {
  const owner = await registerVerifiedOwner(t);
  return {
    owner,
    admin: await joinAs(t, owner, 'admin'),
    recruiter: await joinAs(t, owner, 'recruiter'),
    reviewer: await joinAs(t, owner, 'reviewer'),
  };
}
