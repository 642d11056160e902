/** Calls of the interview feature. The candidate has no account: their join token goes in `X-Join-Token`. */
import type {
  TCodingProblem,
  TCompanyMember,
  TInterviewCreate,
  TInterviewCreated,
  TInterviewDetail,
  TInterviewPlayback,
  TInterviewRoom,
  TInterviewSummary,
  TRoomRun,
  TScorecard,
} from '@assessly/shared';
import { api } from '../../lib/api';

const withToken = (token: string | null) => (token ? { 'x-join-token': token } : undefined);

export const interviewsApi = {
  list: () => api<TInterviewSummary[]>('/api/interviews'),
  ofCandidate: (email: string) =>
    api<TInterviewSummary[]>(`/api/interviews?candidateEmail=${encodeURIComponent(email)}`),
  /** The company's members (who may be named interviewers) and library problems (to have ready). */
  members: () => api<TCompanyMember[]>('/api/companies/members'),
  problems: () => api<TCodingProblem[]>('/api/coding-tests'),
  create: (body: TInterviewCreate) => api<TInterviewCreated>('/api/interviews', { method: 'POST', body }),
  read: (id: string) => api<TInterviewDetail>(`/api/interviews/${id}`),
  /** An ended room's code as a playback stream with its runs (issue 29), for the shared player. */
  playback: (id: string) => api<TInterviewPlayback>(`/api/interviews/${id}/playback`),
  room: (id: string, token: string | null) =>
    api<TInterviewRoom>(`/api/interviews/${id}/room`, { headers: withToken(token) }),
  run: (id: string, token: string | null, body: { language: string; code: string; input: string }) =>
    api<TRoomRun>(`/api/interviews/${id}/run`, { method: 'POST', body, headers: withToken(token) }),
  erase: (id: string) => api<{ ok: true; message: string }>(`/api/interviews/${id}`, { method: 'DELETE' }),
  end: (id: string) => api<TInterviewSummary>(`/api/interviews/${id}/end`, { method: 'POST', body: {} }),
  saveScorecard: (id: string, body: TScorecard) =>
    api<TScorecard>(`/api/interviews/${id}/scorecard`, { method: 'PUT', body }),
};
