-- Issue 27: the enrolment's live sequence is judged by the server. The extremes of the head turn (FaceMesh yaw,
-- radians) seen on frames that matched this reference, and when the swing reached the rule
-- (LIVE_SEQUENCE.swing in packages/shared/src/face-detector.ts). A proctored start needs live_passed_at.
-- A retake of the reference (before the start) clears them.
ALTER TABLE face_enrollments ADD COLUMN live_min_yaw double precision;
ALTER TABLE face_enrollments ADD COLUMN live_max_yaw double precision;
ALTER TABLE face_enrollments ADD COLUMN live_passed_at timestamptz;
