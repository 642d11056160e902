-- Issue 46: a candidate's own practice test (docs/DECISIONS.md §23): created for them on request, owned by no
-- company, never scored (no Submit, nothing submitted at the end) and never counted or shown to an employer.
ALTER TABLE tests ADD COLUMN IF NOT EXISTS is_practice boolean NOT NULL DEFAULT false;
