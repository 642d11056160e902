-- SAML 2.0 single sign-on (issue 45): a company's one provider speaks OpenID Connect or SAML; the SAML side keeps
-- the identity provider's entity id, its sign-on URL and signing certificates (parsed from its metadata, given by
-- URL or upload). The domain proof, the default role and the identities (issuer = the IdP's entity id, subject =
-- its NameID) are the ones OIDC uses. Assertion ids are kept until they expire, so none is accepted twice.
ALTER TABLE sso_connections ADD COLUMN IF NOT EXISTS protocol text NOT NULL DEFAULT 'oidc';
ALTER TABLE sso_connections ADD COLUMN IF NOT EXISTS saml_idp_entity_id text NOT NULL DEFAULT '';
ALTER TABLE sso_connections ADD COLUMN IF NOT EXISTS saml_idp_sso_url text NOT NULL DEFAULT '';
ALTER TABLE sso_connections ADD COLUMN IF NOT EXISTS saml_idp_certs jsonb NOT NULL DEFAULT '[]'::jsonb;
ALTER TABLE sso_connections ADD COLUMN IF NOT EXISTS saml_metadata_url text;

CREATE TABLE IF NOT EXISTS saml_assertions (
  company_id uuid NOT NULL,
  assertion_id text NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (company_id, assertion_id)
);
CREATE INDEX IF NOT EXISTS saml_assertions_expiry_idx ON saml_assertions (expires_at);
