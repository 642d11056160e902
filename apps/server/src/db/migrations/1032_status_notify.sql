-- Issue 26: a hiring status change (one candidate or many at once) may be made without telling the candidate.
-- The status email loop skips an attempt whose current status was set silently.
ALTER TABLE attempts ADD COLUMN status_silent boolean NOT NULL DEFAULT false;
