-- Issue 42: whether the company's reviewers read hidden test cases (inputs and expected outputs) and model
-- solutions. Owners and admins decide; off by default (what a reviewer needs is the candidate's code and verdicts).
ALTER TABLE companies ADD COLUMN IF NOT EXISTS reviewers_see_hidden boolean NOT NULL DEFAULT false;
