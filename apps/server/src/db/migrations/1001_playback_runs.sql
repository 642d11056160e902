-- Code playback (issue 29), continued. How many edits each stream holds (a stream is bounded), and each Run of
-- an attempt's code with its verdict, so Run moments sit on the replay's timeline beside the submissions.
ALTER TABLE edit_streams ADD COLUMN event_count integer NOT NULL DEFAULT 0;

CREATE TABLE code_runs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  attempt_id uuid NOT NULL,
  question_id uuid NOT NULL,
  language text NOT NULL,
  verdict text,
  passed integer NOT NULL,
  total integer NOT NULL,
  ran_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX code_runs_attempt_idx ON code_runs (attempt_id, ran_at);
