-- Single sign-on (issue 14): one OpenID Connect provider per company, found by the email domain; and the
-- short-lived state of sign-ins in flight (state, nonce and PKCE verifier), so any server can finish them.
CREATE TABLE IF NOT EXISTS sso_connections (
  company_id uuid PRIMARY KEY,
  email_domain text NOT NULL,
  issuer text NOT NULL,
  client_id text NOT NULL,
  client_secret text NOT NULL,
  default_role text NOT NULL DEFAULT 'recruiter',
  enabled boolean NOT NULL DEFAULT true,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX IF NOT EXISTS sso_connections_domain_key ON sso_connections (lower(email_domain));

CREATE TABLE IF NOT EXISTS sso_states (
  state text PRIMARY KEY,
  company_id uuid NOT NULL,
  nonce text NOT NULL,
  code_verifier text NOT NULL,
  expires_at timestamptz NOT NULL
);
