-- ATS connectors (issue 45): Greenhouse, Lever, Ashby and Workable, one connection per company and vendor.
-- inbound_key_hash: the SHA-256 of the key the ATS calls us with (Greenhouse, Ashby, Workable), shown once.
-- secrets: a sealed JSON object (lib/secret-box.ts) of what we call the ATS with (and the inbound key itself,
-- which Greenhouse's completion callback carries back); settings: the non-secret choices (stages, test, base URL).
CREATE TABLE IF NOT EXISTS ats_connections (
  company_id uuid NOT NULL,
  vendor text NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  inbound_key_hash text UNIQUE,
  secrets text NOT NULL,
  settings jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_by uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, vendor)
);

-- One test ordered by an ATS for one candidate. Its id is the id we answer the ATS with (Greenhouse's
-- partner_interview_id, Ashby's assessment_id, Workable's assessment_id). external_key makes a repeated order
-- (the same callback URL, the same Ashby application) answer the first one instead of inviting twice.
CREATE TABLE IF NOT EXISTS ats_orders (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL,
  vendor text NOT NULL,
  external_key text NOT NULL,
  test_id uuid NOT NULL,
  invitation_id uuid,
  email text NOT NULL,
  callback_url text,
  context jsonb NOT NULL DEFAULT '{}'::jsonb,
  status text NOT NULL DEFAULT 'sent',
  attempt_id uuid,
  score double precision,
  max_score double precision,
  passed boolean,
  completed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (company_id, vendor, external_key)
);
CREATE INDEX IF NOT EXISTS ats_orders_open ON ats_orders (status, test_id);

-- What we send back to an ATS: the queue and the log, as webhook_deliveries are. One row per order and kind,
-- so a result is sent once however often the completion is found.
CREATE TABLE IF NOT EXISTS ats_deliveries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL,
  order_id uuid NOT NULL,
  vendor text NOT NULL,
  kind text NOT NULL,
  method text NOT NULL,
  url text NOT NULL,
  body text NOT NULL,
  status text NOT NULL DEFAULT 'pending',
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz,
  last_attempt_at timestamptz,
  response_status integer,
  response_body text,
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (order_id, kind)
);
CREATE INDEX IF NOT EXISTS ats_deliveries_due ON ats_deliveries (status, next_attempt_at);
CREATE INDEX IF NOT EXISTS ats_deliveries_company ON ats_deliveries (company_id, created_at);
