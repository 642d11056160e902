-- Per-test language choice (issue 24): the languages a test offers its candidates, as language ids in picker
-- order; null = every language the judge knows (the default, also for every test created before).
ALTER TABLE tests ADD COLUMN IF NOT EXISTS languages jsonb;
