-- Reviewer notes per attempt (issue 13), and the status email's undo window: a status change is mailed only
-- once it has stood for the window, and only when it differs from the last status mailed.
CREATE TABLE attempt_notes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  attempt_id uuid NOT NULL REFERENCES attempts (id) ON DELETE CASCADE,
  author_id uuid REFERENCES users (id) ON DELETE SET NULL,
  body text NOT NULL CHECK (length(body) BETWEEN 1 AND 5000),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX attempt_notes_attempt_idx ON attempt_notes (attempt_id, created_at);
ALTER TABLE attempts ADD COLUMN status_changed_at timestamptz;
ALTER TABLE attempts ADD COLUMN status_mailed text CHECK (status_mailed IN ('pending', 'shortlisted', 'rejected'));
