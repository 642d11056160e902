-- Assessly initial schema. Every feature's tables exist from the start so features can be built in parallel;
-- later migrations add columns. Ids are UUIDs so they cannot be enumerated.

CREATE TABLE companies (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  email text NOT NULL,
  website text,
  industry text,
  company_size text,
  established_year integer,
  description text,
  linkedin_url text,
  logo_key text,
  logo_type text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX companies_email_key ON companies (lower(email));

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL,
  password_hash text NOT NULL,
  first_name text NOT NULL DEFAULT '',
  last_name text NOT NULL DEFAULT '',
  role text NOT NULL DEFAULT 'candidate' CHECK (role IN ('candidate', 'employer')),
  gender text NOT NULL DEFAULT '',
  dob text NOT NULL DEFAULT '',
  mobile_number text NOT NULL DEFAULT '',
  bio text NOT NULL DEFAULT '',
  education_details text NOT NULL DEFAULT '',
  experience_details text NOT NULL DEFAULT '',
  designation text NOT NULL DEFAULT '',
  company_id uuid REFERENCES companies (id) ON DELETE SET NULL,
  company_role text CHECK (company_role IN ('admin', 'recruiter')),
  email_verified_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));
CREATE INDEX users_company_idx ON users (company_id);

CREATE TABLE sessions (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

-- One-time tokens: password reset, email verification, company invitations (kind says which).
CREATE TABLE one_time_tokens (
  token_hash text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('password_reset', 'email_verification', 'company_invite')),
  user_id uuid REFERENCES users (id) ON DELETE CASCADE,
  email text,
  company_id uuid REFERENCES companies (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE outbox (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  to_address text NOT NULL,
  subject text NOT NULL,
  body_text text NOT NULL,
  body_html text,
  kind text NOT NULL DEFAULT 'generic',
  status text NOT NULL DEFAULT 'stored' CHECK (status IN ('stored', 'sent', 'failed')),
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX outbox_to_idx ON outbox (lower(to_address), created_at DESC);

CREATE TABLE tests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid REFERENCES companies (id) ON DELETE CASCADE,
  created_by uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  test_name text NOT NULL,
  test_type text NOT NULL CHECK (test_type IN ('APTITUDE', 'CODING')),
  description text NOT NULL DEFAULT '',
  duration integer NOT NULL DEFAULT 60 CHECK (duration >= 1),
  total_marks integer NOT NULL DEFAULT 100 CHECK (total_marks >= 1),
  passing_marks integer NOT NULL DEFAULT 40 CHECK (passing_marks >= 1),
  start_time timestamptz,
  end_time timestamptz,
  question_ids jsonb NOT NULL DEFAULT '[]'::jsonb,
  is_active boolean NOT NULL DEFAULT true,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (passing_marks <= total_marks)
);
CREATE INDEX tests_company_idx ON tests (company_id, created_at DESC);
CREATE INDEX tests_creator_idx ON tests (created_by, created_at DESC);

CREATE TABLE aptitude_questions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  test_id uuid REFERENCES tests (id) ON DELETE SET NULL,
  company_id uuid REFERENCES companies (id) ON DELETE CASCADE,
  created_by uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  question_text text NOT NULL,
  options jsonb NOT NULL,
  correct_answer integer NOT NULL,
  marks integer NOT NULL DEFAULT 5 CHECK (marks >= 1),
  explanation text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX aptitude_questions_test_idx ON aptitude_questions (test_id);

CREATE TABLE coding_problems (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  test_id uuid REFERENCES tests (id) ON DELETE SET NULL,
  company_id uuid REFERENCES companies (id) ON DELETE CASCADE,
  created_by uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  title text NOT NULL,
  description text NOT NULL,
  examples jsonb NOT NULL DEFAULT '[]'::jsonb,
  test_cases jsonb NOT NULL DEFAULT '[]'::jsonb,
  constraints jsonb NOT NULL DEFAULT '[]'::jsonb,
  marks integer NOT NULL DEFAULT 25 CHECK (marks >= 1),
  solution text NOT NULL DEFAULT '',
  starter_code jsonb NOT NULL DEFAULT '{}'::jsonb,
  time_limit_ms integer NOT NULL DEFAULT 2000,
  memory_limit_mb integer NOT NULL DEFAULT 256,
  float_tolerance double precision,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX coding_problems_test_idx ON coding_problems (test_id);

CREATE TABLE invitations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  test_id uuid NOT NULL REFERENCES tests (id) ON DELETE CASCADE,
  email text NOT NULL,
  token_hash text NOT NULL UNIQUE,
  invited_by uuid REFERENCES users (id) ON DELETE SET NULL,
  status text NOT NULL DEFAULT 'invited' CHECK (status IN ('invited', 'started', 'submitted')),
  sent_at timestamptz,
  reminder_sent_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX invitations_test_email_key ON invitations (test_id, lower(email));

-- An attempt is one candidate's sitting of one test (design.md §5: deadline = min(end_time, start + duration)).
CREATE TABLE attempts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  test_id uuid NOT NULL REFERENCES tests (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  started_at timestamptz NOT NULL DEFAULT now(),
  deadline_at timestamptz NOT NULL,
  ended_at timestamptz,
  end_reason text CHECK (end_reason IN ('manual', 'timeout')),
  answers jsonb NOT NULL DEFAULT '{}'::jsonb,
  flagged jsonb NOT NULL DEFAULT '[]'::jsonb,
  score double precision,
  max_score double precision,
  hiring_status text NOT NULL DEFAULT 'pending' CHECK (hiring_status IN ('pending', 'shortlisted', 'rejected')),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (test_id, user_id)
);
CREATE INDEX attempts_open_idx ON attempts (deadline_at) WHERE ended_at IS NULL;

CREATE TABLE code_drafts (
  attempt_id uuid NOT NULL REFERENCES attempts (id) ON DELETE CASCADE,
  question_id uuid NOT NULL,
  language text NOT NULL,
  code text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (attempt_id, question_id, language)
);

CREATE TABLE submissions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  test_id uuid NOT NULL REFERENCES tests (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  attempt_id uuid REFERENCES attempts (id) ON DELETE CASCADE,
  question_id uuid NOT NULL,
  question_number integer NOT NULL,
  language text NOT NULL,
  code text NOT NULL,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'judged', 'error')),
  verdict text,
  compile_output text,
  results jsonb NOT NULL DEFAULT '[]'::jsonb,
  passed_count integer NOT NULL DEFAULT 0,
  total_count integer NOT NULL DEFAULT 0,
  score double precision NOT NULL DEFAULT 0,
  max_score double precision NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  judged_at timestamptz
);
CREATE INDEX submissions_test_idx ON submissions (test_id, created_at DESC);
CREATE INDEX submissions_user_idx ON submissions (user_id, test_id);
CREATE INDEX submissions_pending_idx ON submissions (created_at) WHERE status IN ('queued', 'running');

CREATE TABLE proctoring_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  attempt_id uuid NOT NULL REFERENCES attempts (id) ON DELETE CASCADE,
  kind text NOT NULL,
  detail text NOT NULL DEFAULT '',
  frame_key text,
  occurred_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX proctoring_events_attempt_idx ON proctoring_events (attempt_id, occurred_at);

-- Enrolled face descriptors; subject is the user, optionally bound to one attempt.
CREATE TABLE face_enrollments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  attempt_id uuid REFERENCES attempts (id) ON DELETE CASCADE,
  descriptor jsonb NOT NULL,
  model text NOT NULL,
  frame_key text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX face_enrollments_user_idx ON face_enrollments (user_id, created_at DESC);

CREATE TABLE email_templates (
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('shortlisted', 'rejected', 'invitation', 'reminder')),
  subject text NOT NULL,
  body text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, kind)
);
