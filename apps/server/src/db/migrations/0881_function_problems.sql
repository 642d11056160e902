-- Function problems (issue 25): a coding problem's kind; a function problem's signature (name, typed parameters,
-- return type) from which every language's starter and harness are generated, and whether a returned array's
-- order matters.
ALTER TABLE coding_problems ADD COLUMN kind text NOT NULL DEFAULT 'stdio' CHECK (kind IN ('stdio', 'function'));
ALTER TABLE coding_problems ADD COLUMN signature jsonb;
ALTER TABLE coding_problems ADD COLUMN unordered_result boolean NOT NULL DEFAULT false;
