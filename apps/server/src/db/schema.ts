/**
 * Drizzle mirror of the SQL migrations in ./migrations (the SQL is the source of truth; keep both in step).
 * Column names are snake_case in SQL and camelCase here.
 */
import {
  boolean,
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
  createdAt: ts('created_at').notNull().defaultNow(),
  // 0813_proctoring_review
  frameRetentionDays: integer('frame_retention_days').notNull().default(90),
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
  companyRole: text('company_role', { enum: ['admin', 'recruiter'] }),
  emailVerifiedAt: ts('email_verified_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
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
});

export const attempts = pgTable('attempts', {
  id: uuid('id').primaryKey().defaultRandom(),
  testId: uuid('test_id').notNull(),
  userId: uuid('user_id').notNull(),
  startedAt: ts('started_at').notNull().defaultNow(),
  deadlineAt: ts('deadline_at').notNull(),
  endedAt: ts('ended_at'),
  endReason: text('end_reason', { enum: ['manual', 'timeout'] }),
  answers: jsonb('answers').$type<Record<string, number>>().notNull().default({}),
  flagged: jsonb('flagged').$type<string[]>().notNull().default([]),
  score: doublePrecision('score'),
  maxScore: doublePrecision('max_score'),
  hiringStatus: text('hiring_status', { enum: ['pending', 'shortlisted', 'rejected'] })
    .notNull()
    .default('pending'),
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
});

export const codeDrafts = pgTable(
  'code_drafts',
  {
    attemptId: uuid('attempt_id').notNull(),
    questionId: uuid('question_id').notNull(),
    language: text('language').notNull(),
    code: text('code').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.questionId, t.language] })],
);

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
});

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
});

// 0811_proctoring_identity
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
