-- One face call at a time per user across every API process (issue 28): a lease per user while a frame is in
-- the face service. The process that took it deletes it when the call ends; one killed mid-call leaves a lease
-- that expires on its own (expires_at). With PGlite (one process) the rule stays in memory and this is empty.
CREATE TABLE IF NOT EXISTS face_call_leases (
  user_id uuid PRIMARY KEY,
  token text NOT NULL,
  expires_at timestamptz NOT NULL
);
