-- Issue 41: no dead end at the camera. A candidate who cannot complete the live check (a still camera, a head
-- that cannot turn, 60 s without success) may start anyway; the attempt then carries a `live_unconfirmed`
-- event with a copy of the enrolment photo, and a reviewer confirms or rejects the identity on the report
-- (PUT /api/review/attempts/{attemptId}/identity, audited). The decision is stored on that event.
ALTER TABLE proctoring_events ADD COLUMN identity_decision text;
ALTER TABLE proctoring_events ADD COLUMN identity_decided_by uuid;
ALTER TABLE proctoring_events ADD COLUMN identity_decided_at timestamptz;
ALTER TABLE proctoring_events ADD COLUMN identity_note text;
