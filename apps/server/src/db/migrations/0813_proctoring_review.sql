-- Issue 17: every flag shows its rule, threshold and score; the candidate may answer a flag; frames are kept for
-- the company's frames retention (company_retention.frames_days, set in Settings; default 90 days) and purged by
-- the server after it.
ALTER TABLE proctoring_events ADD COLUMN threshold double precision;
ALTER TABLE proctoring_events ADD COLUMN score double precision;
ALTER TABLE proctoring_events ADD COLUMN response text;
ALTER TABLE proctoring_events ADD COLUMN responded_at timestamptz;
ALTER TABLE proctoring_events ADD COLUMN frame_purged_at timestamptz;
CREATE INDEX proctoring_events_frames_idx ON proctoring_events (occurred_at) WHERE frame_key IS NOT NULL;
