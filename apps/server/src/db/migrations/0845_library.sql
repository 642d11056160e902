-- Problem and question library (issue 13): tags and difficulty for browsing, and the row a copy was made from
-- (adding a library item to a test copies it; usage counts follow the copies back to their source).
ALTER TABLE coding_problems ADD COLUMN tags jsonb NOT NULL DEFAULT '[]'::jsonb;
ALTER TABLE coding_problems ADD COLUMN difficulty text CHECK (difficulty IN ('easy', 'medium', 'hard'));
ALTER TABLE coding_problems ADD COLUMN source_id uuid REFERENCES coding_problems (id) ON DELETE SET NULL;
CREATE INDEX coding_problems_source_idx ON coding_problems (source_id) WHERE source_id IS NOT NULL;
ALTER TABLE aptitude_questions ADD COLUMN tags jsonb NOT NULL DEFAULT '[]'::jsonb;
ALTER TABLE aptitude_questions ADD COLUMN difficulty text CHECK (difficulty IN ('easy', 'medium', 'hard'));
ALTER TABLE aptitude_questions ADD COLUMN source_id uuid REFERENCES aptitude_questions (id) ON DELETE SET NULL;
CREATE INDEX aptitude_questions_source_idx ON aptitude_questions (source_id) WHERE source_id IS NOT NULL;
