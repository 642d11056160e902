/** Calls of the owner area: company registration, email verification, invitations, the team. */
import type {
  TAcceptInvite,
  TCompanyInvite,
  TCompanyMember,
  TCompanyRole,
  TInvitableRole,
  TInviteInfo,
  TMyCompany,
  TRegisterCompany,
  TUser,
} from '@assessly/shared';
import { api } from '../../lib/api';

/** The same for a new and a taken address (issue 23): the page signs in next. */
export interface RegistrationResult {
  ok: true;
  email: string;
  message: string;
}

/** One-step company sign-up: JSON with the company name, work email, password and an optional name. */
export function registerCompany(form: Partial<TRegisterCompany>) {
  return api<RegistrationResult>('/api/register-company', { method: 'POST', body: form });
}

export function verifyEmail(token: string) {
  return api<{ ok: true; email: string; message: string }>('/api/users/verify-email', {
    method: 'POST',
    body: { token },
  });
}

export function resendVerification(email: string) {
  return api<{ ok: true; sent: boolean; message: string }>('/api/companies/resend-verification', {
    method: 'POST',
    body: { email },
  });
}

export function readMyCompany() {
  return api<TMyCompany>('/api/companies/me');
}

export function inviteColleague(email: string, role: TInvitableRole = 'recruiter') {
  return api<TCompanyInvite>('/api/companies/invitations', { method: 'POST', body: { email, role } });
}

export function revokeColleagueInvite(id: string) {
  return api<{ ok: true }>(`/api/companies/invitations/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function changeMemberRole(userId: string, role: TCompanyRole) {
  return api<TCompanyMember>(`/api/companies/members/${userId}`, { method: 'PUT', body: { role } });
}

export function removeMember(userId: string) {
  return api<{ ok: true }>(`/api/companies/members/${userId}`, { method: 'DELETE' });
}

export function readInvite(token: string) {
  return api<TInviteInfo>(`/api/companies/invitations/${encodeURIComponent(token)}`);
}

export function acceptInvite(token: string, body: TAcceptInvite) {
  return api<TUser>(`/api/companies/invitations/${encodeURIComponent(token)}/accept`, { method: 'POST', body });
}
