-- Accommodations (issue 13): extra time per invitation (minutes or a multiplier of the duration) and a note;
-- the attempt keeps what was applied so the report can show it.
ALTER TABLE invitations ADD COLUMN extra_minutes integer CHECK (extra_minutes >= 0 AND extra_minutes <= 1440);
ALTER TABLE invitations ADD COLUMN time_multiplier double precision
  CHECK (time_multiplier >= 1 AND time_multiplier <= 4);
ALTER TABLE invitations ADD COLUMN accommodation_note text;
ALTER TABLE attempts ADD COLUMN extra_minutes integer NOT NULL DEFAULT 0;
ALTER TABLE attempts ADD COLUMN accommodation_note text;
