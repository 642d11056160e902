-- SQL problems (issue 25): a coding problem of kind 'sql' carries the DDL every case starts from (its cases'
-- inputs fill the tables) and whether the result's row order counts.
ALTER TABLE coding_problems DROP CONSTRAINT IF EXISTS coding_problems_kind_check;
ALTER TABLE coding_problems ADD CONSTRAINT coding_problems_kind_check CHECK (kind IN ('stdio', 'function', 'sql'));
ALTER TABLE coding_problems ADD COLUMN sql_schema text;
ALTER TABLE coding_problems ADD COLUMN order_matters boolean NOT NULL DEFAULT false;
