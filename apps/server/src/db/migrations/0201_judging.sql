-- Judging queue bookkeeping on submissions (issue 4). The submission row is the source of truth for the
-- queue: a worker claims a row (status queued -> running, claimed_at set) before judging it, so a job that
-- is delivered twice, or re-sent by recovery, is judged once; a row stuck in running past a stale limit is
-- claimable again. judge_attempts stops a submission that keeps crashing workers from looping forever.
ALTER TABLE submissions ADD COLUMN claimed_at timestamptz;
ALTER TABLE submissions ADD COLUMN judge_attempts integer NOT NULL DEFAULT 0;
CREATE INDEX submissions_user_created_idx ON submissions (user_id, created_at);
