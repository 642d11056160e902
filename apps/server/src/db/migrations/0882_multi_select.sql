-- Multi-select aptitude questions (issue 25): two or more correct options and how they are scored; a
-- single-answer question leaves both NULL and keeps correct_answer (which holds the first correct option here).
ALTER TABLE aptitude_questions ADD COLUMN correct_answers jsonb;
ALTER TABLE aptitude_questions ADD COLUMN scoring text CHECK (scoring IN ('all', 'partial'));
