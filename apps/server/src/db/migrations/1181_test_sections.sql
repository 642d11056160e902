-- Issue 46: one test, any mix of kinds. A coding test may be a list of sections (each of one kind: coding problems,
-- single-select, multi-select or written questions, with an optional time budget of its own), taken in order.
-- tests.sections: [{ id, title, kind, itemIds, minutes }] or null (a test without sections, as before).
-- The flat lists stay the source of membership: question_ids holds the coding sections' problems in order and
-- written_question_ids the question sections' questions in order, so the total (the sum of their marks), the
-- results, CSV and webhooks count every section as they did before.
ALTER TABLE tests ADD COLUMN IF NOT EXISTS sections jsonb;
-- attempts.section_log: [{ id, startedAt, endedAt }] — when this attempt entered and left each section.
ALTER TABLE attempts ADD COLUMN IF NOT EXISTS section_log jsonb NOT NULL DEFAULT '[]'::jsonb;
