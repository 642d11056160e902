-- Written answers (issue 25): an aptitude question of kind 'text' takes a written answer (kept in
-- attempts.answers as a string) graded by a person against its rubric, which only employers see.
ALTER TABLE aptitude_questions ADD COLUMN kind text NOT NULL DEFAULT 'choice' CHECK (kind IN ('choice', 'text'));
ALTER TABLE aptitude_questions ADD COLUMN rubric text NOT NULL DEFAULT '';
-- One grade per written answer; a new grade replaces the old one (each change is in the audit log).
CREATE TABLE written_grades (
  attempt_id uuid NOT NULL REFERENCES attempts(id) ON DELETE CASCADE,
  question_id uuid NOT NULL,
  score double precision NOT NULL CHECK (score >= 0),
  comment text NOT NULL DEFAULT '',
  graded_by uuid,
  graded_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (attempt_id, question_id)
);
-- An attempt with a written answer not graded yet: its result is pending (no pass/fail, no result webhook, no
-- status mail). graded_at is when the last grade completed it, which the webhook scanner reads as "completed".
ALTER TABLE attempts ADD COLUMN awaiting_grading boolean NOT NULL DEFAULT false;
ALTER TABLE attempts ADD COLUMN graded_at timestamptz;
CREATE INDEX attempts_awaiting_grading ON attempts (test_id) WHERE awaiting_grading;
