-- Preview attempts (issue 13): a member of the owning company taking its own test. Never counted in results,
-- CSV, stats or emails; restarted by deleting and starting again.
ALTER TABLE attempts ADD COLUMN is_preview boolean NOT NULL DEFAULT false;
