import { createContext, useContext } from 'react';

/** Spec part 2 §4: the wrapper's states. Proctoring is reported active to the page only in `ok`. */
export type ProctoringState = 'pending' | 'ok' | 'blocked' | 'detect-fail' | 'verify-fail';

export interface ProctoringStatus {
  state: ProctoringState;
  active: boolean;
}

export const ProctoringContext = createContext<ProctoringStatus>({ state: 'pending', active: false });

/** For the test pages inside <ProctoringWrapper>: { state, active }. */
export function useProctoring(): ProctoringStatus {
  return useContext(ProctoringContext);
}

/** Spec §9: detect every 10 s, verify every 15 s on the test page. */
export const DEFAULT_INTERVALS = { detectMs: 10_000, verifyMs: 15_000 };

declare global {
  interface Window {
    /** TESTS ONLY (apps/web/e2e/proctoring.e2e.ts sets it before the page loads): shorter check intervals. */
    __ASSESSLY_PROCTORING_INTERVALS__?: { detectMs?: number; verifyMs?: number };
  }
}

export function checkIntervals(): { detectMs: number; verifyMs: number } {
  const o = typeof window !== 'undefined' ? window.__ASSESSLY_PROCTORING_INTERVALS__ : undefined;
  const pick = (v: number | undefined, d: number) => (typeof v === 'number' && v >= 500 ? v : d);
  return {
    detectMs: pick(o?.detectMs, DEFAULT_INTERVALS.detectMs),
    verifyMs: pick(o?.verifyMs, DEFAULT_INTERVALS.verifyMs),
  };
}
