/**
 * Drizzle mirror of the SQL migrations in ./migrations (the SQL is the source of truth; keep both in step).
 * Column names are snake_case in SQL and camelCase here.
 */
import type { TProjectRunResult, TProjectSpec } from '@assessly/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

// Row types: each exported here and only here (modules import them from db/schema).
/** Issue 46 (1181_test_sections): one section of a mixed test, and one entry of an attempt's section log. */
export interface TestSectionJson {
  id: string;
  title: string;
  kind: 'coding' | 'single' | 'multiple' | 'written';
  itemIds: string[];
  minutes: number | null;
}
export interface SectionLogEntry {
  id: string;
  startedAt: string;
  endedAt: string | null;
}

export type CompanyRow = typeof companies.$inferSelect;
export type NewCompany = typeof companies.$inferInsert;
export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type TokenRow = typeof oneTimeTokens.$inferSelect;
export type TestRow = typeof tests.$inferSelect;
export type NewTest = typeof tests.$inferInsert;
export type QuestionRow = typeof aptitudeQuestions.$inferSelect;
export type NewQuestion = typeof aptitudeQuestions.$inferInsert;
export type ProblemRow = typeof codingProblems.$inferSelect;
export type NewProblem = typeof codingProblems.$inferInsert;
export type InvitationRow = typeof invitations.$inferSelect;
export type AttemptRow = typeof attempts.$inferSelect;
export type SubmissionRow = typeof submissions.$inferSelect;
export type NewSubmission = typeof submissions.$inferInsert;
export type EnrollmentRow = typeof faceEnrollments.$inferSelect;
export type NewToken = typeof oneTimeTokens.$inferInsert;
export type ApiTokenRow = typeof apiTokens.$inferSelect;
export type AuditRow = typeof auditLog.$inferSelect;
export type SsoConnectionRow = typeof ssoConnections.$inferSelect;
export type WebhookRow = typeof webhooks.$inferSelect;

export const companies = pgTable('companies', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  website: text('website'),
  industry: text('industry'),
  companySize: text('company_size'),
  establishedYear: integer('established_year'),
  description: text('description'),
  linkedinUrl: text('linkedin_url'),
  logoKey: text('logo_key'),
  logoType: text('logo_type'),
  // 1031: candidates see their score on the result page (issue 26); off hides it from every candidate answer.
  showCandidateScore: boolean('show_candidate_score').notNull().default(true),
  // 1102 (issue 42): reviewers read hidden cases and model solutions only when owners/admins turned this on.
  reviewersSeeHidden: boolean('reviewers_see_hidden').notNull().default(false),
  /** Issue 26 (migration 1071): the company's ordered pipeline stages; null is the default pipeline. */
  // An own stage may carry its email ({subject, body} with placeholders; shared/pipeline.ts), same column.
  pipelineStages:
    jsonb('pipeline_stages').$type<{ key: string; label: string; mail?: { subject: string; body: string } }[]>(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  role: text('role', { enum: ['candidate', 'employer'] })
    .notNull()
    .default('candidate'),
  gender: text('gender').notNull().default(''),
  dob: text('dob').notNull().default(''),
  mobileNumber: text('mobile_number').notNull().default(''),
  bio: text('bio').notNull().default(''),
  educationDetails: text('education_details').notNull().default(''),
  experienceDetails: text('experience_details').notNull().default(''),
  designation: text('designation').notNull().default(''),
  companyId: uuid('company_id'),
  companyRole: text('company_role', { enum: ['owner', 'admin', 'recruiter', 'reviewer'] }),
  emailVerifiedAt: ts('email_verified_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  // 0851_integrations: an erased account keeps its row (anonymised) so results stay countable.
  erasedAt: ts('erased_at'),
});

export const sessions = pgTable('sessions', {
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
});

export const oneTimeTokens = pgTable('one_time_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  kind: text('kind', { enum: ['password_reset', 'email_verification', 'company_invite'] }).notNull(),
  userId: uuid('user_id'),
  email: text('email'),
  companyId: uuid('company_id'),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  // 0841_employer_roles: the role a team invitation grants
  companyRole: text('company_role', { enum: ['admin', 'recruiter', 'reviewer'] }),
});

export const outbox = pgTable('outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  bodyText: text('body_text').notNull(),
  bodyHtml: text('body_html'),
  kind: text('kind').notNull().default('generic'),
  status: text('status', { enum: ['stored', 'sent', 'failed'] })
    .notNull()
    .default('stored'),
  error: text('error'),
  createdAt: ts('created_at').notNull().defaultNow(),
  sentAt: ts('sent_at'),
});

export const tests = pgTable('tests', {
  id: uuid('id').primaryKey().defaultRandom(),
  companyId: uuid('company_id'),
  createdBy: uuid('created_by').notNull(),
  testName: text('test_name').notNull(),
  testType: text('test_type', { enum: ['APTITUDE', 'CODING'] }).notNull(),
  description: text('description').notNull().default(''),
  duration: integer('duration').notNull().default(60),
  totalMarks: integer('total_marks').notNull().default(100),
  passingMarks: integer('passing_marks').notNull().default(40),
  startTime: ts('start_time'),
  endTime: ts('end_time'),
  questionIds: jsonb('question_ids').$type<string[]>().notNull().default([]),
  isActive: boolean('is_active').notNull().default(true),
  version: integer('version').notNull().default(1),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  // 0811_proctoring_identity: null = default for the type (coding on)
  proctoring: boolean('proctoring'),
  // 0871_test_languages: the languages offered; null = all
  languages: jsonb('languages').$type<string[]>(),
  // 0921_edit_streams: a paste from outside the editor is allowed, recorded or blocked
  pastePolicy: text('paste_policy', { enum: ['allow', 'record', 'block'] })
    .notNull()
    .default('record'),
  // 0863_test_access: who may take it (rows from before: 'link', today's behaviour)
  access: text('access', { enum: ['invited', 'link'] })
    .notNull()
    .default('link'),
  linkExpiresAt: ts('link_expires_at'),
  // 1021_coding_written (issue 25): a coding test's written questions (aptitude questions of kind 'text')
  writtenQuestionIds: jsonb('written_question_ids').$type<string[]>().notNull().default([]),
  // 1113_test_default_locale (issue 46): the candidate pages' and emails' first language
  defaultLocale: text('default_locale', { enum: ['en', 'es', 'ar'] })
    .notNull()
    .default('en'),
  // 1181_test_sections (issue 46): a mixed test's sections in order; null = none
  sections: jsonb('sections').$type<TestSectionJson[]>(),
  // 1262_practice_tests (issue 46): a candidate's own practice test (created_by is the candidate, no company)
  isPractice: boolean('is_practice').notNull().default(false),
});

export const aptitudeQuestions = pgTable('aptitude_questions', {
  id: uuid('id').primaryKey().defaultRandom(),
  testId: uuid('test_id'),
  companyId: uuid('company_id'),
  createdBy: uuid('created_by').notNull(),
  questionText: text('question_text').notNull(),
  options: jsonb('options').$type<string[]>().notNull(),
  correctAnswer: integer('correct_answer').notNull(),
  marks: integer('marks').notNull().default(5),
  explanation: text('explanation').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  // 0845_library
  tags: jsonb('tags').$type<string[]>().notNull().default([]),
  difficulty: text('difficulty', { enum: ['easy', 'medium', 'hard'] }),
  sourceId: uuid('source_id'),
  // 0882_multi_select
  correctAnswers: jsonb('correct_answers').$type<number[]>(),
  scoring: text('scoring', { enum: ['all', 'partial'] }),
  // 0971_written_answers
  kind: text('kind', { enum: ['choice', 'text'] })
    .notNull()
    .default('choice'),
  rubric: text('rubric').notNull().default(''),
  // 0972_starter_copies
  starterSlug: text('starter_slug'),
});

export interface IoPair {
  input: string;
  output: string;
}

export const codingProblems = pgTable('coding_problems', {
  id: uuid('id').primaryKey().defaultRandom(),
  testId: uuid('test_id'),
  companyId: uuid('company_id'),
  createdBy: uuid('created_by').notNull(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  examples: jsonb('examples').$type<IoPair[]>().notNull().default([]),
  testCases: jsonb('test_cases').$type<IoPair[]>().notNull().default([]),
  constraints: jsonb('constraints').$type<string[]>().notNull().default([]),
  marks: integer('marks').notNull().default(25),
  solution: text('solution').notNull().default(''),
  starterCode: jsonb('starter_code').$type<Record<string, string>>().notNull().default({}),
  timeLimitMs: integer('time_limit_ms').notNull().default(2000),
  memoryLimitMb: integer('memory_limit_mb').notNull().default(256),
  floatTolerance: doublePrecision('float_tolerance'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  // 0801_problem_comparison
  comparisonMode: text('comparison_mode', { enum: ['token', 'case-insensitive', 'exact', 'float'] })
    .notNull()
    .default('token'),
  // 0802_problem_versions
  version: integer('version').notNull().default(1),
  solutionLanguage: text('solution_language'),
  // 0803_solution_check
  solutionCheck: jsonb('solution_check').$type<SolutionCheck>(),
  // 0845_library
  tags: jsonb('tags').$type<string[]>().notNull().default([]),
  difficulty: text('difficulty', { enum: ['easy', 'medium', 'hard'] }),
  sourceId: uuid('source_id'),
  // 0881_function_problems
  kind: text('kind', { enum: ['stdio', 'function', 'sql', 'project'] })
    .notNull()
    .default('stdio'),
  signature: jsonb('signature').$type<FunctionSignatureJson>(),
  unorderedResult: boolean('unordered_result').notNull().default(false),
  // 0961_sql_problems
  sqlSchema: text('sql_schema'),
  orderMatters: boolean('order_matters').notNull().default(false),
  // 0972_starter_copies
  starterSlug: text('starter_slug'),
  // 1241_project_problems: a project problem's file tree, tests and marks (ZProjectSpec in @assessly/shared)
  project: jsonb('project').$type<TProjectSpec>(),
});

/** A function problem's signature (0881_function_problems; checked by ZFunctionSignature in @assessly/shared). */
export interface FunctionSignatureJson {
  name: string;
  params: { name: string; type: string }[];
  returns: string;
}

/** The last model-solution check of a problem (0803_solution_check). */
export interface SolutionCheck {
  verdict: string;
  passedCount: number;
  totalCount: number;
  checkedAt: string;
  /** sha256 of the solution, its language and the judging content it was checked against. */
  fingerprint: string;
}

/** What a judging needs of a problem at one version (0802_problem_versions). */
export interface ProblemSnapshot {
  title: string;
  description: string;
  examples: IoPair[];
  testCases: IoPair[];
  constraints: string[];
  marks: number;
  timeLimitMs: number;
  memoryLimitMb: number;
  floatTolerance: number | null;
  comparisonMode: 'token' | 'case-insensitive' | 'exact' | 'float';
  /** 0881_function_problems; absent in snapshots taken before it (they are stdio problems). */
  kind?: 'stdio' | 'function' | 'sql' | 'project';
  signature?: FunctionSignatureJson | null;
  unorderedResult?: boolean;
  /** 0961_sql_problems: an SQL problem's schema and row-order rule. */
  sqlSchema?: string | null;
  orderMatters?: boolean;
  /** 1241_project_problems: a project problem's whole tree, tests and marks. */
  project?: TProjectSpec | null;
}

export const problemVersions = pgTable(
  'problem_versions',
  {
    problemId: uuid('problem_id').notNull(),
    version: integer('version').notNull(),
    snapshot: jsonb('snapshot').$type<ProblemSnapshot>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.problemId, t.version] })],
);

export const problemRejudges = pgTable('problem_rejudges', {
  id: uuid('id').primaryKey().defaultRandom(),
  problemId: uuid('problem_id').notNull(),
  toVersion: integer('to_version').notNull(),
  requestedBy: uuid('requested_by').notNull(),
  submissionCount: integer('submission_count').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const invitations = pgTable('invitations', {
  id: uuid('id').primaryKey().defaultRandom(),
  testId: uuid('test_id').notNull(),
  email: text('email').notNull(),
  tokenHash: text('token_hash').notNull(),
  invitedBy: uuid('invited_by'),
  status: text('status', { enum: ['invited', 'started', 'submitted'] })
    .notNull()
    .default('invited'),
  sentAt: ts('sent_at'),
  reminderSentAt: ts('reminder_sent_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  // 0843_accommodations
  extraMinutes: integer('extra_minutes'),
  timeMultiplier: doublePrecision('time_multiplier'),
  accommodationNote: text('accommodation_note'),
});

export const attempts = pgTable('attempts', {
  id: uuid('id').primaryKey().defaultRandom(),
  testId: uuid('test_id').notNull(),
  userId: uuid('user_id').notNull(),
  startedAt: ts('started_at').notNull().defaultNow(),
  deadlineAt: ts('deadline_at').notNull(),
  endedAt: ts('ended_at'),
  endReason: text('end_reason', { enum: ['manual', 'timeout'] }),
  /** An option index, an array of them (multi-select) or a written answer's text (issue 25). */
  answers: jsonb('answers').$type<Record<string, number | number[] | string>>().notNull().default({}),
  flagged: jsonb('flagged').$type<string[]>().notNull().default([]),
  score: doublePrecision('score'),
  maxScore: doublePrecision('max_score'),
  /** A stage key of the company's pipeline (issue 26, migration 1071): pending, shortlisted, rejected or its own. */
  hiringStatus: text('hiring_status').notNull().default('pending'),
  createdAt: ts('created_at').notNull().defaultNow(),
  // 0401_taking
  languages: jsonb('languages').$type<Record<string, string>>().notNull().default({}),
  finalizedAt: ts('finalized_at'),
  // 0811_proctoring_identity
  proctored: boolean('proctored').notNull().default(false),
  lastFrameAt: ts('last_frame_at'),
  cameraLostEventId: uuid('camera_lost_event_id'),
  faceUnavailableSince: ts('face_unavailable_since'),
  // 0812_proctoring_challenges
  challengeId: text('challenge_id'),
  challengeIssuedAt: ts('challenge_issued_at'),
  nextChallengeAt: ts('next_challenge_at'),
  // 1061_spot_check_cadence
  spotCleanStreak: integer('spot_clean_streak').notNull().default(0),
  // 0842_preview_attempts
  isPreview: boolean('is_preview').notNull().default(false),
  // 0843_accommodations
  extraMinutes: integer('extra_minutes').notNull().default(0),
  accommodationNote: text('accommodation_note'),
  // 0844_review_notes
  statusChangedAt: ts('status_changed_at'),
  statusMailed: text('status_mailed'),
  // 1032_status_notify: the current status was set without telling the candidate (no status email).
  statusSilent: boolean('status_silent').notNull().default(false),
  // 0971_written_answers
  awaitingGrading: boolean('awaiting_grading').notNull().default(false),
  gradedAt: ts('graded_at'),
  // 1181_test_sections (issue 46): when this attempt entered and left each section of a mixed test
  sectionLog: jsonb('section_log').$type<SectionLogEntry[]>().notNull().default([]),
  // 1261_accommodation_requests (issue 46): a granted request's effect on this sitting
  cameraWaived: boolean('camera_waived').notNull().default(false),
  screenReader: boolean('screen_reader').notNull().default(false),
});

export const codeDrafts = pgTable(
  'code_drafts',
  {
    attemptId: uuid('attempt_id').notNull(),
    questionId: uuid('question_id').notNull(),
    language: text('language').notNull(),
    code: text('code').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /** 0831: bumped on every save; a save based on an older revision is refused (DRAFT_STALE). */
    revision: integer('revision').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.questionId, t.language] })],
);

/** A candidate's project workspace (1241_project_problems): path → text, its revision and its last run. */
export const projectWorkspaces = pgTable(
  'project_workspaces',
  {
    attemptId: uuid('attempt_id').notNull(),
    problemId: uuid('problem_id').notNull(),
    files: jsonb('files').$type<Record<string, string>>().notNull().default({}),
    revision: integer('revision').notNull().default(0),
    lastRun: jsonb('last_run').$type<TProjectRunResult>(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.problemId] })],
);
export type ProjectWorkspaceRow = typeof projectWorkspaces.$inferSelect;

export const submissions = pgTable('submissions', {
  id: uuid('id').primaryKey().defaultRandom(),
  testId: uuid('test_id').notNull(),
  userId: uuid('user_id').notNull(),
  attemptId: uuid('attempt_id'),
  questionId: uuid('question_id').notNull(),
  questionNumber: integer('question_number').notNull(),
  language: text('language').notNull(),
  code: text('code').notNull(),
  status: text('status', { enum: ['queued', 'running', 'judged', 'error'] })
    .notNull()
    .default('queued'),
  verdict: text('verdict'),
  compileOutput: text('compile_output'),
  results: jsonb('results').$type<unknown[]>().notNull().default([]),
  passedCount: integer('passed_count').notNull().default(0),
  totalCount: integer('total_count').notNull().default(0),
  score: doublePrecision('score').notNull().default(0),
  maxScore: doublePrecision('max_score').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
  judgedAt: ts('judged_at'),
  // 0201_judging
  claimedAt: ts('claimed_at'),
  judgeAttempts: integer('judge_attempts').notNull().default(0),
  // 0802_problem_versions
  problemVersion: integer('problem_version').notNull().default(1),
  judgeHistory: jsonb('judge_history').$type<JudgeHistoryEntry[]>().notNull().default([]),
  // 0821_submission_idempotency
  idempotencyKey: text('idempotency_key'),
});

/** A result a re-judge replaced, kept readable for employers (0802_problem_versions). */
export interface JudgeHistoryEntry {
  problemVersion: number;
  verdict: string | null;
  compileOutput: string | null;
  results: unknown[];
  passedCount: number;
  totalCount: number;
  score: number;
  judgedAt: string | null;
  rejudgedAt: string;
  rejudgedBy: string;
}

export const proctoringEvents = pgTable('proctoring_events', {
  id: uuid('id').primaryKey().defaultRandom(),
  attemptId: uuid('attempt_id').notNull(),
  kind: text('kind').notNull(),
  detail: text('detail').notNull().default(''),
  frameKey: text('frame_key'),
  occurredAt: ts('occurred_at').notNull().defaultNow(),
  // 0813_proctoring_review
  threshold: doublePrecision('threshold'),
  score: doublePrecision('score'),
  response: text('response'),
  respondedAt: ts('responded_at'),
  framePurgedAt: ts('frame_purged_at'),
  // 0862_event_source: who recorded it (the page may send only page kinds)
  source: text('source', { enum: ['page', 'server'] })
    .notNull()
    .default('server'),
  // 1251_identity_review (issue 41): a reviewer's decision on a live_unconfirmed event
  identityDecision: text('identity_decision', { enum: ['confirmed', 'rejected'] }),
  identityDecidedBy: uuid('identity_decided_by'),
  identityDecidedAt: ts('identity_decided_at'),
  identityNote: text('identity_note'),
});

export const faceEnrollments = pgTable('face_enrollments', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  attemptId: uuid('attempt_id'),
  descriptor: jsonb('descriptor').$type<number[]>().notNull(),
  model: text('model').notNull(),
  frameKey: text('frame_key'),
  createdAt: ts('created_at').notNull().defaultNow(),
  // 0811_proctoring_identity: the reference enrolment of a candidate for a test
  testId: uuid('test_id'),
  // 0991_enrolment_liveness: the live sequence the server judged on this reference
  liveMinYaw: doublePrecision('live_min_yaw'),
  liveMaxYaw: doublePrecision('live_max_yaw'),
  livePassedAt: ts('live_passed_at'),
});

// 0811_proctoring_identity
/** 1261_accommodation_requests (issue 46): what a candidate asked for before starting, and the decision. */
export const accommodationRequests = pgTable('accommodation_requests', {
  id: uuid('id').primaryKey().defaultRandom(),
  testId: uuid('test_id').notNull(),
  userId: uuid('user_id').notNull(),
  kinds: jsonb('kinds').$type<('extra_time' | 'no_camera' | 'screen_reader')[]>().notNull(),
  extraMinutes: integer('extra_minutes'),
  reason: text('reason').notNull(),
  status: text('status', { enum: ['pending', 'granted', 'refused'] })
    .notNull()
    .default('pending'),
  grantedMinutes: integer('granted_minutes'),
  decisionNote: text('decision_note'),
  decidedBy: uuid('decided_by'),
  decidedAt: ts('decided_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
export type AccommodationRequestRow = typeof accommodationRequests.$inferSelect;

export const faceOutages = pgTable(
  'face_outages',
  {
    userId: uuid('user_id').notNull(),
    testId: uuid('test_id').notNull(),
    since: ts('since').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.testId] })],
);

export const emailTemplates = pgTable(
  'email_templates',
  {
    companyId: uuid('company_id').notNull(),
    kind: text('kind', { enum: ['shortlisted', 'rejected', 'invitation', 'reminder'] }).notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.kind] })],
);

// 0851_integrations (issue 14): audit log, API tokens, webhooks, retention, erased users.
export const auditLog = pgTable('audit_log', {
  id: uuid('id').primaryKey().defaultRandom(),
  companyId: uuid('company_id'),
  actorId: uuid('actor_id'),
  action: text('action').notNull(),
  targetType: text('target_type').notNull().default(''),
  targetId: text('target_id').notNull().default(''),
  ip: text('ip').notNull().default(''),
  detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const apiTokens = pgTable('api_tokens', {
  id: uuid('id').primaryKey().defaultRandom(),
  companyId: uuid('company_id').notNull(),
  createdBy: uuid('created_by').notNull(),
  name: text('name').notNull(),
  tokenHash: text('token_hash').notNull(),
  scopes: jsonb('scopes').$type<string[]>().notNull().default([]),
  createdAt: ts('created_at').notNull().defaultNow(),
  lastUsedAt: ts('last_used_at'),
  revokedAt: ts('revoked_at'),
});

export const webhooks = pgTable('webhooks', {
  id: uuid('id').primaryKey().defaultRandom(),
  companyId: uuid('company_id').notNull(),
  createdBy: uuid('created_by').notNull(),
  url: text('url').notNull(),
  events: jsonb('events').$type<string[]>().notNull().default([]),
  secret: text('secret').notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const webhookDeliveries = pgTable('webhook_deliveries', {
  id: uuid('id').primaryKey().defaultRandom(),
  webhookId: uuid('webhook_id').notNull(),
  event: text('event').notNull(),
  // 0852_webhook_subjects: what the event is about; unique per webhook and event.
  subject: text('subject').notNull().default(''),
  body: text('body').notNull(),
  status: text('status', { enum: ['pending', 'delivered', 'failed'] })
    .notNull()
    .default('pending'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
  lockedUntil: ts('locked_until'),
  lastAttemptAt: ts('last_attempt_at'),
  responseStatus: integer('response_status'),
  responseBody: text('response_body'),
  error: text('error'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const companyRetention = pgTable('company_retention', {
  companyId: uuid('company_id').primaryKey(),
  framesDays: integer('frames_days'),
  codeDays: integer('code_days'),
  personalDays: integer('personal_days'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

// 0853_sso (issue 14): OpenID Connect per company, and sign-ins in flight.
export const ssoConnections = pgTable('sso_connections', {
  companyId: uuid('company_id').primaryKey(),
  emailDomain: text('email_domain').notNull(),
  issuer: text('issuer').notNull(),
  clientId: text('client_id').notNull(),
  clientSecret: text('client_secret').notNull(),
  defaultRole: text('default_role', { enum: ['admin', 'recruiter', 'reviewer'] })
    .notNull()
    .default('recruiter'),
  enabled: boolean('enabled').notNull().default(true),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  // 0861_sso_trust
  domainToken: text('domain_token').notNull().default(''),
  domainVerifiedAt: ts('domain_verified_at'),
  // 1231_saml (issue 45): the company's provider speaks OIDC or SAML; the SAML identity provider's facts
  protocol: text('protocol', { enum: ['oidc', 'saml'] })
    .notNull()
    .default('oidc'),
  samlIdpEntityId: text('saml_idp_entity_id').notNull().default(''),
  samlIdpSsoUrl: text('saml_idp_sso_url').notNull().default(''),
  samlIdpCerts: jsonb('saml_idp_certs').$type<string[]>().notNull().default([]),
  samlMetadataUrl: text('saml_metadata_url'),
});

// 1231_saml: assertion ids already accepted, kept until they expire (a replayed assertion is refused)
export const samlAssertions = pgTable(
  'saml_assertions',
  {
    companyId: uuid('company_id').notNull(),
    assertionId: text('assertion_id').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.assertionId] })],
);

export const ssoStates = pgTable('sso_states', {
  state: text('state').primaryKey(),
  companyId: uuid('company_id').notNull(),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  expiresAt: ts('expires_at').notNull(),
  // 0861_sso_trust: set when a signed-in member links their own account to the provider
  linkUserId: uuid('link_user_id'),
});

// 0861_sso_trust
export const ssoIdentities = pgTable(
  'sso_identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id').notNull(),
    companyId: uuid('company_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.issuer, t.subject] })],
);

// 0844_review_notes
export const attemptNotes = pgTable('attempt_notes', {
  id: uuid('id').primaryKey().defaultRandom(),
  attemptId: uuid('attempt_id').notNull(),
  authorId: uuid('author_id'),
  body: text('body').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

// 0911_shared_limits (issue 28): rate limits and sign-in throttles shared by API processes (PostgreSQL mode).
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  windowEnds: ts('window_ends').notNull(),
});

export const signinFailures = pgTable('signin_failures', {
  account: text('account').primaryKey(),
  failures: integer('failures').notNull(),
  since: ts('since').notNull(),
});

// 1041_face_call_leases (issue 28): one face call at a time per user across API processes (PostgreSQL mode).
export const faceCallLeases = pgTable('face_call_leases', {
  userId: uuid('user_id').primaryKey(),
  token: text('token').notNull(),
  expiresAt: ts('expires_at').notNull(),
});
// 1091_stream_slots (issue 28): open verdict streams per user across API processes (PostgreSQL mode).
export const streamSlots = pgTable(
  'stream_slots',
  {
    userId: uuid('user_id').notNull(),
    slot: integer('slot').notNull(),
    token: text('token').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.slot] })],
);
// 0921_edit_streams (issue 29): code playback streams, their compressed edit batches, candidates' answers.
export const editStreams = pgTable(
  'edit_streams',
  {
    attemptId: uuid('attempt_id').notNull(),
    questionId: uuid('question_id').notNull(),
    language: text('language').notNull(),
    text: text('text').notNull().default(''),
    textHash: text('text_hash').notNull(),
    lastSeq: integer('last_seq').notNull().default(0),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    // 1001_playback_runs
    eventCount: integer('event_count').notNull().default(0),
    // 1101_edit_budget: characters inserted plus deleted, and the `at` of the last stored edit
    chars: integer('chars').notNull().default(0),
    lastAt: integer('last_at').notNull().default(0),
    // 1101_edit_budget: the edit pattern's fingerprint (integrity.rules.ts patternStep)
    patternHash: text('pattern_hash').notNull().default(''),
    patternCount: integer('pattern_count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.questionId, t.language] })],
);

// 1001_playback_runs (issue 29): each Run of an attempt's code, for the replay's timeline.
export const codeRuns = pgTable('code_runs', {
  id: uuid('id').primaryKey().defaultRandom(),
  attemptId: uuid('attempt_id').notNull(),
  questionId: uuid('question_id').notNull(),
  language: text('language').notNull(),
  verdict: text('verdict'),
  passed: integer('passed').notNull(),
  total: integer('total').notNull(),
  ranAt: ts('ran_at').notNull().defaultNow(),
});

export const editBatches = pgTable(
  'edit_batches',
  {
    attemptId: uuid('attempt_id').notNull(),
    questionId: uuid('question_id').notNull(),
    language: text('language').notNull(),
    seq: integer('seq').notNull(),
    eventCount: integer('event_count').notNull(),
    eventsGz: text('events_gz').notNull(),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.questionId, t.language, t.seq] })],
);

export const integrityResponses = pgTable(
  'integrity_responses',
  {
    attemptId: uuid('attempt_id').notNull(),
    signalId: text('signal_id').notNull(),
    response: text('response').notNull(),
    respondedAt: ts('responded_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.signalId] })],
);
// 0931_interviews (issue 30): live interview rooms, their stored Yjs updates and their runs.
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });
export type InterviewRow = typeof interviews.$inferSelect;
export type InterviewScorecard = {
  ratings: { criterion: string; score: number }[];
  recommendation: 'strong_no' | 'no' | 'yes' | 'strong_yes';
  summary: string;
};
export const interviews = pgTable('interviews', {
  id: uuid('id').primaryKey().defaultRandom(),
  companyId: uuid('company_id').notNull(),
  createdBy: uuid('created_by'),
  title: text('title').notNull(),
  candidateEmail: text('candidate_email').notNull(),
  candidateName: text('candidate_name'),
  joinTokenHash: text('join_token_hash').notNull(),
  scheduledAt: ts('scheduled_at'),
  durationMinutes: integer('duration_minutes'),
  languages: jsonb('languages').$type<string[]>().notNull().default([]),
  problemIds: jsonb('problem_ids').$type<string[]>().notNull().default([]),
  interviewerIds: jsonb('interviewer_ids').$type<string[]>().notNull().default([]),
  revealedProblemId: uuid('revealed_problem_id'),
  startedAt: ts('started_at'),
  endedAt: ts('ended_at'),
  scorecard: jsonb('scorecard').$type<InterviewScorecard>(),
  scorecardBy: uuid('scorecard_by'),
  scorecardAt: ts('scorecard_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const interviewUpdates = pgTable('interview_updates', {
  // bigserial in SQL: a bigint whose default is its sequence
  id: bigint('id', { mode: 'number' }).primaryKey().default(sql`nextval('interview_updates_id_seq')`),
  interviewId: uuid('interview_id').notNull(),
  doc: text('doc', { enum: ['code', 'notes'] }).notNull(),
  data: bytea('data').notNull(),
  compacted: boolean('compacted').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const interviewRuns = pgTable('interview_runs', {
  id: uuid('id').primaryKey().defaultRandom(),
  interviewId: uuid('interview_id').notNull(),
  kind: text('kind', { enum: ['run', 'hidden'] }).notNull(),
  language: text('language').notNull(),
  code: text('code').notNull(),
  input: text('input').notNull().default(''),
  result: jsonb('result').$type<unknown>().notNull(),
  runBy: text('run_by').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

// 0891_contact_messages
export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

// 0971_written_answers (issue 25): a reviewer's grade of one written answer.
export const writtenGrades = pgTable(
  'written_grades',
  {
    attemptId: uuid('attempt_id').notNull(),
    questionId: uuid('question_id').notNull(),
    score: doublePrecision('score').notNull(),
    comment: text('comment').notNull().default(''),
    gradedBy: uuid('graded_by'),
    gradedAt: ts('graded_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.questionId] })],
);
export type WrittenGradeRow = typeof writtenGrades.$inferSelect;

// 1131_scim (issue 45): the company's SCIM bearer token (its SHA-256) and the users its provider knows.
export const scimTokens = pgTable('scim_tokens', {
  companyId: uuid('company_id').primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  createdBy: uuid('created_by').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  lastUsedAt: ts('last_used_at'),
});

export const scimUsers = pgTable(
  'scim_users',
  {
    companyId: uuid('company_id').notNull(),
    userId: uuid('user_id').notNull(),
    externalId: text('external_id'),
    role: text('role', { enum: ['admin', 'recruiter', 'reviewer'] })
      .notNull()
      .default('reviewer'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.userId] })],
);
export type ScimUserRow = typeof scimUsers.$inferSelect;

// 1221_ai_assistant (issue 44): a test's AI assistant settings (no row: off) and every exchange of an attempt.
export const aiSettings = pgTable('ai_settings', {
  testId: uuid('test_id').primaryKey(),
  mode: text('mode', { enum: ['off', 'explain', 'hints', 'full'] })
    .notNull()
    .default('off'),
  instruction: text('instruction').notNull().default(''),
  maxMessages: integer('max_messages').notNull().default(20),
  maxTokens: integer('max_tokens').notNull().default(20000),
  // 1222_ai_follow_ups
  followUps: boolean('follow_ups').notNull().default(false),
  updatedBy: uuid('updated_by'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
export type AiSettingsRow = typeof aiSettings.$inferSelect;

export const aiExchanges = pgTable('ai_exchanges', {
  id: uuid('id').primaryKey().defaultRandom(),
  attemptId: uuid('attempt_id').notNull(),
  questionId: uuid('question_id'),
  atMs: integer('at_ms').notNull().default(0),
  askedAt: ts('asked_at').notNull().defaultNow(),
  question: text('question').notNull(),
  code: text('code').notNull().default(''),
  answer: text('answer').notNull().default(''),
  status: text('status', { enum: ['pending', 'ok', 'failed'] })
    .notNull()
    .default('pending'),
  error: text('error'),
  promptTokens: integer('prompt_tokens').notNull().default(0),
  completionTokens: integer('completion_tokens').notNull().default(0),
  model: text('model').notNull().default(''),
  mode: text('mode', { enum: ['off', 'explain', 'hints', 'full'] })
    .notNull()
    .default('off'),
});
export type AiExchangeRow = typeof aiExchanges.$inferSelect;
// 1211_ats (issue 45): ATS connectors, the tests they ordered, and what we send back.
export const atsConnections = pgTable(
  'ats_connections',
  {
    companyId: uuid('company_id').notNull(),
    vendor: text('vendor', { enum: ['greenhouse', 'lever', 'ashby', 'workable'] }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    inboundKeyHash: text('inbound_key_hash').unique(),
    secrets: text('secrets').notNull(),
    settings: jsonb('settings').$type<Record<string, string | null>>().notNull().default({}),
    createdBy: uuid('created_by').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.vendor] })],
);

export const atsOrders = pgTable('ats_orders', {
  id: uuid('id').primaryKey().defaultRandom(),
  companyId: uuid('company_id').notNull(),
  vendor: text('vendor', { enum: ['greenhouse', 'lever', 'ashby', 'workable'] }).notNull(),
  externalKey: text('external_key').notNull(),
  testId: uuid('test_id').notNull(),
  invitationId: uuid('invitation_id'),
  email: text('email').notNull(),
  callbackUrl: text('callback_url'),
  context: jsonb('context').$type<Record<string, string | null>>().notNull().default({}),
  status: text('status', { enum: ['sent', 'completed', 'cancelled'] })
    .notNull()
    .default('sent'),
  attemptId: uuid('attempt_id'),
  score: doublePrecision('score'),
  maxScore: doublePrecision('max_score'),
  passed: boolean('passed'),
  completedAt: ts('completed_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const atsDeliveries = pgTable('ats_deliveries', {
  id: uuid('id').primaryKey().defaultRandom(),
  companyId: uuid('company_id').notNull(),
  orderId: uuid('order_id').notNull(),
  vendor: text('vendor', { enum: ['greenhouse', 'lever', 'ashby', 'workable'] }).notNull(),
  kind: text('kind').notNull(),
  method: text('method', { enum: ['POST', 'PUT', 'PATCH'] }).notNull(),
  url: text('url').notNull(),
  body: text('body').notNull(),
  status: text('status', { enum: ['pending', 'delivered', 'failed'] })
    .notNull()
    .default('pending'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
  lockedUntil: ts('locked_until'),
  lastAttemptAt: ts('last_attempt_at'),
  responseStatus: integer('response_status'),
  responseBody: text('response_body'),
  error: text('error'),
  createdAt: ts('created_at').notNull().defaultNow(),
});
export type AtsConnectionRow = typeof atsConnections.$inferSelect;
export type AtsOrderRow = typeof atsOrders.$inferSelect;
export type AtsDeliveryRow = typeof atsDeliveries.$inferSelect;

// 1222_ai_follow_ups (issue 44): short questions about the candidate's own submitted code, answered in writing.
// (UNIQUE (attempt_id, question_id, n) in the SQL)
export const aiFollowUps = pgTable('ai_follow_ups', {
  id: uuid('id').primaryKey().defaultRandom(),
  attemptId: uuid('attempt_id').notNull(),
  questionId: uuid('question_id').notNull(),
  submissionId: uuid('submission_id'),
  n: integer('n').notNull(),
  prompt: text('prompt').notNull(),
  source: text('source', { enum: ['model', 'rules'] }).notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  dueAt: ts('due_at').notNull(),
  answer: text('answer'),
  answeredAt: ts('answered_at'),
});
export type AiFollowUpRow = typeof aiFollowUps.$inferSelect;
