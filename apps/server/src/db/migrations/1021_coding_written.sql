-- Written questions in coding tests (issue 25). A coding test's problems stay in question_ids (a submission's
-- question_number is its place there); its written questions are aptitude questions of kind 'text', listed here in
-- the order the candidate sees them. Their answers live in attempts.answers and their grades in written_grades,
-- as in an aptitude test; attempts.score/max_score of a coding attempt hold the written part only (the code part is
-- computed from the submissions).
ALTER TABLE tests ADD COLUMN written_question_ids jsonb NOT NULL DEFAULT '[]'::jsonb;
