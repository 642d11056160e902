/** Review and hiring: dashboard, reports, invitations, hiring status, email templates, similarity (issue 8). */
import { z } from 'zod';
import { ZAccommodation } from './accommodations';

export const HIRING_STATUSES = ['pending', 'shortlisted', 'rejected'] as const;
export type THiringStatus = (typeof HIRING_STATUSES)[number];
export const TEMPLATE_KINDS = ['invitation', 'reminder', 'shortlisted', 'rejected'] as const;
export type TTemplateKind = (typeof TEMPLATE_KINDS)[number];
export const TEMPLATE_PLACEHOLDERS = [
  '{candidateName}',
  '{testName}',
  '{companyName}',
  '{inviteLink}',
  '{endTime}',
] as const;
export const MAX_INVITES_PER_REQUEST = 500;

/** Colour and status of a submission by its share of passed results (spec part 2 §4, §9). */
export type TScoreBand = 'Passed' | 'Partial' | 'Failed';
export function scoreBand(passed: number, total: number): TScoreBand {
  const share = total > 0 ? passed / total : 0;
  if (share >= 1) return 'Passed';
  if (share >= 0.5) return 'Partial';
  return 'Failed';
}

export const ZReviewPage = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const ZHiringStatusUpdate = z.object({
  status: z.enum(HIRING_STATUSES, { error: 'Status must be shortlisted, rejected or pending' }),
});

export const ZTemplateUpdate = z.object({
  kind: z.enum(TEMPLATE_KINDS, { error: 'Unknown template' }),
  subject: z.string().trim().min(1, 'Subject is required').max(200, 'Subject is too long'),
  body: z.string().trim().min(1, 'Body is required').max(10_000, 'Body is too long'),
});
export type TTemplateUpdate = z.infer<typeof ZTemplateUpdate>;

/** POST /api/invitations: addresses as a list, or CSV/free text (one or many per line), or both. */
export const ZInviteRequest = z
  .object({
    testId: z.string().uuid('Choose a test'),
    emails: z.array(z.string().max(320)).max(MAX_INVITES_PER_REQUEST).optional(),
    csv: z.string().max(200_000, 'The CSV is too large').optional(),
    /** Applied to every address of this request (issue 13). */
    accommodation: ZAccommodation.optional(),
  })
  .refine((v) => (v.emails?.length ?? 0) > 0 || (v.csv ?? '').trim() !== '', {
    message: 'Enter at least one email address',
    path: ['emails'],
  });
export type TInviteRequest = z.infer<typeof ZInviteRequest>;

export interface TInviteResult {
  invited: { id: string; email: string }[];
  invalid: string[];
  duplicates: string[];
  alreadyInvited: string[];
}

export type TInvitationStatus = 'invited' | 'started' | 'submitted';
export interface TInvitationRow {
  id: string;
  testId: string;
  email: string;
  status: TInvitationStatus;
  sentAt: string | null;
  reminderSentAt: string | null;
  createdAt: string;
  startedAt: string | null;
  submittedAt: string | null;
  extraMinutes?: number | null;
  multiplier?: number | null;
  accommodationNote?: string | null;
}

export interface TInviteLanding {
  testId: string;
  testName: string;
  testType: 'APTITUDE' | 'CODING';
  companyName: string;
  email: string;
  takePath: string;
}

export interface TDashboardTest {
  id: string;
  testName: string;
  testType: 'APTITUDE' | 'CODING';
  isActive: boolean;
  startTime: string | null;
  endTime: string | null;
  createdAt: string;
  submissionCount: number;
  candidateCount: number;
  averageScore: number | null;
}

export interface TDashboard {
  user: { firstName: string; lastName: string; email: string };
  stats: { totalTests: number; totalSubmissions: number; activeTests: number; averageScore: number };
  tests: TDashboardTest[];
  page: number;
  pageSize: number;
  totalTests: number;
}

export interface TCandidateProfile {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: string;
  gender: string;
  dob: string;
  mobileNumber: string;
  bio: string;
  educationDetails: string;
  experienceDetails: string;
}

export interface TProctoringEvent {
  id: string;
  kind: string;
  detail: string;
  occurredAt: string;
  frameUrl: string | null;
  /** Issue 17: the rule that raised it, its threshold and this event's score (null when not measured). */
  rule?: string;
  threshold?: number | null;
  score?: number | null;
  /** The candidate's response to this event, if any. */
  response?: string | null;
}

export interface TReviewResultItem {
  passed: boolean;
  verdict?: string;
  timeMs?: number;
  memoryKb?: number;
  input?: string;
  expectedOutput?: string;
  output?: string;
  hidden?: boolean;
}

export interface TDashboardSubmission {
  id: string;
  attemptId: string | null;
  questionNumber: number;
  questionId: string;
  language: string;
  code: string;
  status: string;
  verdict: string | null;
  passed: number;
  total: number;
  score: number;
  maxScore: number;
  band: TScoreBand;
  createdAt: string;
  results: TReviewResultItem[];
  /** The problem version these results were judged against (issue 11). */
  problemVersion?: number;
  /** Results that re-judges replaced, oldest first (issue 11). */
  judgeHistory?: {
    problemVersion: number;
    verdict: string | null;
    passedCount: number;
    totalCount: number;
    score: number;
    rejudgedAt: string;
  }[];
  candidate: TCandidateProfile;
  hiringStatus: THiringStatus | null;
  /** proctored: whether the sitting was camera-proctored (false: reviewers see "Not proctored"). */
  proctoring: { proctored?: boolean; counts: Record<string, number>; total: number; events: TProctoringEvent[] };
}

export interface TSubmissionsPage {
  testId: string;
  items: TDashboardSubmission[];
  page: number;
  pageSize: number;
  total: number;
}

export interface TProblemScore {
  questionId: string;
  questionNumber: number;
  title: string;
  marks: number;
  score: number;
  passed: number;
  total: number;
  language: string | null;
  code: string | null;
  submissionId: string | null;
  submissionCount: number;
}

export interface TReport {
  attemptId: string;
  test: { id: string; testName: string; testType: 'APTITUDE' | 'CODING'; totalMarks: number; passingMarks: number };
  candidate: TCandidateProfile;
  startedAt: string;
  endedAt: string | null;
  timeTakenSeconds: number;
  score: number;
  maxScore: number;
  percent: number;
  passed: boolean;
  hiringStatus: THiringStatus;
  languages: string[];
  problems: TProblemScore[];
  events: TProctoringEvent[];
  similarityFlags: number;
  /** Whether the sitting was camera-proctored (issue 17). */
  proctored?: boolean;
  scoringRule: string;
  /** Extra time included in this attempt's deadline, and its note (issue 13). */
  accommodation?: { extraMinutes: number; note: string | null } | null;
  /** A company member's preview: never counted. */
  isPreview?: boolean;
}

export interface TReviewResultRow {
  attemptId: string;
  userId: string;
  name: string;
  email: string;
  startedAt: string;
  endedAt: string | null;
  score: number;
  maxScore: number;
  percent: number;
  passed: boolean;
  hiringStatus: THiringStatus;
  eventCount: number;
  similarityFlags: number;
}

export interface TSimilaritySide {
  submissionId: string;
  attemptId: string | null;
  userId: string;
  name: string;
  email: string;
  language: string;
  code: string;
  lines: number[];
}

export interface TSimilarityPair {
  questionId: string;
  questionNumber: number;
  problemTitle: string;
  score: number;
  containment: number;
  /** Which named threshold the pair is over. */
  reason?: 'similarity' | 'containment';
  a: TSimilaritySide;
  b: TSimilaritySide;
}

export interface TSimilarityReport {
  testId: string;
  /** Pairs sharing at least this percent of fingerprints are listed... */
  threshold: number;
  /** ...and pairs where at least this percent of the smaller program is in the other (a padded copy). */
  containmentThreshold?: number;
  pairs: TSimilarityPair[];
  comparedSubmissions: number;
}

export interface TEmailTemplate {
  kind: TTemplateKind;
  subject: string;
  body: string;
  isDefault: boolean;
}

export interface TMyTest {
  testId: string;
  testName: string;
  testType: 'APTITUDE' | 'CODING';
  companyName: string | null;
  state: 'invited' | 'in_progress' | 'completed';
  startedAt: string | null;
  endedAt: string | null;
  endTime: string | null;
  score: number | null;
  maxScore: number | null;
  hiringStatus: THiringStatus | null;
  takePath: string;
}

// ---------- reviewer notes and comparison (issue 13) ----------

export const ZReviewNote = z.object({
  body: z.string().trim().min(1, 'Write a note first').max(5000, 'A note is at most 5000 characters'),
});

export interface TReviewNote {
  id: string;
  attemptId: string;
  body: string;
  authorName: string;
  authorEmail: string | null;
  createdAt: string;
}

export const ZCompareQuery = z.object({
  attemptIds: z
    .string()
    .transform((s) => [
      ...new Set(
        s
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(z.string().uuid('Attempt not found'))
        .min(2, 'Choose two or three candidates to compare')
        .max(3, 'Choose two or three candidates to compare'),
    ),
});

export interface TCompareCandidate {
  attemptId: string;
  name: string;
  email: string;
  score: number;
  maxScore: number;
  percent: number;
  passed: boolean;
  hiringStatus: THiringStatus;
  timeUsedSeconds: number;
  extraMinutes: number;
  integrity: { total: number; counts: Record<string, number> };
  problems: TProblemScore[];
}

export interface TCompare {
  test: { id: string; testName: string; testType: 'APTITUDE' | 'CODING' };
  candidates: TCompareCandidate[];
}
