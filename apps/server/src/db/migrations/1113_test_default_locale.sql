-- Issue 46: the language of a test's candidate pages and candidate emails, set by the employer (the candidate may
-- switch on the page): 'en', 'es' or 'ar' (right to left). Tests from before keep English.
ALTER TABLE tests ADD COLUMN IF NOT EXISTS default_locale text NOT NULL DEFAULT 'en';
