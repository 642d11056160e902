-- Project tasks (issue 43): a coding problem of kind 'project' is a file tree (starter files, visible and hidden
-- tests, a reference solution, the test command and marks per test) kept in one jsonb value; the candidate's
-- workspace is saved per attempt and problem, with its revision (a stale tab is refused) and its last run.
ALTER TABLE coding_problems DROP CONSTRAINT IF EXISTS coding_problems_kind_check;
ALTER TABLE coding_problems ADD CONSTRAINT coding_problems_kind_check
  CHECK (kind IN ('stdio', 'function', 'sql', 'project'));
ALTER TABLE coding_problems ADD COLUMN project jsonb;

CREATE TABLE project_workspaces (
  attempt_id uuid NOT NULL REFERENCES attempts (id) ON DELETE CASCADE,
  problem_id uuid NOT NULL REFERENCES coding_problems (id) ON DELETE CASCADE,
  files jsonb NOT NULL DEFAULT '{}',
  revision integer NOT NULL DEFAULT 0,
  last_run jsonb,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (attempt_id, problem_id)
);
