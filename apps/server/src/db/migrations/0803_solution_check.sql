-- Issue 11: the last "Check solution" of a problem's model solution (verdict, counts, and a fingerprint of
-- the solution and cases it was run against, so an edit makes it stale). Null: never checked.
ALTER TABLE coding_problems ADD COLUMN solution_check jsonb;
