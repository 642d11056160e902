-- Idempotent submits (issue 16): the page sends a key with every submit; a retry of the same request (a reply
-- lost in a crash, a network drop) finds the row stored the first time instead of creating a second one.
ALTER TABLE submissions ADD COLUMN idempotency_key text;
CREATE UNIQUE INDEX submissions_user_idempotency_idx ON submissions (user_id, idempotency_key)
  WHERE idempotency_key IS NOT NULL;
CREATE INDEX submissions_status_idx ON submissions (status);
