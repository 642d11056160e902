-- SCIM 2.0 provisioning (issue 45). One bearer token per company (only its SHA-256 is stored, as API tokens are);
-- creating it again rotates it (the old one stops at once), deleting the row revokes it.
CREATE TABLE IF NOT EXISTS scim_tokens (
  company_id uuid PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  created_by uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz
);

-- The users a company's identity provider knows through SCIM: the provider's externalId and, while a user is
-- deactivated (detached from the company, as a removed member is), the role a reactivation gives back. A member
-- never touched by SCIM has no row; a deactivated user is a row whose user is no member of the company.
CREATE TABLE IF NOT EXISTS scim_users (
  company_id uuid NOT NULL,
  user_id uuid NOT NULL,
  external_id text,
  role text NOT NULL DEFAULT 'reviewer',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, user_id)
);
CREATE INDEX IF NOT EXISTS scim_users_external ON scim_users (company_id, external_id);
