-- Taking: the language a candidate last chose per problem, and when an ended attempt's final work
-- (auto-submitting drafts, scoring answers) finished — so a crash between ending and finishing is recovered.
ALTER TABLE attempts ADD COLUMN languages jsonb NOT NULL DEFAULT '{}'::jsonb;
ALTER TABLE attempts ADD COLUMN finalized_at timestamptz;
CREATE INDEX attempts_unfinalized_idx ON attempts (ended_at) WHERE finalized_at IS NULL;
