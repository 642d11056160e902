-- Issue 11: problems keep their history. A problem edited after submissions were judged against it gets a
-- new version (copy on write: the superseded content goes to problem_versions); a submission records the
-- version it was judged against. Re-judging is explicit and logged (problem_rejudges), and the results it
-- replaces stay readable in submissions.judge_history. The model solution gets a language.
ALTER TABLE coding_problems ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE coding_problems ADD COLUMN solution_language text;

CREATE TABLE problem_versions (
  problem_id uuid NOT NULL REFERENCES coding_problems (id) ON DELETE CASCADE,
  version integer NOT NULL,
  snapshot jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (problem_id, version)
);

ALTER TABLE submissions ADD COLUMN problem_version integer NOT NULL DEFAULT 1;
ALTER TABLE submissions ADD COLUMN judge_history jsonb NOT NULL DEFAULT '[]';

CREATE TABLE problem_rejudges (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  problem_id uuid NOT NULL REFERENCES coding_problems (id) ON DELETE CASCADE,
  to_version integer NOT NULL,
  requested_by uuid NOT NULL,
  submission_count integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX problem_rejudges_problem_idx ON problem_rejudges (problem_id, created_at DESC);
CREATE INDEX submissions_question_version_idx ON submissions (question_id, problem_version);
