-- Review (issue 8): indexes for the dashboard, results, similarity and "my tests" queries.
-- Best / latest submission per candidate and problem of a test (DISTINCT ON (user_id, question_id)).
CREATE INDEX IF NOT EXISTS submissions_test_user_question_idx ON submissions (test_id, user_id, question_id, created_at DESC);
-- A candidate's invitations by email (invitations are keyed by test and email).
CREATE INDEX IF NOT EXISTS invitations_email_idx ON invitations (lower(email));
-- Reminder scan: invitations not yet reminded.
CREATE INDEX IF NOT EXISTS invitations_unreminded_idx ON invitations (test_id) WHERE reminder_sent_at IS NULL;
-- Dashboard stats (count and average share passed over all of a company's submissions): an index-only scan
-- of this small index instead of reading the wide rows (code, results) of every submission.
CREATE INDEX IF NOT EXISTS submissions_test_scores_idx ON submissions (test_id) INCLUDE (passed_count, total_count, user_id);
