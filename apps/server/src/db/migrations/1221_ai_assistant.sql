-- Issue 44: the sanctioned AI assistant. Per test, the employer's settings (no row: off).
CREATE TABLE IF NOT EXISTS ai_settings (
  test_id uuid PRIMARY KEY,
  mode text NOT NULL DEFAULT 'off',
  instruction text NOT NULL DEFAULT '',
  max_messages integer NOT NULL DEFAULT 20,
  max_tokens integer NOT NULL DEFAULT 20000,
  updated_by uuid,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Every exchange of an attempt with the assistant, on the record: what was asked, what was answered (the prompt
-- sent is rebuilt from the question, the problem's candidate view and the code, all stored here), tokens, model.
-- status: pending while the answer streams (it counts against the budget), ok, or failed (error says why).
CREATE TABLE IF NOT EXISTS ai_exchanges (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  attempt_id uuid NOT NULL,
  question_id uuid,
  at_ms integer NOT NULL DEFAULT 0,
  asked_at timestamptz NOT NULL DEFAULT now(),
  question text NOT NULL,
  code text NOT NULL DEFAULT '',
  answer text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'pending',
  error text,
  prompt_tokens integer NOT NULL DEFAULT 0,
  completion_tokens integer NOT NULL DEFAULT 0,
  model text NOT NULL DEFAULT '',
  mode text NOT NULL DEFAULT 'off'
);
CREATE INDEX IF NOT EXISTS ai_exchanges_attempt ON ai_exchanges (attempt_id, asked_at);
