-- Issue 17: server spot checks. At unpredictable times (at least once a minute) the server asks the page for a
-- fresh frame and verifies it against the reference enrolment; an unanswered challenge is flagged.
ALTER TABLE attempts ADD COLUMN challenge_id text;
ALTER TABLE attempts ADD COLUMN challenge_issued_at timestamptz;
ALTER TABLE attempts ADD COLUMN next_challenge_at timestamptz;
