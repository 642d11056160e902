-- Webhooks (issue 14): each delivery names what it is about (an attempt, an invitation, a status change), so
-- an event is enqueued once per webhook even when the scanner or a page reload sees it twice.
ALTER TABLE webhook_deliveries ADD COLUMN IF NOT EXISTS subject text NOT NULL DEFAULT '';
CREATE UNIQUE INDEX IF NOT EXISTS webhook_deliveries_subject_key ON webhook_deliveries (webhook_id, event, subject);
