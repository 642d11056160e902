/**
 * Review queries. Every list is aggregated in SQL and answered by ONE query per page (no N+1): the
 * dashboard and the submissions page must stay fast with a hiring drive's data (issue 8: 200 tests,
 * 20,000 submissions). Column aliases are camelCase so rows map straight onto the API types.
 */

import type { TDashboardSubmission } from '@assessly/shared';
import type { Database } from '../../db/client';
import type { FunctionSignatureJson } from '../../db/schema';

/**
 * A candidate's score on a test. CODING: the sum over problems of the BEST judged submission's score per problem
 * (highest score, latest on ties), out of the sum of the test's problem marks, plus its questions' part
 * (issue 25: the attempt's score holds the grades, out of the written questions' marks; issue 46: a mixed test's
 * single- and multi-select questions are in that part too). APTITUDE: the attempt's
 * score.
 */
export const SCORE_LATERALS = `
  LEFT JOIN LATERAL (
    SELECT sum(b.score)::float8 AS score, sum(b.max_score)::float8 AS max_score
    FROM (SELECT DISTINCT ON (s.question_id) s.score, s.max_score FROM submissions s
          WHERE s.test_id = a.test_id AND s.user_id = a.user_id AND s.status = 'judged'
          ORDER BY s.question_id, s.score DESC, s.created_at DESC) b
  ) cs ON true
  LEFT JOIN LATERAL (
    SELECT sum(cp.marks)::float8 AS marks FROM coding_problems cp
    WHERE cp.id::text IN (SELECT jsonb_array_elements_text(t.question_ids))
  ) pm ON true
  LEFT JOIN LATERAL (
    SELECT sum(wq.marks)::float8 AS marks FROM aptitude_questions wq
    WHERE wq.id::text IN (SELECT jsonb_array_elements_text(t.written_question_ids))
  ) wm ON true`;
export const SCORE_EXPR = `(CASE WHEN t.test_type = 'CODING' THEN coalesce(cs.score, 0) + coalesce(a.score, 0)
  ELSE coalesce(a.score, 0) END)`;
export const MAX_EXPR = `(CASE WHEN t.test_type = 'CODING'
  THEN coalesce(nullif(pm.marks, 0), cs.max_score, CASE WHEN wm.marks IS NULL THEN t.total_marks ELSE 0 END) + coalesce(wm.marks, 0)
  ELSE coalesce(a.max_score, t.total_marks) END)`;

/** Submissions of preview attempts (a company member taking its own test) never count anywhere in review. */
export const NOT_PREVIEW_SUBMISSION = `NOT EXISTS (SELECT 1 FROM attempts pa
  WHERE pa.test_id = s.test_id AND pa.user_id = s.user_id AND pa.is_preview)`;

// The dashboard's figures are counted in dashboard-figures.ts.

export interface ReportSubmission {
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
  createdAt: Date;
  results: unknown[];
  problemVersion: number;
  judgeHistory: TDashboardSubmission['judgeHistory'];
  candidate: Record<string, string>;
  hiringStatus: string | null;
  attemptStartedAt: Date | null;
  proctored: boolean;
  eventCounts: Record<string, number> | null;
  eventTotal: number;
  events:
    | {
        id: string;
        kind: string;
        detail: string;
        occurredAt: string;
        hasFrame: boolean;
        threshold: number | null;
        score: number | null;
        response: string | null;
        source: 'page' | 'server';
      }[]
    | null;
  totalRows: number;
}

/** One page of a test's submissions with the candidate of each submission and its attempt's proctoring summary. */
export function submissionsPage(database: Database, testId: string, limit: number, offset: number, eventsPerRow = 12) {
  return database.query<ReportSubmission>(
    `SELECT s.id, a.id AS "attemptId", s.question_number AS "questionNumber", s.question_id AS "questionId",
            s.language, s.code, s.status, s.verdict, s.passed_count AS passed, s.total_count AS total,
            s.score, s.max_score AS "maxScore", s.created_at AS "createdAt", s.results,
            s.problem_version AS "problemVersion", s.judge_history AS "judgeHistory",
            jsonb_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name, 'email', u.email,
              'role', u.role, 'gender', u.gender, 'dob', u.dob, 'mobileNumber', u.mobile_number, 'bio', u.bio,
              'educationDetails', u.education_details, 'experienceDetails', u.experience_details) AS candidate,
            a.hiring_status AS "hiringStatus", a.started_at AS "attemptStartedAt", coalesce(a.proctored, false) AS proctored,
            ev.counts AS "eventCounts", coalesce(ev.total, 0)::int AS "eventTotal", evl.list AS events,
            count(*) OVER ()::int AS "totalRows"
     FROM submissions s
     JOIN users u ON u.id = s.user_id
     -- (test_id, user_id) is unique on attempts: the submission's attempt even when attempt_id was not set.
     LEFT JOIN attempts a ON a.test_id = s.test_id AND a.user_id = s.user_id
     LEFT JOIN LATERAL (
       SELECT jsonb_object_agg(k.kind, k.n) AS counts, sum(k.n) AS total
       FROM (SELECT pe.kind, count(*)::int AS n FROM proctoring_events pe WHERE pe.attempt_id = a.id GROUP BY pe.kind) k
     ) ev ON true
     LEFT JOIN LATERAL (
       SELECT jsonb_agg(jsonb_build_object('id', e.id, 'kind', e.kind, 'detail', e.detail, 'occurredAt', e.occurred_at,
                'hasFrame', e.frame_key IS NOT NULL, 'threshold', e.threshold, 'score', e.score,
                'response', e.response, 'source', e.source) ORDER BY e.occurred_at) AS list
       FROM (SELECT * FROM proctoring_events pe WHERE pe.attempt_id = a.id
             ORDER BY (pe.frame_key IS NULL), pe.occurred_at LIMIT $4) e
     ) evl ON true
     WHERE s.test_id = $1 AND (a.id IS NULL OR NOT a.is_preview)
     ORDER BY s.created_at DESC, s.id
     LIMIT $2 OFFSET $3`,
    [testId, limit, offset, eventsPerRow],
  );
}

export interface CandidateResultRow {
  attemptId: string;
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  emailVerified: boolean;
  startedAt: Date;
  endedAt: Date | null;
  deadlineAt: Date;
  score: number;
  maxScore: number;
  hiringStatus: string;
  awaitingGrading: boolean;
  extraMinutes: number;
  /** The languages the candidate submitted in (coding tests), by id. */
  languages: string[] | null;
}

/** One row per candidate (attempt) of a test, best score first. */
export function candidateResults(database: Database, testId: string, attemptId?: string) {
  return database.query<CandidateResultRow>(
    `SELECT a.id AS "attemptId", u.id AS "userId", u.first_name AS "firstName", u.last_name AS "lastName", u.email,
            (u.email_verified_at IS NOT NULL) AS "emailVerified",
            a.started_at AS "startedAt", a.ended_at AS "endedAt", a.deadline_at AS "deadlineAt",
            ${SCORE_EXPR} AS score, ${MAX_EXPR} AS "maxScore", a.hiring_status AS "hiringStatus",
            a.awaiting_grading AS "awaitingGrading", a.extra_minutes AS "extraMinutes",
            (SELECT array_agg(DISTINCT sl.language ORDER BY sl.language) FROM submissions sl
              WHERE sl.test_id = a.test_id AND sl.user_id = a.user_id) AS languages
     FROM attempts a
     JOIN tests t ON t.id = a.test_id
     JOIN users u ON u.id = a.user_id
     ${SCORE_LATERALS}
     -- A preview attempt is never a result; its own report (asked for by id) still works.
     WHERE a.test_id = $1 AND ($2::uuid IS NULL OR a.id = $2::uuid) AND ($2::uuid IS NOT NULL OR NOT a.is_preview)
     ORDER BY score DESC, a.started_at, a.id`,
    [testId, attemptId ?? null],
  );
}

export interface MyTestRow {
  testId: string;
  testName: string;
  testType: 'APTITUDE' | 'CODING';
  companyName: string | null;
  startedAt: Date | null;
  endedAt: Date | null;
  deadlineAt: Date | null;
  endTime: Date | null;
  score: number | null;
  maxScore: number | null;
  hiringStatus: string | null;
  invitedAt: Date | null;
  awaitingGrading: boolean | null;
  /** The company shows candidates their score (issue 26); null for an invitation. */
  showScore: boolean | null;
}

/** The candidate's attempts, and invitations to its email it has not started yet. */
export function myTests(database: Database, userId: string, email: string) {
  return database.query<MyTestRow>(
    `SELECT t.id AS "testId", t.test_name AS "testName", t.test_type AS "testType", c.name AS "companyName",
            a.started_at AS "startedAt", a.ended_at AS "endedAt", a.deadline_at AS "deadlineAt", t.end_time AS "endTime",
            ${SCORE_EXPR} AS score, ${MAX_EXPR} AS "maxScore", a.hiring_status AS "hiringStatus", NULL::timestamptz AS "invitedAt",
            a.awaiting_grading AS "awaitingGrading", coalesce(c.show_candidate_score, true) AS "showScore"
     FROM attempts a JOIN tests t ON t.id = a.test_id LEFT JOIN companies c ON c.id = t.company_id
     ${SCORE_LATERALS}
     WHERE a.user_id = $1 AND NOT a.is_preview AND NOT t.is_practice -- issue 46: practice is nobody's result
     UNION ALL
     SELECT t.id, t.test_name, t.test_type, c.name, NULL, NULL, NULL, t.end_time, NULL, NULL, NULL, i.created_at, NULL,
            NULL
     FROM invitations i JOIN tests t ON t.id = i.test_id LEFT JOIN companies c ON c.id = t.company_id
     WHERE lower(i.email) = lower($2)
       -- An invitation is attached only to the verified owner of the address.
       AND EXISTS (SELECT 1 FROM users vu WHERE vu.id = $1 AND vu.email_verified_at IS NOT NULL)
       AND NOT EXISTS (SELECT 1 FROM attempts a WHERE a.test_id = i.test_id AND a.user_id = $1)
     ORDER BY "startedAt" DESC NULLS FIRST, "invitedAt" DESC`,
    [userId, email],
  );
}

export interface LatestCodeRow {
  id: string;
  attemptId: string | null;
  userId: string;
  questionId: string;
  questionNumber: number;
  language: string;
  code: string;
  firstName: string;
  lastName: string;
  email: string;
}

/** Each candidate's latest submission per problem of a test (the code the similarity detector compares). */
export function latestCodePerProblem(database: Database, testId: string) {
  return database.query<LatestCodeRow>(
    `SELECT DISTINCT ON (s.user_id, s.question_id) s.id, s.attempt_id AS "attemptId", s.user_id AS "userId",
            s.question_id AS "questionId", s.question_number AS "questionNumber", s.language, s.code,
            u.first_name AS "firstName", u.last_name AS "lastName", u.email
     FROM submissions s JOIN users u ON u.id = s.user_id
     WHERE s.test_id = $1 AND ${NOT_PREVIEW_SUBMISSION}
     ORDER BY s.user_id, s.question_id, s.created_at DESC`,
    [testId],
  );
}

export interface ReportProblem {
  id: string;
  title: string;
  marks: number;
  starterCode: Record<string, string>;
  kind: 'stdio' | 'function';
  signature: FunctionSignatureJson | null;
}

export function testProblems(database: Database, testId: string) {
  return database.query<ReportProblem>(
    `SELECT cp.id, cp.title, cp.marks, cp.starter_code AS "starterCode", cp.kind, cp.signature FROM coding_problems cp
     WHERE cp.id::text IN (SELECT jsonb_array_elements_text(t.question_ids) FROM tests t WHERE t.id = $1)`,
    [testId],
  );
}

export function iso(d: Date | string | null | undefined): string | null {
  if (d == null) return null;
  return (d instanceof Date ? d : new Date(d)).toISOString();
}
