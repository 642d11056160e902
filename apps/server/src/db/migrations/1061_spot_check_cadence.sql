-- Adaptive spot-check cadence (issue 28): how many spot checks in a row came back clean (one face, the enrolled
-- person, live). A clean run spaces the checks out up to a stated floor; any flag resets it and brings the next
-- check forward.
ALTER TABLE attempts ADD COLUMN spot_clean_streak integer NOT NULL DEFAULT 0;
