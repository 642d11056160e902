/** Answers of the review and invitation routes (issue 8, 13), as zod schemas: the route's response schema and the type. */
import { z } from 'zod';
import { ZIntegritySummary } from './integrity';
import { ZCandidateLocale } from './locales';
import { ZIntegritySignal } from './playback';
import { HIRING_STATUSES, TEMPLATE_KINDS } from './review';
import { ZUser } from './users';

/** POST /api/invitations (201 when someone was invited, else 200). */
export const ZInviteResult = z.object({
  invited: z.array(z.object({ id: z.string(), email: z.string() })),
  invalid: z.array(z.string()),
  duplicates: z.array(z.string()),
  alreadyInvited: z.array(z.string()),
});
export type TInviteResult = z.infer<typeof ZInviteResult>;

export const INVITATION_STATUSES = ['invited', 'started', 'submitted'] as const;
export type TInvitationStatus = (typeof INVITATION_STATUSES)[number];

/** GET /api/invitations?testId=: one row per invited address with its progress. */
export const ZInvitationRow = z.object({
  id: z.string(),
  testId: z.string(),
  email: z.string(),
  status: z.enum(INVITATION_STATUSES),
  sentAt: z.string().nullable(),
  reminderSentAt: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  submittedAt: z.string().nullable(),
  extraMinutes: z.number().nullable().optional(),
  multiplier: z.number().nullable().optional(),
  accommodationNote: z.string().nullable().optional(),
});
export type TInvitationRow = z.infer<typeof ZInvitationRow>;

/** GET /api/invitations/accept/{token}: what the /invite/{token} page needs. */
export const ZInviteLanding = z.object({
  testId: z.string(),
  testName: z.string(),
  testType: z.enum(['APTITUDE', 'CODING']),
  companyName: z.string(),
  email: z.string(),
  takePath: z.string(),
  /** Issue 26: the facts a candidate needs before starting (minutes, window, webcam checks, questions). */
  duration: z.number().optional(),
  endTime: z.string().nullable().optional(),
  proctored: z.boolean().optional(),
  questionCount: z.number().optional(),
  /** The languages a coding test offers, as people write them (C++, Python). */
  languages: z.array(z.string()).optional(),
  /** Issue 46: the test's default language for the candidate's pages. */
  defaultLocale: ZCandidateLocale.optional(),
});
export type TInviteLanding = z.infer<typeof ZInviteLanding>;

/** POST /api/invitations/{id}/resend. */
export const ZInvitationResent = z.object({ id: z.string(), email: z.string(), sentAt: z.string() });

/** PUT /api/invitations/{id}/accommodation: the stored accommodation and the minutes it adds. */
export const ZAccommodationSaved = z.object({
  id: z.string(),
  extraMinutes: z.number().nullable(),
  multiplier: z.number().nullable(),
  note: z.string().nullable(),
  appliedMinutes: z.number(),
});

/** GET /api/proctoring/retention: the company's frames retention in days (default 90). */
export const ZFramesRetention = z.object({ days: z.number() });

/** A stage key of the company's pipeline (issue 26): pending, shortlisted, rejected or one of its own. */
const ZHiringStatus = z.string();
const ZTestType = z.enum(['APTITUDE', 'CODING']);

export const ZDashboardTest = z.object({
  id: z.string(),
  testName: z.string(),
  testType: ZTestType,
  isActive: z.boolean(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  createdAt: z.string(),
  submissionCount: z.number(),
  candidateCount: z.number(),
  averageScore: z.number().nullable(),
  /** Candidates whose written answers await grading (issue 25). */
  needsGrading: z.number(),
});
export type TDashboardTest = z.infer<typeof ZDashboardTest>;

/** GET /api/review/dashboard. */
export const ZDashboard = z.object({
  user: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }),
  stats: z.object({
    totalTests: z.number(),
    totalSubmissions: z.number(),
    activeTests: z.number(),
    averageScore: z.number(),
  }),
  tests: z.array(ZDashboardTest),
  page: z.number(),
  pageSize: z.number(),
  totalTests: z.number(),
});
export type TDashboard = z.infer<typeof ZDashboard>;

/** The person behind an attempt: the user's profile without the account fields (role as plain text). */
export const ZCandidateProfile = ZUser.pick({
  id: true,
  firstName: true,
  lastName: true,
  email: true,
  role: true,
  gender: true,
  dob: true,
  mobileNumber: true,
  bio: true,
  educationDetails: true,
  experienceDetails: true,
}).extend({ role: z.string() });
export type TCandidateProfile = z.infer<typeof ZCandidateProfile>;

export const ZProctoringEvent = z.object({
  id: z.string(),
  kind: z.string(),
  detail: z.string(),
  occurredAt: z.string(),
  frameUrl: z.string().nullable(),
  /** Issue 17: the rule that raised it, its threshold and this event's score (null when not measured). */
  rule: z.string().optional(),
  threshold: z.number().nullable().optional(),
  score: z.number().nullable().optional(),
  /** The candidate's response to this event, if any. */
  response: z.string().nullable().optional(),
  /** Issue 23: who recorded it: the candidate's page (its own report) or the server. */
  source: z.enum(['page', 'server']).optional(),
  /** Issue 41: a reviewer's decision on a live_unconfirmed event (null while it waits for one). */
  identity: z
    .object({
      decision: z.enum(['confirmed', 'rejected']),
      decidedAt: z.string(),
      decidedBy: z.string().nullable(),
      note: z.string().nullable(),
    })
    .nullable()
    .optional(),
});
export type TProctoringEvent = z.infer<typeof ZProctoringEvent>;

export const ZReviewResultItem = z.object({
  passed: z.boolean(),
  verdict: z.string().optional(),
  timeMs: z.number().optional(),
  memoryKb: z.number().optional(),
  input: z.string().optional(),
  expectedOutput: z.string().optional(),
  output: z.string().optional(),
  hidden: z.boolean().optional(),
  /** Issue 42: a hidden case whose input and outputs the company keeps from the caller (a reviewer). */
  withheld: z.boolean().optional(),
});
export type TReviewResultItem = z.infer<typeof ZReviewResultItem>;

export const ZDashboardSubmission = z.object({
  id: z.string(),
  attemptId: z.string().nullable(),
  questionNumber: z.number(),
  questionId: z.string(),
  language: z.string(),
  code: z.string(),
  status: z.string(),
  verdict: z.string().nullable(),
  passed: z.number(),
  total: z.number(),
  score: z.number(),
  maxScore: z.number(),
  band: z.enum(['Passed', 'Partial', 'Failed']),
  createdAt: z.string(),
  results: z.array(ZReviewResultItem),
  /** The problem version these results were judged against (issue 11). */
  problemVersion: z.number().optional(),
  /** Results that re-judges replaced, oldest first (issue 11). */
  judgeHistory: z
    .array(
      z.object({
        problemVersion: z.number(),
        verdict: z.string().nullable(),
        passedCount: z.number(),
        totalCount: z.number(),
        score: z.number(),
        rejudgedAt: z.string(),
      }),
    )
    .optional(),
  candidate: ZCandidateProfile,
  hiringStatus: ZHiringStatus.nullable(),
  /** proctored: whether the sitting was camera-proctored (false: reviewers see "Not proctored"). */
  proctoring: z.object({
    proctored: z.boolean().optional(),
    counts: z.record(z.string(), z.number()),
    total: z.number(),
    events: z.array(ZProctoringEvent),
    /** Issue 46: the attempt's integrity count (events and coding signals), the results list's. */
    integrity: ZIntegritySummary.optional(),
  }),
});
export type TDashboardSubmission = z.infer<typeof ZDashboardSubmission>;

/** GET /api/review/tests/{testId}/submissions. */
export const ZSubmissionsPage = z.object({
  testId: z.string(),
  items: z.array(ZDashboardSubmission),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
});
export type TSubmissionsPage = z.infer<typeof ZSubmissionsPage>;

export const ZProblemScore = z.object({
  questionId: z.string(),
  questionNumber: z.number(),
  title: z.string(),
  marks: z.number(),
  score: z.number(),
  passed: z.number(),
  total: z.number(),
  language: z.string().nullable(),
  code: z.string().nullable(),
  submissionId: z.string().nullable(),
  submissionCount: z.number(),
  /** A single- or multi-select question (issue 46): its options, the ones the candidate chose, the correct ones. */
  choice: z
    .object({
      options: z.array(z.string()),
      chosen: z.array(z.number()),
      correct: z.array(z.number()),
      multiple: z.boolean(),
    })
    .optional(),
  /** A written question (issue 25): the candidate's answer beside the rubric, and its grade once given. */
  written: z
    .object({
      answer: z.string().nullable(),
      rubric: z.string(),
      grade: z
        .object({
          score: z.number(),
          comment: z.string(),
          gradedBy: z.string().nullable(),
          gradedAt: z.string(),
        })
        .nullable(),
    })
    .optional(),
});
export type TProblemScore = z.infer<typeof ZProblemScore>;

/** The test as a report, the results and the comparison head it. */
const ZReviewTestHeader = z.object({
  id: z.string(),
  testName: z.string(),
  testType: ZTestType,
  totalMarks: z.number(),
  passingMarks: z.number(),
});

/** An attempt's outcome as the report, the results rows and the comparison give it. */
const outcomeFields = {
  score: z.number(),
  maxScore: z.number(),
  percent: z.number(),
  /** null while a written answer awaits grading (issue 25): pass/fail is pending, never silently final. */
  passed: z.boolean().nullable(),
  /** Some written answer is not graded yet; the result reads "Awaiting grading". */
  awaitingGrading: z.boolean(),
  hiringStatus: ZHiringStatus,
};

/** GET /api/review/attempts/{attemptId}/report. */
export const ZReport = z.object({
  attemptId: z.string(),
  test: ZReviewTestHeader,
  candidate: ZCandidateProfile,
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  timeTakenSeconds: z.number(),
  ...outcomeFields,
  languages: z.array(z.string()),
  problems: z.array(ZProblemScore),
  events: z.array(ZProctoringEvent),
  /** Issue 46: the integrity count every screen shows (integrity events and coding signals, by kind)... */
  integrity: ZIntegritySummary,
  /** ...and the coding signals of the integrity report, each with its rule and evidence. */
  signals: z.array(ZIntegritySignal),
  similarityFlags: z.number(),
  /** Whether the sitting was camera-proctored (issue 17). */
  proctored: z.boolean().optional(),
  scoringRule: z.string(),
  /** Extra time included in this attempt's deadline, and its note (issue 13). */
  accommodation: z
    .object({
      extraMinutes: z.number(),
      note: z.string().nullable(),
      /** Issue 46: granted on request, the sitting had no camera step (and so no face checks). */
      cameraWaived: z.boolean().optional(),
      /** Issue 46: granted on request, the editor ran in its accessible mode. */
      screenReader: z.boolean().optional(),
    })
    .nullable()
    .optional(),
  /** A company member's preview: never counted. */
  isPreview: z.boolean().optional(),
});
export type TReport = z.infer<typeof ZReport>;

export const ZReviewResultRow = z.object({
  attemptId: z.string(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  /** Issue 23: false when the account's address was never verified (it may not be the invited person). */
  emailVerified: z.boolean().optional(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  ...outcomeFields,
  /** Issue 46: seconds from the start to the end (the report's time taken), and the extra time given. */
  timeTakenSeconds: z.number().optional(),
  extraMinutes: z.number().optional(),
  /** Issue 46: the attempt's integrity count (integrity.total): integrity events and coding signals. */
  eventCount: z.number(),
  integrity: ZIntegritySummary.optional(),
  similarityFlags: z.number(),
  /** Issue 26: the languages the candidate submitted in (ids), for the language filter. */
  languages: z.array(z.string()).optional(),
});
export type TReviewResultRow = z.infer<typeof ZReviewResultRow>;

/** GET /api/review/tests/{testId}/results. */
export const ZReviewResults = z.object({
  test: ZReviewTestHeader.extend({ endTime: z.string().nullable() }),
  rows: z.array(ZReviewResultRow),
});

export const ZSimilaritySide = z.object({
  submissionId: z.string(),
  attemptId: z.string().nullable(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  language: z.string(),
  code: z.string(),
  lines: z.array(z.number()),
});
export type TSimilaritySide = z.infer<typeof ZSimilaritySide>;

export const ZSimilarityPair = z.object({
  questionId: z.string(),
  questionNumber: z.number(),
  problemTitle: z.string(),
  score: z.number(),
  containment: z.number(),
  /** Which named threshold the pair is over. */
  reason: z.enum(['similarity', 'containment']).optional(),
  a: ZSimilaritySide,
  b: ZSimilaritySide,
});
export type TSimilarityPair = z.infer<typeof ZSimilarityPair>;

/** GET /api/review/tests/{testId}/similarity. */
export const ZSimilarityReport = z.object({
  testId: z.string(),
  /** Pairs sharing at least this percent of fingerprints are listed... */
  threshold: z.number(),
  /** ...and pairs where at least this percent of the smaller program is in the other (a padded copy). */
  containmentThreshold: z.number().optional(),
  pairs: z.array(ZSimilarityPair),
  comparedSubmissions: z.number(),
});
export type TSimilarityReport = z.infer<typeof ZSimilarityReport>;

export const ZEmailTemplate = z.object({
  kind: z.enum(TEMPLATE_KINDS),
  subject: z.string(),
  body: z.string(),
  isDefault: z.boolean(),
});
export type TEmailTemplate = z.infer<typeof ZEmailTemplate>;

/** GET /api/me/tests: the candidate's own tests. */
export const ZMyTest = z.object({
  testId: z.string(),
  testName: z.string(),
  testType: ZTestType,
  companyName: z.string().nullable(),
  state: z.enum(['invited', 'in_progress', 'completed']),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  endTime: z.string().nullable(),
  /** null until the attempt is over, and while a written answer awaits grading (issue 25). */
  score: z.number().nullable(),
  maxScore: z.number().nullable(),
  /** What the candidate is told (issue 26): a company's own pipeline stage shows as pending. */
  hiringStatus: z.enum(HIRING_STATUSES).nullable(),
  takePath: z.string(),
});
export type TMyTest = z.infer<typeof ZMyTest>;

export const ZReviewNoteRow = z.object({
  id: z.string(),
  attemptId: z.string(),
  body: z.string(),
  authorName: z.string(),
  authorEmail: z.string().nullable(),
  createdAt: z.string(),
});
export type TReviewNote = z.infer<typeof ZReviewNoteRow>;

export const ZCompareCandidate = z.object({
  attemptId: z.string(),
  name: z.string(),
  email: z.string(),
  ...outcomeFields,
  timeUsedSeconds: z.number(),
  extraMinutes: z.number(),
  integrity: ZIntegritySummary,
  problems: z.array(ZProblemScore),
});
export type TCompareCandidate = z.infer<typeof ZCompareCandidate>;

/** GET /api/review/compare. */
export const ZCompare = z.object({
  test: ZReviewTestHeader.pick({ id: true, testName: true, testType: true }),
  candidates: z.array(ZCompareCandidate),
});
export type TCompare = z.infer<typeof ZCompare>;

/** PUT /api/review/attempts/{attemptId}/status: the email goes out at emailAt unless the status moves back. */
export const ZHiringStatusSaved = z.object({
  attemptId: z.string(),
  hiringStatus: ZHiringStatus,
  /** False when the attempt already had this status: nothing changed, no webhook event, no new email. */
  changed: z.boolean(),
  emailed: z.boolean(),
  emailAt: z.string().nullable(),
});

/** POST /api/review/tests/{testId}/status: the attempts whose status changed; their emails go out at emailAt. */
export const ZBulkStatusSaved = z.object({
  hiringStatus: ZHiringStatus,
  changed: z.array(z.string()),
  notify: z.boolean(),
  emailAt: z.string().nullable(),
});
export type TBulkStatusSaved = z.infer<typeof ZBulkStatusSaved>;

/** PUT /api/review/attempts/{attemptId}/grades: a reviewer's grade of one written answer (issue 25). */
export const ZWrittenGradeInput = z.object({
  questionId: z.string().uuid('Unknown question'),
  score: z
    .number({ error: 'Score must be a number' })
    .min(0, 'Score cannot be below 0')
    .refine((n) => Number.isFinite(n), 'Score must be a number'),
  comment: z.string().max(10_000, 'A comment holds at most 10,000 characters').optional().default(''),
});
export type TWrittenGradeInput = z.infer<typeof ZWrittenGradeInput>;

/** The grade as stored, and the attempt's outcome after it. */
export const ZWrittenGradeSaved = z.object({
  attemptId: z.string(),
  questionId: z.string(),
  score: z.number(),
  comment: z.string(),
  gradedAt: z.string(),
  attemptScore: z.number(),
  maxScore: z.number(),
  awaitingGrading: z.boolean(),
  passed: z.boolean().nullable(),
});
export type TWrittenGradeSaved = z.infer<typeof ZWrittenGradeSaved>;
