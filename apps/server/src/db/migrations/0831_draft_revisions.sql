-- Candidate page (issue 12): every saved draft carries a revision. A save names the revision it was based on;
-- a save based on an older one (a stale tab) is refused, so no draft is overwritten by an outdated copy.
ALTER TABLE code_drafts ADD COLUMN revision integer NOT NULL DEFAULT 1;
