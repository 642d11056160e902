import type { KeyboardEvent } from 'react';

/**
 * Arrow keys, Home and End move between the tabs of a tablist (WAI-ARIA tabs pattern): selects the tab
 * `select(n)` and moves focus to it. Tabs are the element's siblings with role="tab", in order.
 */
export function onTabKeyDown(e: KeyboardEvent<HTMLElement>, index: number, count: number, select: (n: number) => void) {
  const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: count - 1 };
  const target = moves[e.key];
  if (target === undefined || count === 0) return;
  e.preventDefault();
  const next = (target + count) % count;
  select(next);
  const tabs = e.currentTarget.parentElement?.querySelectorAll<HTMLElement>('[role="tab"]');
  tabs?.[next]?.focus();
}
