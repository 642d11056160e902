-- Issue 46: accommodations a candidate asks for from the entry page; the test's company grants or refuses them
-- (docs/DECISIONS.md §23). One request per candidate and test; kinds: extra_time, no_camera, screen_reader.
CREATE TABLE IF NOT EXISTS accommodation_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  test_id uuid NOT NULL REFERENCES tests(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kinds jsonb NOT NULL,
  extra_minutes integer,
  reason text NOT NULL,
  status text NOT NULL DEFAULT 'pending',
  granted_minutes integer,
  decision_note text,
  decided_by uuid REFERENCES users(id) ON DELETE SET NULL,
  decided_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX IF NOT EXISTS accommodation_requests_test_user ON accommodation_requests (test_id, user_id);
-- What a granted request changed in the sitting, for the report: no camera step, the editor's accessible mode.
ALTER TABLE attempts ADD COLUMN IF NOT EXISTS camera_waived boolean NOT NULL DEFAULT false;
ALTER TABLE attempts ADD COLUMN IF NOT EXISTS screen_reader boolean NOT NULL DEFAULT false;
