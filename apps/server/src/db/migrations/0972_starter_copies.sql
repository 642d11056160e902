-- Starter library (issue 25): its items live in code (packages/shared/src/starter), not in rows, so a company's copy
-- names the item it was made from by slug (source_id points at rows only). Usage counts follow the slug.
ALTER TABLE coding_problems ADD COLUMN starter_slug text;
ALTER TABLE aptitude_questions ADD COLUMN starter_slug text;
CREATE INDEX coding_problems_starter_idx ON coding_problems (company_id, starter_slug) WHERE starter_slug IS NOT NULL;
CREATE INDEX aptitude_questions_starter_idx ON aptitude_questions (company_id, starter_slug) WHERE starter_slug IS NOT NULL;
