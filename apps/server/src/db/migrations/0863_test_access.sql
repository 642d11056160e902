-- Who may take a test (issue 23): invited candidates only, or anyone signed in who has the link (with an
-- optional expiry). Tests from before keep today's behaviour (the link); new tests are created invited-only.
ALTER TABLE tests ADD COLUMN IF NOT EXISTS access text NOT NULL DEFAULT 'link';
ALTER TABLE tests ADD COLUMN IF NOT EXISTS link_expires_at timestamptz;
