import { useEffect, useRef } from 'react';

/**
 * Ctrl/Cmd+Enter runs, Ctrl/Cmd+Shift+Enter submits — also inside the editor: the listener captures the key
 * on its way down, before the editor (which would insert a line) sees it. In the Custom input box it runs that input.
 */
export function useRunShortcuts(run: () => unknown, submit: () => unknown, runCustom: () => unknown, enabled: boolean) {
  const actions = useRef({ run, submit, runCustom, enabled });
  actions.current = { run, submit, runCustom, enabled };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Enter' || !(e.ctrlKey || e.metaKey) || e.altKey) return;
      e.preventDefault();
      e.stopPropagation();
      if (!actions.current.enabled) return;
      // In the Custom input box, Ctrl/Cmd+Enter runs that input.
      const inCustom = e.target instanceof Element && e.target.closest('.custom-input');
      if (e.shiftKey) void actions.current.submit();
      else void (inCustom ? actions.current.runCustom() : actions.current.run());
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);
}
