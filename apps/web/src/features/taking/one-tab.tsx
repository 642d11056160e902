/**
 * One active tab per attempt. Tabs of the same browser talk over a BroadcastChannel: a tab that opens (or
 * whose candidate presses "Use this tab") claims the attempt; the tab that held it saves what it has, stops
 * editing and answers "released"; the claiming tab then reloads the drafts from the server. Other devices are
 * kept apart by the drafts' revisions on the server (a stale save is refused), not by this channel.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useT } from '../../i18n/candidate-intl';
import { takeKey } from './take-api';

type Message = { type: 'claim' | 'released'; tab: string; at: number };

/** The newer claim wins (ties by tab id), so two tabs opened at the same moment do not both give way. */
const newer = (a: { at: number; tab: string }, b: { at: number; tab: string }) =>
  a.at > b.at || (a.at === b.at && a.tab > b.tab);

export type TabState = 'active' | 'elsewhere' | 'taking-over';

export function useOneActiveTab(
  attemptId: string,
  opts: {
    /** Before giving the attempt away: save what this tab has. */
    release: () => Promise<unknown>;
    /** After another tab released it to this one: reload the server's drafts. */
    reload: () => Promise<unknown>;
  },
) {
  const [state, setStateRaw] = useState<TabState>('active');
  const tab = useRef(Math.random().toString(36).slice(2));
  const channel = useRef<BroadcastChannel | null>(null);
  const claimedAt = useRef(0);
  const latest = useRef(opts);
  latest.current = opts;
  const stateRef = useRef(state);
  // The ref changes at once, so a message arriving before the next render sees the new state.
  const setState = useCallback((s: TabState) => {
    stateRef.current = s;
    setStateRaw(s);
  }, []);

  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const ch = new BroadcastChannel(`assessly.attempt.${attemptId}`);
    channel.current = ch;
    const post = (type: Message['type']) =>
      ch.postMessage({ type, tab: tab.current, at: claimedAt.current } satisfies Message);
    ch.onmessage = async (e: MessageEvent<Message>) => {
      const m = e.data;
      if (!m || m.tab === tab.current) return;
      if (m.type === 'claim') {
        if (stateRef.current !== 'elsewhere' && !newer(m, { at: claimedAt.current, tab: tab.current })) {
          post('claim'); // an older claim (a simultaneous open): this tab keeps the attempt
          return;
        }
        const held = stateRef.current !== 'elsewhere';
        setState('elsewhere');
        if (held) {
          await latest.current.release().catch(() => {});
          post('released');
        }
      } else if (m.type === 'released' && stateRef.current !== 'elsewhere') {
        await latest.current.reload().catch(() => {});
        setState('active');
      }
    };
    claimedAt.current = Date.now();
    post('claim');
    return () => {
      ch.close();
      channel.current = null;
    };
  }, [attemptId, setState]);

  const takeOver = useCallback(() => {
    setState('taking-over');
    claimedAt.current = Date.now();
    channel.current?.postMessage({ type: 'claim', tab: tab.current, at: claimedAt.current } satisfies Message);
    // If the other tab was closed meanwhile nobody answers: reload and go on after a short wait.
    setTimeout(() => {
      if (stateRef.current === 'taking-over') void latest.current.reload().finally(() => setState('active'));
    }, 1500);
  }, [setState]);

  return { state, takeOver };
}

export function OtherTabScreen({ onUse, busy }: { onUse: () => void; busy: boolean }) {
  const { t } = useT();
  return (
    <main className="taking-screen" data-theme="dark">
      <div className="taking-screen-card" role="alertdialog" aria-labelledby="other-tab-title">
        <h1 id="other-tab-title">{t('tab.title')}</h1>
        <p>{t('tab.text')}</p>
        <button type="button" className="btn btn-primary" onClick={onUse} disabled={busy}>
          {busy ? t('tab.switching') : t('tab.use')}
        </button>
      </div>
    </main>
  );
}

/**
 * The one-tab rule for a test page: `flushRef` is set by the mounted page to save what it has; `reload`
 * saves, refetches the take state and bumps `generation` (the page's key) so it remounts on the server's copy.
 */
export function useAttemptTab(testId: string, attemptId: string) {
  const qc = useQueryClient();
  const [generation, setGeneration] = useState(0);
  const flushRef = useRef<() => Promise<unknown>>(async () => {});
  const reload = useCallback(async () => {
    await flushRef.current();
    await qc.refetchQueries({ queryKey: takeKey(testId) });
    setGeneration((g) => g + 1);
  }, [qc, testId]);
  const tab = useOneActiveTab(attemptId, { release: () => flushRef.current(), reload });
  return { ...tab, generation, flushRef, reload };
}
