-- Issue 17: every flag shows its rule, threshold and score; the candidate may answer a flag; frames are kept for
-- a retention period the company sets (default 90 days) and purged by the server after it.
ALTER TABLE proctoring_events ADD COLUMN threshold double precision;
ALTER TABLE proctoring_events ADD COLUMN score double precision;
ALTER TABLE proctoring_events ADD COLUMN response text;
ALTER TABLE proctoring_events ADD COLUMN responded_at timestamptz;
ALTER TABLE proctoring_events ADD COLUMN frame_purged_at timestamptz;
CREATE INDEX proctoring_events_frames_idx ON proctoring_events (occurred_at) WHERE frame_key IS NOT NULL;
ALTER TABLE companies ADD COLUMN frame_retention_days integer NOT NULL DEFAULT 90
  CHECK (frame_retention_days BETWEEN 1 AND 3650);
