-- Recording budget and clock (issue 42): characters a stream has inserted plus deleted (refused past a cap per
-- stream and per attempt, EDITS_LIMIT) and the time of its last stored edit (later edits may not claim an earlier
-- time, EDITS_BAD_TIME).
ALTER TABLE edit_streams ADD COLUMN IF NOT EXISTS chars integer NOT NULL DEFAULT 0;
ALTER TABLE edit_streams ADD COLUMN IF NOT EXISTS last_at integer NOT NULL DEFAULT 0;
-- The stream's edit pattern as a fingerprint (issue 42): a hash chained over its large insertions, in order, and
-- their count, so the integrity report compares other attempts' patterns without loading their recordings.
-- Streams recorded before this have an empty pattern and match nothing.
ALTER TABLE edit_streams ADD COLUMN IF NOT EXISTS pattern_hash text NOT NULL DEFAULT '';
ALTER TABLE edit_streams ADD COLUMN IF NOT EXISTS pattern_count integer NOT NULL DEFAULT 0;
