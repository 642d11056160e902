-- Companies (issue 7): look-ups of a user's verification tokens (resend cooldown) and of a company's
-- pending invitations.
CREATE INDEX IF NOT EXISTS one_time_tokens_user_kind_idx ON one_time_tokens (user_id, kind, created_at DESC);
CREATE INDEX IF NOT EXISTS one_time_tokens_company_kind_idx ON one_time_tokens (company_id, kind, created_at DESC);
