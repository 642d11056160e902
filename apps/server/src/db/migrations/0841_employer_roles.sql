-- Employer roles (issue 13): owner, admin, recruiter, reviewer. The first admin of each company (its creator)
-- becomes its owner; team invitations carry the role they grant.
ALTER TABLE users DROP CONSTRAINT IF EXISTS users_company_role_check;
ALTER TABLE users ADD CONSTRAINT users_company_role_check
  CHECK (company_role IN ('owner', 'admin', 'recruiter', 'reviewer'));
UPDATE users SET company_role = 'owner'
WHERE id IN (
  SELECT DISTINCT ON (company_id) id FROM users
  WHERE company_id IS NOT NULL AND company_role = 'admin'
  ORDER BY company_id, created_at, id
);
ALTER TABLE one_time_tokens ADD COLUMN company_role text
  CHECK (company_role IN ('admin', 'recruiter', 'reviewer'));
