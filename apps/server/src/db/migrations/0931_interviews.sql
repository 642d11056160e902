-- Live interviews (issue 30): a shared coding room per interview. The room's Yjs documents ('code' shared by
-- everyone, 'notes' for interviewers only) are stored as the updates that arrived; compaction merges the updates of
-- one short time bucket into one row, so the history stays replayable at that resolution.
CREATE TABLE interviews (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  title text NOT NULL,
  candidate_email text NOT NULL,
  candidate_name text,
  join_token_hash text NOT NULL,
  scheduled_at timestamptz,
  duration_minutes integer,
  languages jsonb NOT NULL DEFAULT '[]'::jsonb,
  problem_ids jsonb NOT NULL DEFAULT '[]'::jsonb,
  interviewer_ids jsonb NOT NULL DEFAULT '[]'::jsonb,
  revealed_problem_id uuid REFERENCES coding_problems (id) ON DELETE SET NULL,
  started_at timestamptz,
  ended_at timestamptz,
  scorecard jsonb,
  scorecard_by uuid REFERENCES users (id) ON DELETE SET NULL,
  scorecard_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX interviews_company_idx ON interviews (company_id, created_at DESC);
CREATE INDEX interviews_candidate_idx ON interviews (candidate_email);

CREATE TABLE interview_updates (
  id bigserial PRIMARY KEY,
  interview_id uuid NOT NULL REFERENCES interviews (id) ON DELETE CASCADE,
  doc text NOT NULL CHECK (doc IN ('code', 'notes')),
  data bytea NOT NULL,
  compacted boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX interview_updates_doc_idx ON interview_updates (interview_id, doc, id);

CREATE TABLE interview_runs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  interview_id uuid NOT NULL REFERENCES interviews (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('run', 'hidden')),
  language text NOT NULL,
  code text NOT NULL,
  input text NOT NULL DEFAULT '',
  result jsonb NOT NULL,
  run_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX interview_runs_interview_idx ON interview_runs (interview_id, created_at);
