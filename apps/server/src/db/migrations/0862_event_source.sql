-- Evidence that cannot be forged (issue 23): each proctoring event says who recorded it. The page may record
-- only page kinds; server kinds come only from the server. Rows from before this column: the page kinds were
-- the page's.
ALTER TABLE proctoring_events ADD COLUMN IF NOT EXISTS source text NOT NULL DEFAULT 'server';
UPDATE proctoring_events SET source = 'page'
WHERE kind IN ('copy_attempt', 'paste_attempt', 'cut_attempt', 'context_menu', 'alt_tab_attempt', 'tab_hidden',
               'tab_visible', 'window_blur', 'window_focus', 'fullscreen_exit', 'tab_switch');
CREATE INDEX IF NOT EXISTS proctoring_events_attempt_source_idx ON proctoring_events (attempt_id, source);
