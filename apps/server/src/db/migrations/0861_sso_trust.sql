-- Single sign-on hardened (issue 23): the company proves its email domain with a DNS TXT record before
-- discovery or just-in-time accounts use it; provider identities are linked as (issuer, subject), never by
-- email; a sign-in in flight may be a signed-in member linking their own account.
ALTER TABLE sso_connections ADD COLUMN IF NOT EXISTS domain_token text NOT NULL DEFAULT '';
ALTER TABLE sso_connections ADD COLUMN IF NOT EXISTS domain_verified_at timestamptz;
ALTER TABLE sso_states ADD COLUMN IF NOT EXISTS link_user_id uuid;

CREATE TABLE IF NOT EXISTS sso_identities (
  issuer text NOT NULL,
  subject text NOT NULL,
  user_id uuid NOT NULL,
  company_id uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (issuer, subject)
);
CREATE INDEX IF NOT EXISTS sso_identities_user_idx ON sso_identities (user_id);
