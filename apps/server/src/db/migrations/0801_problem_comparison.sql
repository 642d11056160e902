-- Issue 11: per-problem output comparison. Token by token is the default (DOMjudge's default validator);
-- a problem that had a float tolerance keeps its meaning as float mode.
ALTER TABLE coding_problems ADD COLUMN comparison_mode text NOT NULL DEFAULT 'token';
UPDATE coding_problems SET comparison_mode = 'float' WHERE float_tolerance IS NOT NULL AND float_tolerance > 0;
ALTER TABLE coding_problems ADD CONSTRAINT coding_problems_comparison_mode_check
  CHECK (comparison_mode IN ('token', 'case-insensitive', 'exact', 'float'));
