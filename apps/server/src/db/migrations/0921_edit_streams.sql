-- Code playback (issue 29). One stream per attempt, problem and language: the text the server replayed from the
-- page's edit batches (and its hash), and the last batch number applied (a retried batch is acknowledged, not
-- applied twice). Each batch is kept as gzip-compressed JSON (base64) with the server's receive time.
CREATE TABLE edit_streams (
  attempt_id uuid NOT NULL,
  question_id uuid NOT NULL,
  language text NOT NULL,
  text text NOT NULL DEFAULT '',
  text_hash text NOT NULL,
  last_seq integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (attempt_id, question_id, language)
);

CREATE TABLE edit_batches (
  attempt_id uuid NOT NULL,
  question_id uuid NOT NULL,
  language text NOT NULL,
  seq integer NOT NULL,
  event_count integer NOT NULL,
  events_gz text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (attempt_id, question_id, language, seq)
);

-- The candidate's answer to an integrity signal (signal ids are stable: kind, stream and time).
CREATE TABLE integrity_responses (
  attempt_id uuid NOT NULL,
  signal_id text NOT NULL,
  response text NOT NULL,
  responded_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (attempt_id, signal_id)
);

-- What a paste from outside the editor does on this test: allowed silently, recorded, or blocked.
ALTER TABLE tests ADD COLUMN paste_policy text NOT NULL DEFAULT 'record';
