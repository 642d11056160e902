-- Issue 26: custom pipeline stages per company. companies.pipeline_stages is the ordered list
-- [{"key","label"}] (NULL: the default pipeline, packages/shared/src/pipeline.ts). A candidate's hiring status
-- is a stage key: pending, shortlisted, rejected (in every pipeline, with their emails) or a company's own stage.
ALTER TABLE companies ADD COLUMN pipeline_stages jsonb;
ALTER TABLE attempts DROP CONSTRAINT IF EXISTS attempts_hiring_status_check;
ALTER TABLE attempts ADD CONSTRAINT attempts_hiring_status_stage CHECK (hiring_status ~ '^[a-z][a-z0-9_]{0,39}$');
ALTER TABLE attempts DROP CONSTRAINT IF EXISTS attempts_status_mailed_check;
ALTER TABLE attempts ADD CONSTRAINT attempts_status_mailed_stage CHECK (status_mailed ~ '^[a-z][a-z0-9_]{0,39}$');
