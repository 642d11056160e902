-- Issue 17: proctoring is a per-test setting; identity is bound to the attempt; camera/face-service gaps.
-- tests.proctoring: NULL = the default for the test type (coding tests on, aptitude tests off).
ALTER TABLE tests ADD COLUMN proctoring boolean;

-- The reference enrolment of a candidate for a test: taken before the attempt starts, bound to it at start,
-- never replaced afterwards (one per user and test).
ALTER TABLE face_enrollments ADD COLUMN test_id uuid REFERENCES tests (id) ON DELETE CASCADE;
CREATE UNIQUE INDEX face_enrollments_reference_idx ON face_enrollments (user_id, test_id) WHERE test_id IS NOT NULL;

-- Whether this sitting is proctored (decided at start), when the server last heard a frame or heartbeat,
-- the open "camera lost" event, and since when the face service has been failing for this sitting.
ALTER TABLE attempts ADD COLUMN proctored boolean NOT NULL DEFAULT false;
ALTER TABLE attempts ADD COLUMN last_frame_at timestamptz;
ALTER TABLE attempts ADD COLUMN camera_lost_event_id uuid;
ALTER TABLE attempts ADD COLUMN face_unavailable_since timestamptz;
CREATE INDEX attempts_proctored_open_idx ON attempts (last_frame_at) WHERE proctored AND ended_at IS NULL;

-- A face-service failure seen before the attempt existed (enrolment could not run): lets the candidate start
-- anyway; the gap becomes an event on the attempt.
CREATE TABLE face_outages (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  test_id uuid NOT NULL REFERENCES tests (id) ON DELETE CASCADE,
  since timestamptz NOT NULL,
  PRIMARY KEY (user_id, test_id)
);
