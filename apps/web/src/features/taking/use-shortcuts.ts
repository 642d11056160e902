import { useEffect, useRef } from 'react';

/**
 * Ctrl/Cmd+Enter runs, Ctrl/Cmd+Shift+Enter submits — also inside the editor: the listener captures the key
 * on its way down, before Monaco (which would insert a line) sees it.
 */
export function useRunShortcuts(run: () => unknown, submit: () => unknown, enabled: boolean) {
  const actions = useRef({ run, submit, enabled });
  actions.current = { run, submit, enabled };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Enter' || !(e.ctrlKey || e.metaKey) || e.altKey) return;
      e.preventDefault();
      e.stopPropagation();
      if (!actions.current.enabled) return;
      void (e.shiftKey ? actions.current.submit() : actions.current.run());
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);
}
