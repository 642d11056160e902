-- Open verdict streams per user across every API process (issue 28): at most three per user, one row per slot
-- taken. The process holding a stream renews its slot while the stream is open and deletes it when the stream
-- closes; a process killed with streams open leaves slots that expire on their own (expires_at). With PGlite (one
-- process) the count stays in memory and this is empty.
CREATE TABLE IF NOT EXISTS stream_slots (
  user_id uuid NOT NULL,
  slot integer NOT NULL,
  token text NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, slot)
);
