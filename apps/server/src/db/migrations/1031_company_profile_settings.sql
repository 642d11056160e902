-- Issue 26: an employer chooses whether candidates see their score when they finish (on by default: what the
-- candidate pages always showed).
ALTER TABLE companies ADD COLUMN show_candidate_score boolean NOT NULL DEFAULT true;
