/** Server state of the review feature (TanStack Query); every call goes through lib/api. */
import {
  DEFAULT_PIPELINE,
  integrityLabel,
  stageLabel,
  type TAccommodation,
  type TBulkStatusSaved,
  type TCompare,
  type TDashboard,
  type TEmailTemplate,
  type TInvitationRow,
  type TInviteResult,
  type TMyTest,
  type TPipeline,
  type TReport,
  type TReviewNote,
  type TReviewResultRow,
  type TSimilarityReport,
  type TSubmissionsPage,
  type TTemplateUpdate,
} from '@assessly/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export interface TResultsResponse {
  test: {
    id: string;
    testName: string;
    testType: 'APTITUDE' | 'CODING';
    totalMarks: number;
    passingMarks: number;
    endTime: string | null;
  };
  rows: TReviewResultRow[];
}

export const useDashboard = (page: number, needsGrading = false) =>
  useQuery({
    queryKey: ['review', 'dashboard', page, needsGrading],
    queryFn: () =>
      api<TDashboard>(`/api/review/dashboard?page=${page}&pageSize=20${needsGrading ? '&needsGrading=true' : ''}`),
    placeholderData: keepPreviousData,
  });

export const useTestSubmissions = (testId: string, page: number, enabled: boolean) =>
  useQuery({
    queryKey: ['review', 'submissions', testId, page],
    queryFn: () => api<TSubmissionsPage>(`/api/review/tests/${testId}/submissions?page=${page}&pageSize=10`),
    enabled,
    placeholderData: keepPreviousData,
  });

export const useResults = (testId: string) =>
  useQuery({
    queryKey: ['review', 'results', testId],
    queryFn: () => api<TResultsResponse>(`/api/review/tests/${testId}/results`),
  });

export const useSimilarity = (testId: string) =>
  useQuery({
    queryKey: ['review', 'similarity', testId],
    queryFn: () => api<TSimilarityReport>(`/api/review/tests/${testId}/similarity`),
  });

export const useReport = (attemptId: string) =>
  useQuery({
    queryKey: ['review', 'report', attemptId],
    queryFn: () => api<TReport>(`/api/review/attempts/${attemptId}/report`),
  });

export const useInvitations = (testId: string) =>
  useQuery({
    queryKey: ['review', 'invitations', testId],
    queryFn: () => api<TInvitationRow[]>(`/api/invitations?testId=${testId}`),
  });

export const useTemplates = () =>
  useQuery({ queryKey: ['review', 'templates'], queryFn: () => api<TEmailTemplate[]>('/api/review/templates') });

export const useMyTests = () => useQuery({ queryKey: ['me', 'tests'], queryFn: () => api<TMyTest[]>('/api/me/tests') });

/** The company's pipeline stages (issue 26): every employer reads them; the results page lists them. */
export const PIPELINE_KEY = ['company', 'pipeline'];
export const usePipeline = () =>
  useQuery({ queryKey: PIPELINE_KEY, queryFn: () => api<TPipeline>('/api/companies/me/pipeline') });

/** The name of a stage key in the company's pipeline (the default pipeline until it loads). */
export function useStageLabel(): (key: string | null) => string {
  const stages = usePipeline().data?.stages ?? DEFAULT_PIPELINE;
  return (key) => stageLabel(stages, key);
}

/** The company's name (for the preview of a stage's email subject); undefined until it loads. */
export function useCompanyName(): string | undefined {
  return useQuery({
    queryKey: ['company', 'me', 'name'],
    queryFn: () => api<{ company: { name: string } }>('/api/companies/me'),
    select: (d) => d.company.name,
    staleTime: 60_000,
  }).data;
}

export function useSavePipeline() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (stages: { key?: string; label: string; mail?: { subject: string; body: string } | null }[]) =>
      api<TPipeline>('/api/companies/me/pipeline', { method: 'PUT', body: { stages } }),
    onSuccess: (data) => qc.setQueryData(PIPELINE_KEY, data),
  });
}

export function useSetStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { attemptId: string; status: string; notify?: boolean }) =>
      api<{ attemptId: string; hiringStatus: string; emailed: boolean; emailAt?: string | null }>(
        `/api/review/attempts/${v.attemptId}/status`,
        {
          method: 'PUT',
          body: { status: v.status, notify: v.notify ?? true },
        },
      ),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['review'] }),
  });
}

/** Many candidates of one test to one status at once, emailed or not (issue 26). */
export function useSetStatuses(testId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { attemptIds: string[]; status: string; notify: boolean }) =>
      api<TBulkStatusSaved>(`/api/review/tests/${testId}/status`, { method: 'POST', body: v }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['review'] }),
  });
}

export function useInvite(testId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { emails?: string[]; csv?: string; accommodation?: TAccommodation }) =>
      api<TInviteResult>('/api/invitations', { method: 'POST', body: { testId, ...v } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['review', 'invitations', testId] }),
  });
}

export function useResend(testId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<{ id: string; email: string }>(`/api/invitations/${id}/resend`, { method: 'POST', body: {} }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['review', 'invitations', testId] }),
  });
}

export function useSaveTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: TTemplateUpdate) => api<TEmailTemplate>('/api/review/templates', { method: 'PUT', body: v }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['review', 'templates'] }),
  });
}

export function useResetTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (kind: string) => api<{ ok: true }>(`/api/review/templates/${kind}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['review', 'templates'] }),
  });
}

export const BAND_CLASS = { Passed: 'success', Partial: 'warning', Failed: 'danger' } as const;

export function formatDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return h > 0 ? `${h}h ${m}m` : m > 0 ? `${m}m ${s}s` : `${s}s`;
}

/** Proctoring events and coding signals as people read them (one table, @assessly/shared integrity.ts). */
export const eventLabel = integrityLabel;

export const useNotes = (attemptId: string) =>
  useQuery({
    queryKey: ['review', 'notes', attemptId],
    queryFn: () => api<TReviewNote[]>(`/api/review/attempts/${attemptId}/notes`),
  });

export function useAddNote(attemptId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      api<TReviewNote>(`/api/review/attempts/${attemptId}/notes`, { method: 'POST', body: { body } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['review', 'notes', attemptId] }),
  });
}

export const useCompare = (attemptIds: string[]) =>
  useQuery({
    queryKey: ['review', 'compare', attemptIds.join(',')],
    queryFn: () => api<TCompare>(`/api/review/compare?attemptIds=${attemptIds.map(encodeURIComponent).join(',')}`),
    enabled: attemptIds.length >= 2,
  });

export function useSetAccommodation(testId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; body: TAccommodation }) =>
      api(`/api/invitations/${v.id}/accommodation`, { method: 'PUT', body: v.body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['review', 'invitations', testId] }),
  });
}
