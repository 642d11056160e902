/** Server state of the admin area: TanStack Query hooks over the authoring API. */
import type { TAdminStats, TAptitudeQuestion, TCodingProblem, TTest, TTestWithQuestions } from '@assessly/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useMe } from '../auth/use-auth';

export type TestWithQuestions = TTestWithQuestions<TAptitudeQuestion, TCodingProblem, TTest>;

/** Saves a test's questions or problems at once (POST …/questions/batch), guarded by the test's version. */
export function saveQuestionBatch(testId: string, body: { version: number | undefined } & Record<string, unknown>) {
  return api<TestWithQuestions>(`/api/tests/${testId}/questions/batch`, { method: 'POST', body });
}

export const adminKeys = {
  tests: ['admin', 'tests'] as const,
  test: (id: string) => ['admin', 'test', id] as const,
  questions: (id: string) => ['admin', 'test', id, 'questions'] as const,
  stats: ['admin', 'stats'] as const,
  candidates: ['admin', 'candidates'] as const,
  bank: (kind: 'aptitude' | 'coding') => ['admin', 'bank', kind] as const,
};

/**
 * Lists and counts are not kept once no screen shows them (gcTime 0): a screen opened after tests were created
 * or deleted elsewhere shows "Loading..." and then today's figures, never the figures of an earlier visit.
 */
const NOT_KEPT = 0;

/** The company's tests through the spec's call GET /api/tests/by-user/{userId}. */
export function useTests() {
  const me = useMe();
  const userId = me.data?.id;
  return useQuery({
    queryKey: adminKeys.tests,
    queryFn: () => api<TTest[]>(`/api/tests/by-user/${userId}`),
    enabled: !!userId,
    retry: false,
    gcTime: NOT_KEPT,
  });
}

export function useStats() {
  return useQuery({
    queryKey: adminKeys.stats,
    queryFn: () => api<TAdminStats>('/api/admin/stats'),
    retry: false,
    gcTime: NOT_KEPT,
  });
}

export function useTestWithQuestions(id: string) {
  return useQuery({
    queryKey: adminKeys.questions(id),
    queryFn: () => api<TestWithQuestions>(`/api/tests/${id}/questions`),
    retry: false,
    // An editor must start from what the server has now, not a cached copy from another screen.
    staleTime: 0,
    gcTime: 0,
  });
}

export function useQuestionBank(enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.bank('aptitude'),
    queryFn: () => api<TAptitudeQuestion[]>('/api/aptitude-questions/all'),
    enabled,
    retry: false,
  });
}

export function useProblemBank(enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.bank('coding'),
    queryFn: () => api<TCodingProblem[]>('/api/coding-tests'),
    enabled,
    retry: false,
  });
}

export interface AdminCandidate {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  testsTaken: number;
  lastActivity: string;
}

export function useCandidates() {
  return useQuery({
    queryKey: adminKeys.candidates,
    queryFn: () => api<AdminCandidate[]>('/api/admin/candidates'),
    retry: false,
  });
}
