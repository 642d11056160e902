-- Limits shared by every API process on one PostgreSQL (issue 28): request counts of the per-route rate limits,
-- and failed sign-ins per account. With PGlite (one process) both stay in memory and these tables stay empty.
CREATE TABLE IF NOT EXISTS rate_limit_hits (
  key text PRIMARY KEY,
  hits integer NOT NULL,
  window_ends timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS rate_limit_hits_window_ends ON rate_limit_hits (window_ends);

CREATE TABLE IF NOT EXISTS signin_failures (
  account text PRIMARY KEY,
  failures integer NOT NULL,
  since timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS signin_failures_since ON signin_failures (since);
